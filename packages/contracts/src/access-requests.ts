// Asking for access: a blocked shopper sends the store a short request from the block page (their
// email and a message, with the reference the page shows); the merchant sees it beside the
// visit in the visitor log, can let the address in with one click, and sees how many requests
// each rule drew this week. The shopper's email and message are personal data: they go with
// the visitor log's retention and with a customer's or the shop's erasure.
import { z } from 'zod';
import { accessRequestLimits } from './access-request-path.js';
import type { ApiCall } from './api.js';
import { cleanText } from './hygiene.js';
import { isShopDomain } from './shop-domain.js';
import { isVisitReference } from './visit-reference.js';
import { visitRule } from './visit-rule.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export { ACCESS_REQUEST_PATH, accessRequestLimits } from './access-request-path.js';

export const accessRequestMessages = {
  shop: 'The shop is not a valid myshopify.com domain.',
  reference: 'Enter the reference shown on the block page, like 0ABCD-12345.',
  email: 'Enter your email address, like name@example.com, so the store can answer you.',
  emailTooLong: `Your email address cannot be longer than ${accessRequestLimits.email} characters.`,
  message: 'Tell the store in a few words why you need access.',
  messageTooLong: `Your message cannot be longer than ${accessRequestLimits.message} characters.`,
  unknownShop: 'This store does not use Gatehouse.',
  notYourVisit:
    'This reference is not from a visit of this device. Send the request from the block page you were shown.',
  tooOld:
    'This reference is too old. Open the store again and send the request from the new block page.',
  storeBusy:
    'This store has received many access requests in the last hour. Please write to the store by email instead, or try again later.',
  sent: 'Your request was sent to the store. They will answer you by email.',
  alreadySent: 'Your request was already sent to the store. They will answer you by email.',
  requestId: 'That access request does not exist any more. Reload the visitor log.',
} as const;
const m = accessRequestMessages;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the block page's form posts. */
export const accessRequestBody = z.object({
  shop: z.string({ error: m.shop }).refine(isShopDomain, m.shop),
  reference: z
    .string({ error: m.reference })
    .max(40, m.reference)
    .refine(isVisitReference, m.reference),
  email: z
    .string({ error: m.email })
    .trim()
    .max(accessRequestLimits.email, m.emailTooLong)
    .refine((v) => EMAIL.test(v), m.email)
    .superRefine(cleanText('Your email address')),
  message: z
    .string({ error: m.message })
    .trim()
    .min(1, m.message)
    .max(accessRequestLimits.message, m.messageTooLong)
    .superRefine(cleanText('Your message')),
});
export type AccessRequestBody = z.input<typeof accessRequestBody>;

export const accessRequestAnswer = z.object({ message: z.string() });
export type AccessRequestAnswer = z.infer<typeof accessRequestAnswer>;

/** One request as the merchant sees it. */
export const accessRequestView = z.object({
  id: z.string(),
  /** When it was sent (ISO). */
  sentAt: z.string(),
  /** The reference of the blocked visit: the visitor log's search finds it. */
  reference: z.string(),
  /** The blocked visit's time (ISO). */
  visitTime: z.string(),
  ip: z.string(),
  email: z.string(),
  message: z.string(),
  /**
   * The rule that blocked the visit, named as the visitor log names it, when the visit is in
   * the log.
   */
  rule: visitRule.nullable(),
  /** When the merchant let the address in from this request (ISO), or null. */
  allowedAt: z.string().nullable(),
});
export type AccessRequestView = z.infer<typeof accessRequestView>;

/** Days counted by "requests this week". */
export const ACCESS_REQUEST_WEEK_DAYS = 7;

export const accessRequestsApi = {
  listAccessRequests: call({
    method: 'GET',
    path: '/api/accessRequests/list',
    request: z.object({}).strict(),
    response: z.object({
      requests: z.array(accessRequestView),
      /** Requests not yet allowed, of the kept ones. */
      open: z.number().int(),
    }),
  }),
  /** Requests of the last ACCESS_REQUEST_WEEK_DAYS per rule id (the rule that blocked). */
  accessRequestCounts: call({
    method: 'GET',
    path: '/api/accessRequests/ruleCounts',
    request: z.object({}).strict(),
    response: z.object({ counts: z.record(z.string(), z.number().int()) }),
  }),
  allowAccessRequest: call({
    method: 'POST',
    path: '/api/accessRequests/allow',
    request: z.object({ id: z.uuid({ error: m.requestId }) }),
    response: z.object({ changed: z.boolean(), message: z.string() }),
  }),
} as const;

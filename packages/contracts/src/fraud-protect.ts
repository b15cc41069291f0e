// Fraud Protect (/fraudProtect): orders the platform rates as high risk (and, if the merchant
// chooses, medium risk) are cancelled, with the chosen reason, refund, restock and customer
// email, and tagged; or only tagged, to be reviewed by hand. Exceptions spare customers with
// a tag, orders under an amount and returning customers. Monitor mode only logs what would
// have been done. The log lists every order it touched, newest first, a page at a time; a
// failed action can be tried again. A paid feature: every call names `fraudProtect`.
import { z } from 'zod';
import type { ApiCall } from './api.js';
import { cleanText } from './hygiene.js';
import {
  cancelReasons,
  orderActionEntry,
  orderLogPage,
  orderLogRequest,
  orderLogRetryRequest,
} from './order-log.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export const fraudProtectMessages = {
  mode: 'Choose what Fraud Protect does: cancel the order or only tag it for review.',
  reason: 'Choose a cancel reason: fraud, customer, declined, inventory, staff or other.',
  tag: 'A tag can be at most 40 characters, without commas.',
  tagRequired: 'Enter the tag to add to orders flagged for review.',
  customerTags: 'List at most 20 customer tags of at most 40 characters each, without commas.',
  amount: 'Enter an amount between 0 and 1,000,000, or leave it empty.',
} as const;
const m = fraudProtectMessages;

export const fraudProtectModes = ['cancel', 'flag'] as const;

const tagText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(40, message)
    .refine((v) => !v.includes(','), message)
    .superRefine(cleanText('The tag'));

export const fraudProtectSettings = z
  .object({
    enabled: z.boolean({ error: '"enabled" must be true or false.' }),
    /** High risk always acts when on; medium risk only when this is set. */
    actOnMedium: z.boolean({ error: '"actOnMedium" must be true or false.' }),
    mode: z.enum(fraudProtectModes, { error: m.mode }),
    reason: z.enum(cancelReasons, { error: m.reason }),
    refund: z.boolean({ error: '"refund" must be true or false.' }),
    restock: z.boolean({ error: '"restock" must be true or false.' }),
    notifyCustomer: z.boolean({ error: '"notifyCustomer" must be true or false.' }),
    /** Added to every order it acts on; empty = none (required when only flagging). */
    tag: tagText(m.tag),
    /** Customers with any of these tags are never acted on (VIP, wholesale…). */
    exemptCustomerTags: z
      .array(tagText(m.customerTags), { error: m.customerTags })
      .max(20, m.customerTags),
    /** Orders whose total is under this amount (shop currency) are left alone; null = none. */
    minOrderAmount: z
      .number({ error: m.amount })
      .min(0, m.amount)
      .max(1_000_000, m.amount)
      .nullable(),
    /** Customers with an earlier order are left alone. */
    exemptReturningCustomers: z.boolean({
      error: '"exemptReturningCustomers" must be true or false.',
    }),
    /** Logs "would cancel" / "would tag" and changes nothing on the platform. */
    monitor: z.boolean({ error: '"monitor" must be true or false.' }),
    /**
     * What Gatehouse found about each new order (its browser IP a VPN, proxy or Tor exit, or
     * blocked by the store's rules, the auto-cancel filter it matched, what Fraud Protect did)
     * is written into the order's risk on the platform, whether or not Fraud Protect is on.
     * Left out of a save: on.
     */
    writeOrderRisk: z.boolean({ error: '"writeOrderRisk" must be true or false.' }).default(true),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.mode === 'flag' && s.tag === '') {
      ctx.addIssue({ code: 'custom', message: m.tagRequired, path: ['tag'] });
    }
  });
export type FraudProtectSettings = z.infer<typeof fraudProtectSettings>;

export const fraudProtectView = z.object({
  settings: fraudProtectSettings,
  /** How long log entries are kept. */
  logRetentionDays: z.number(),
  /** Whether the shop let Gatehouse read customers (needed by the customer exceptions). */
  canReadCustomers: z.boolean(),
});
export type FraudProtectView = z.infer<typeof fraudProtectView>;

export const fraudProtectApi = {
  getFraudProtect: call({
    method: 'GET',
    path: '/api/fraudProtect/get',
    feature: 'fraudProtect',
    request: z.object({}),
    response: fraudProtectView,
  }),
  saveFraudProtect: call({
    method: 'POST',
    path: '/api/fraudProtect/save',
    feature: 'fraudProtect',
    request: fraudProtectSettings,
    response: fraudProtectView,
  }),
  getFraudProtectLog: call({
    method: 'GET',
    path: '/api/fraudProtect/log',
    feature: 'fraudProtect',
    request: orderLogRequest,
    response: orderLogPage,
  }),
  /**
   * Tries the entry's order again at once: its failed actions (not those the platform refused
   * for good) are sent again, and a waiting order's next attempt is brought forward to now. The
   * answer is the entry as it now stands.
   */
  retryFraudProtectAction: call({
    method: 'POST',
    path: '/api/fraudProtect/retry',
    feature: 'fraudProtect',
    request: orderLogRetryRequest,
    response: orderActionEntry,
  }),
} as const;

/** The default settings: off, high risk only, cancel for fraud with refund, restock and email. */
export const DEFAULT_FRAUD_PROTECT: FraudProtectSettings = {
  enabled: false,
  actOnMedium: false,
  mode: 'cancel',
  reason: 'FRAUD',
  refund: true,
  restock: true,
  notifyCustomer: true,
  tag: 'gatehouse-fraud',
  exemptCustomerTags: [],
  minOrderAmount: null,
  exemptReturningCustomers: false,
  monitor: false,
  writeOrderRisk: true,
};

// Fraud Protect (/fraudProtect): orders the platform rates as high risk (and, if the merchant
// chooses, medium risk) are cancelled, with the chosen reason, refund, restock and customer
// email, and tagged; or only tagged, to be reviewed by hand. Exceptions spare customers with
// a tag, orders under an amount and returning customers. Monitor mode only logs what would
// have been done. The log lists every order it touched, newest first, a page at a time; a
// failed action can be tried again. A paid feature: every call names `fraudProtect`.
import { z } from 'zod';
import type { ApiCall } from './api.js';
import { cleanText } from './hygiene.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export const fraudProtectMessages = {
  mode: 'Choose what Fraud Protect does: cancel the order or only tag it for review.',
  reason: 'Choose a cancel reason: fraud, customer, declined, inventory, staff or other.',
  tag: 'A tag can be at most 40 characters, without commas.',
  tagRequired: 'Enter the tag to add to orders flagged for review.',
  customerTags: 'List at most 20 customer tags of at most 40 characters each, without commas.',
  amount: 'Enter an amount between 0 and 1,000,000, or leave it empty.',
  page: 'Ask for a page number from 1 to 10,000.',
  entryId: 'Please give the id of a log entry.',
  feature: 'Ask for the entries of fraud-protect or auto-cancel, or leave it out for all.',
} as const;
const m = fraudProtectMessages;

/** The platform's cancel reasons (orderCancel's `reason`). */
export const cancelReasons = [
  'FRAUD',
  'CUSTOMER',
  'DECLINED',
  'INVENTORY',
  'STAFF',
  'OTHER',
] as const;
export type CancelReason = (typeof cancelReasons)[number];
export const cancelReasonLabels: Record<CancelReason, string> = {
  FRAUD: 'Fraud',
  CUSTOMER: 'Customer changed or cancelled the order',
  DECLINED: 'Payment declined',
  INVENTORY: 'Items unavailable',
  STAFF: 'Staff error',
  OTHER: 'Other',
};

/** Cancel (with refund, restock, email as chosen) or only add the tag ("flag for review"). */
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

/**
 * What an order-action log entry did: cancel the order, add the tag, block its IP, or add its
 * email to the Customer Block Lists; or check the order, an entry written only when the order
 * could not be read and decided at all (the platform kept failing), so the merchant sees it
 * and can retry.
 */
export const orderActionKinds = ['cancel', 'tag', 'block-ip', 'block-email', 'check'] as const;
export type OrderActionKind = (typeof orderActionKinds)[number];

/**
 * pending: decided, not yet sent; sending: sent, the answer not yet recorded; done: the
 * platform confirmed it; failed: the platform refused or kept failing (error says why);
 * monitored: logged only (monitor mode); skipped: an exception applied, or there was nothing
 * left to do.
 */
export const orderActionStatuses = [
  'pending',
  'sending',
  'done',
  'failed',
  'monitored',
  'skipped',
] as const;
export type OrderActionStatus = (typeof orderActionStatuses)[number];

/** The order features that share the log: which one decided an entry. */
export const orderActionFeatures = ['fraud-protect', 'auto-cancel'] as const;
export type OrderActionFeature = (typeof orderActionFeatures)[number];
export const orderActionFeatureLabels: Record<OrderActionFeature, string> = {
  'fraud-protect': 'Fraud Protect',
  'auto-cancel': 'Auto-cancel filter',
};

/** An entry of the order-action log Fraud Protect and the auto-cancel filters share. */
export const orderActionEntry = z.object({
  id: z.string(),
  feature: z.enum(orderActionFeatures),
  /** The auto-cancel filter that decided, and its name when it decided; null for Fraud Protect. */
  filterId: z.string().nullable(),
  filterName: z.string().nullable(),
  /** For a filter's entry, the conditions that made it match, in words; null when not kept. */
  matchedBy: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  orderId: z.string(),
  orderName: z.string(),
  /** The order's page in the platform's admin. */
  orderUrl: z.string(),
  riskLevel: z.string().nullable(),
  action: z.enum(orderActionKinds),
  status: z.enum(orderActionStatuses),
  /** What was (or would be) asked of the platform. */
  params: z.object({
    reason: z.enum(cancelReasons).optional(),
    refund: z.boolean().optional(),
    restock: z.boolean().optional(),
    notifyCustomer: z.boolean().optional(),
    tag: z.string().optional(),
    ip: z.string().optional(),
    email: z.string().optional(),
  }),
  /** What the platform reported done: the amount refunded (shop currency), the restock. */
  result: z
    .object({
      refunded: z.string().optional(),
      currency: z.string().optional(),
      restocked: z.boolean().optional(),
      note: z.string().optional(),
    })
    .nullable(),
  /** Why it failed or was skipped, or what the last attempt met while it waits, in words. */
  error: z.string().nullable(),
  attempts: z.number(),
  /**
   * A failed action the platform refused for good (a user error such as "Cannot cancel an
   * order with fulfilled items", the order gone): Retry is not offered, as it would fail again.
   */
  permanent: z.boolean(),
  /**
   * While Gatehouse retries a waiting entry by itself: the number of its next attempt, of how
   * many, and when (null: under way now). Null otherwise.
   */
  nextAttempt: z
    .object({ attempt: z.number(), of: z.number(), at: z.string().nullable() })
    .nullable(),
  /**
   * While an attempt that was interrupted (its worker stopped mid-call) still holds the
   * action: when Gatehouse tries it again. Null otherwise.
   */
  retryAt: z.string().nullable(),
});
export type OrderActionEntry = z.infer<typeof orderActionEntry>;

export const ORDER_LOG_PAGE_SIZE = 20;

export const orderLogRequest = z.object({
  page: z.coerce
    .number({ error: m.page })
    .int(m.page)
    .min(1, m.page)
    .max(10_000, m.page)
    .default(1),
  /** Only the entries this feature decided; all of them when left out. */
  feature: z.enum(orderActionFeatures, { error: m.feature }).optional(),
});

/**
 * What Gatehouse wrote (or is writing) into an order's own risk on the platform: the level and
 * the facts in words; while it is being written, once written, or why it could not be.
 */
export const riskNoteView = z.object({
  orderId: z.string(),
  status: z.enum(['writing', 'written', 'failed']),
  riskLevel: z.enum(['HIGH', 'MEDIUM', 'LOW', 'NONE']),
  facts: z.array(z.string()),
  /** Why it could not be written, in words; null otherwise. */
  error: z.string().nullable(),
});
export type RiskNoteView = z.infer<typeof riskNoteView>;

/**
 * A page of the log, by order: every entry of the page's orders, an order's entries together
 * (the log shows one line per order); `total` and `pageSize` count orders. Fraud Protect's
 * answer also carries what was written into the page's orders' risk on the platform.
 */
export const orderLogPage = z.object({
  entries: z.array(orderActionEntry),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  riskNotes: z.array(riskNoteView).optional(),
});
export type OrderLogPage = z.infer<typeof orderLogPage>;

export const orderLogRetryRequest = z.object({ id: z.uuid({ error: m.entryId }) }).strict();

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

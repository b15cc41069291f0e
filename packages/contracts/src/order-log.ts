// The order-action log that Fraud Protect and the auto-cancel filters share: what an entry did
// to an order (cancel, tag, block its IP or email, or only check it) and how that ended, a page
// of the log, the request for a page and for Retry of a failed entry. Each feature answers these
// under its own path and plan feature.
import { z } from 'zod';

export const orderLogMessages = {
  page: 'Ask for a page number from 1 to 10,000.',
  entryId: 'Please give the id of a log entry.',
  feature: 'Ask for the entries of fraud-protect or auto-cancel, or leave it out for all.',
} as const;
const m = orderLogMessages;

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
 * (the log shows one line per order); `total` and `pageSize` count orders. A feature may
 * add what it keeps of the page's orders: Fraud Protect's answer carries what was written into the page's orders' risk on the platform.
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

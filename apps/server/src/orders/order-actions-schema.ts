// The order-action log, shared by the order features (Fraud Protect, the auto-cancel filters):
// one row per action Gatehouse takes (or, in monitor mode, would take) on one order, unique by
// shop, order, action, feature and auto-cancel filter, so a feature decides an order once
// however often it is asked, and the filters in monitor mode that caught the order are logged
// beside the one that acted on it; and at most one cancel of an order is live (pending, sending, done or failed) across
// the features, so an order is cancelled at most once whichever feature decided it. A
// monitor-mode or skipped entry never holds that place, so one feature's "would cancel" does
// not keep another from cancelling. The row is written before the action is sent and updated
// after (see orders/order-actions.ts). It keeps the order's id and name, and of the customer's
// details only what a block action puts on a list (the browser IP, the email), deleted with the
// order's entries when the customer is redacted.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  orderActionFeatures,
  orderActionKinds,
  orderActionStatuses,
  type OrderActionFeature,
} from '@gatehouse/contracts';
import { shops } from '../core/db/schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export { orderActionFeatures, type OrderActionFeature };

export interface OrderActionParams {
  reason?: 'FRAUD' | 'CUSTOMER' | 'DECLINED' | 'INVENTORY' | 'STAFF' | 'OTHER';
  refund?: boolean;
  restock?: boolean;
  notifyCustomer?: boolean;
  tag?: string;
  /** The address added to the IP block list (block-ip). */
  ip?: string;
  /** The order's email added to the Customer Block Lists (block-email). */
  email?: string;
}

export interface OrderActionResult {
  refunded?: string;
  currency?: string;
  restocked?: boolean;
  note?: string;
}

export const orderActions = pgTable(
  'order_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** Which feature decided it. */
    feature: text('feature', { enum: orderActionFeatures }).notNull(),
    /** The auto-cancel filter that matched; null for Fraud Protect. */
    filterId: uuid('filter_id'),
    /** The filter's name when it decided, so the log still names it once renamed or deleted. */
    filterName: text('filter_name'),
    /** The conditions that made the filter match, in words, as the filter read when it decided. */
    matchedBy: text('matched_by'),
    /** The platform's numeric order id, as text. */
    orderId: text('order_id').notNull(),
    /** The order's name as the merchant knows it (#1001). */
    orderName: text('order_name').notNull(),
    riskLevel: text('risk_level'),
    action: text('action', { enum: orderActionKinds }).notNull(),
    status: text('status', { enum: orderActionStatuses }).notNull(),
    /** What is asked of the platform, fixed when decided so a retry asks the same. */
    params: jsonb('params').$type<OrderActionParams>().notNull(),
    result: jsonb('result').$type<OrderActionResult>(),
    /** Why it failed, was skipped, or why the last attempt did not go through. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * The platform refused it for good (a user error such as "Cannot cancel an order with
     * fulfilled items", the order gone): asking again would be refused the same way.
     */
    permanent: boolean('permanent').notNull().default(false),
    /** The order's job that last tried it and retries it by itself (null: none yet). */
    jobId: uuid('job_id'),
    /** While `sending`: another worker may take it over only after this time. */
    claimedUntil: tz('claimed_until'),
    /** When it was first sent to the platform (null: never). */
    sentAt: tz('sent_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Fraud Protect's entries have no filter: they count as one (coalesce, as nulls differ).
    uniqueIndex('order_actions_shop_order_action_filter_key').on(
      t.shopId,
      t.orderId,
      t.action,
      t.feature,
      sql`coalesce(${t.filterId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    uniqueIndex('order_actions_live_cancel_key')
      .on(t.shopId, t.orderId)
      .where(
        sql`${t.action} = 'cancel' and ${t.status} in ('pending', 'sending', 'done', 'failed')`,
      ),
    index('order_actions_shop_feature_created_idx').on(t.shopId, t.feature, t.createdAt),
    index('order_actions_shop_created_idx').on(t.shopId, t.createdAt),
    index('order_actions_created_idx').on(t.createdAt),
    index('order_actions_open_idx')
      .on(t.status)
      .where(sql`${t.status} in ('pending', 'sending')`),
  ],
);
export type OrderActionRow = typeof orderActions.$inferSelect;

// Billing tables: the shop's app subscriptions as the platform reports them, the
// protected page views counted per 30-day period, and the usage charges queued for posting.
import { subscriptionStatuses } from '@gatehouse/contracts';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { shops } from '../../core/db/schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** gid://shopify/AppSubscription/<n> */
    platformId: text('platform_id').notNull().unique(),
    plan: text('plan', { enum: ['premium', 'payg'] }).notNull(),
    status: text('status', { enum: subscriptionStatuses }).notNull(),
    test: boolean('test').notNull(),
    trialDays: integer('trial_days').notNull().default(0),
    trialEndsAt: tz('trial_ends_at'),
    currentPeriodEnd: tz('current_period_end'),
    usageLineItemId: text('usage_line_item_id'),
    confirmationUrl: text('confirmation_url').notNull(),
    /** When the platform first reported it ACTIVE; the latest activated one is current. */
    activatedAt: tz('activated_at'),
    /** updated_at of the last webhook applied, so older deliveries are recognised. */
    platformUpdatedAt: tz('platform_updated_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('subscriptions_shop_id_idx').on(t.shopId, t.activatedAt)],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const usagePeriods = pgTable(
  'usage_periods',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    periodStart: tz('period_start').notNull(),
    protectedPageViews: bigint('protected_page_views', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.periodStart] })],
);

export const usageChargeStatuses = ['pending', 'posted', 'failed', 'capped'] as const;

export const usageCharges = pgTable(
  'usage_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `<subscription gid>:<period start ISO>:<n>`: the n-th 1,000 views past the allowance. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    viewsCovered: integer('views_covered').notNull(),
    status: text('status', { enum: usageChargeStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Not claimable before this time: the retry backoff, and the lease of a claimed row. */
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    platformRecordId: text('platform_record_id'),
    postedAt: tz('posted_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('usage_charges_status_next_idx').on(t.status, t.nextAttemptAt),
    index('usage_charges_shop_id_idx').on(t.shopId),
    index('usage_charges_subscription_id_idx').on(t.subscriptionId),
  ],
);
export type UsageChargeRow = typeof usageCharges.$inferSelect;

// Fraud Protect's settings, one row per shop (no row: the defaults, off). What it did to each
// order is in the shared order-action log (db/order-actions-schema.ts), as feature
// 'fraud-protect'.
import { boolean, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cancelReasons, fraudProtectModes } from '@gatehouse/contracts';
import { shops } from '../../core/db/schema.js';

export const fraudProtectSettings = pgTable('fraud_protect_settings', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  actOnMedium: boolean('act_on_medium').notNull().default(false),
  mode: text('mode', { enum: fraudProtectModes }).notNull().default('cancel'),
  reason: text('reason', { enum: cancelReasons }).notNull().default('FRAUD'),
  refund: boolean('refund').notNull().default(true),
  restock: boolean('restock').notNull().default(true),
  notifyCustomer: boolean('notify_customer').notNull().default(true),
  tag: text('tag').notNull().default(''),
  exemptCustomerTags: jsonb('exempt_customer_tags').$type<string[]>().notNull().default([]),
  minOrderAmount: numeric('min_order_amount', { precision: 12, scale: 2 }),
  exemptReturningCustomers: boolean('exempt_returning_customers').notNull().default(false),
  monitor: boolean('monitor').notNull().default(false),
  /** Whether what Gatehouse found about each order is written into the order's risk. */
  writeOrderRisk: boolean('write_order_risk').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

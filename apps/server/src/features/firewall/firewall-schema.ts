// The Firewall's settings, one row per shop: on or off, the store's origin, the shop's domains
// pointed at the firewall, the storefront blockers the firewall enforces too, and its rate
// limit per visitor address.
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../core/db/schema.js';

export const firewallSettings = pgTable('firewall_settings', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** http(s) origin of the store, '' until set. */
  origin: text('origin').notNull().default(''),
  /** Lower-case host names. */
  hosts: jsonb('hosts').$type<string[]>().notNull().default([]),
  /** Names of storefront blockers whose rules the firewall applies too. */
  enforce: jsonb('enforce').$type<string[]>().notNull().default([]),
  rateLimitEnabled: boolean('rate_limit_enabled').notNull().default(false),
  rateLimitMax: integer('rate_limit_max').notNull().default(300),
  rateLimitWindowSeconds: integer('rate_limit_window_seconds').notNull().default(60),
  /** challenge or block. */
  rateLimitAction: text('rate_limit_action').notNull().default('challenge'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type FirewallSettingsRow = typeof firewallSettings.$inferSelect;

// Content Protection's switches, one row per shop: written by the feature's calls, read with
// the shop's policy so each decision can name the switches that apply to its page. A shop
// without a row has every switch off.
import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../core/db/schema.js';

export const contentProtection = pgTable('content_protection', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  /** Switch name → 'off' | 'store' | 'catalog'. */
  switches: jsonb('switches').$type<Record<string, string>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

// The Referrer Blocker's entries: one referrer domain each. Its action and monitor mode are in
// blocker_settings, like every blocker's.
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../db/schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One blocked referrer domain. */
export const referrerRules = pgTable(
  'referrer_rules',
  {
    /** Also the engine rule id: decisions and visits name it. */
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** In the engine's normal form: "spam.example" or "*.spam.example", lower case, ASCII. */
    domain: text('domain').notNull(),
    note: text('note').notNull().default(''),
    /** Visits this entry decided (blocked, redirected, or watched in monitor mode). */
    hits: bigint('hits', { mode: 'number' }).notNull().default(0),
    lastHitAt: tz('last_hit_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referrer_rules_shop_domain_idx').on(t.shopId, t.domain),
    index('referrer_rules_shop_created_idx').on(t.shopId, t.createdAt, t.id),
  ],
);
export type ReferrerRuleRow = typeof referrerRules.$inferSelect;

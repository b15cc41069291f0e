// The Referrer Blocker's entries: one referrer domain each. Its action and monitor mode are in
// blocker_settings, like every blocker's.
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entryColumns } from '../../protection/entry-columns.js';

/** One blocked referrer domain. */
export const referrerRules = pgTable(
  'referrer_rules',
  {
    ...entryColumns(),
    /** In the engine's normal form: "spam.example" or "*.spam.example", lower case, ASCII. */
    domain: text('domain').notNull(),
  },
  (t) => [
    uniqueIndex('referrer_rules_shop_domain_idx').on(t.shopId, t.domain),
    index('referrer_rules_shop_created_idx').on(t.shopId, t.createdAt, t.id),
  ],
);
export type ReferrerRuleRow = typeof referrerRules.$inferSelect;

// The firewall's URL Blocker entries: one URL pattern each, with how it matches, what it is
// compared with and the methods it applies to. Its action and monitor mode are in
// blocker_settings, like every blocker's.
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entryColumns } from '../../protection/entry-columns.js';

export const firewallUrlRules = pgTable(
  'fw_url_rules',
  {
    ...entryColumns(),
    /** exact, prefix, glob or regex (the engine's URL_MATCH_TYPES). */
    match: text('match').notNull(),
    pattern: text('pattern').notNull(),
    /** path or pathAndQuery. */
    target: text('target').notNull().default('path'),
    /** Upper-case methods, comma-separated; '' for every method. */
    methods: text('methods').notNull().default(''),
  },
  (t) => [
    uniqueIndex('fw_url_rules_shop_pattern_idx').on(
      t.shopId,
      t.match,
      t.target,
      t.methods,
      t.pattern,
    ),
    index('fw_url_rules_shop_created_idx').on(t.shopId, t.createdAt, t.id),
  ],
);
export type FirewallUrlRuleRow = typeof firewallUrlRules.$inferSelect;

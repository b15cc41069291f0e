// The firewall's Referrer and ISP/ASN Blockers' entries, in one table: which list, the value
// as the list shows it ("spam.example", "AS15169", "Hetzner") and the key that makes two
// entries the same. Each list's action and monitor mode are in blocker_settings.
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entryColumns } from '../../protection/entry-columns.js';

export const firewallListRules = pgTable(
  'fw_list_rules',
  {
    ...entryColumns(),
    /** referrer or asn. */
    list: text('list').notNull(),
    value: text('value').notNull(),
    key: text('key').notNull(),
  },
  (t) => [
    uniqueIndex('fw_list_rules_shop_list_key_idx').on(t.shopId, t.list, t.key),
    index('fw_list_rules_shop_created_idx').on(t.shopId, t.list, t.createdAt, t.id),
  ],
);
export type FirewallListRuleRow = typeof firewallListRules.$inferSelect;

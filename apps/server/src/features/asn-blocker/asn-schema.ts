// The ISP/ASN Blocker's entries: an AS number or an ISP name each. Its action and monitor mode
// are in blocker_settings, like every blocker's.
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entryColumns } from '../../protection/entry-columns.js';

/** One blocked network: exactly one of `asn` and `name` is set. */
export const asnRules = pgTable(
  'asn_rules',
  {
    ...entryColumns(),
    /** 32-bit AS numbers go past integer's range. */
    asn: bigint('asn', { mode: 'number' }),
    /** The ISP name as the merchant entered it. */
    name: text('name'),
    /**
     * What makes two entries the same: `as:15169`, or `isp:` and the name's normalised words
     * (`isp:hetzner online`), so "Hetzner Online" and "hetzner, online" are one entry.
     */
    key: text('key').notNull(),
  },
  (t) => [
    uniqueIndex('asn_rules_shop_key_idx').on(t.shopId, t.key),
    index('asn_rules_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    check(
      'asn_rules_asn_or_name',
      sql`(${t.asn} is null) <> (${t.name} is null) and (${t.asn} is null or ${t.asn} between 1 and 4294967295)`,
    ),
  ],
);
export type AsnRuleRow = typeof asnRules.$inferSelect;

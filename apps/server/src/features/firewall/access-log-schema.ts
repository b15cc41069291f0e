// The Firewall's access log: one row per request a firewall instance proxied or refused, as
// the instances report them in batches. The id grows with every insert: the history pages
// and the live tail follow it (keyset), per shop. Kept as long as the shop's visits are.
import { bigint, index, pgTable, real, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../db/schema.js';

export const fwAccessLog = pgTable(
  'fw_access_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** When the request reached the firewall. */
    time: timestamp('time', { withTimezone: true, mode: 'date' }).notNull(),
    ip: text('ip').notNull(),
    country: text('country'),
    asn: bigint('asn', { mode: 'number' }),
    method: text('method').notNull(),
    url: text('url').notNull(),
    status: smallint('status').notNull(),
    /** allow, block, redirect or limit. */
    action: text('action').notNull(),
    /** The engine rule kind that decided, or null. */
    rule: text('rule'),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    durationMs: real('duration_ms').notNull(),
  },
  (t) => [
    index('fw_access_log_shop_id_idx').on(t.shopId, t.id),
    index('fw_access_log_shop_time_idx').on(t.shopId, t.time),
  ],
);
export type FwAccessRow = typeof fwAccessLog.$inferSelect;

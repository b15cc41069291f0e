// The Firewall's access log: one row per request a firewall instance proxied or refused, as
// the instances report them in batches. The id grows with every insert: the history pages
// follow it (keyset), per shop. Ids are handed out before their batch commits, so batches can
// become visible out of id order; the live tail follows the inserting transaction's id (`tx`)
// instead, which it can read in commit-safe order (access-log-store.ts). Kept as long as the
// shop's visits are.
import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { shops } from '../../core/db/schema.js';

/** PostgreSQL's 64-bit transaction id (never wraps around), read and written as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

export const firewallAccessLog = pgTable(
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
    /** The host of the agent whose request signature the firewall verified, or null. */
    signedAgent: text('signed_agent'),
    /** The transaction that inserted the row. */
    tx: xid8('tx')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('fw_access_log_shop_id_idx').on(t.shopId, t.id),
    index('fw_access_log_shop_time_idx').on(t.shopId, t.time),
    index('fw_access_log_shop_tx_idx').on(t.shopId, t.tx, t.id),
  ],
);
export type FirewallAccessRow = typeof firewallAccessLog.$inferSelect;

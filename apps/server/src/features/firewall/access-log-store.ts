// Reading and writing the Firewall's access log: a firewall's batch stored with one INSERT
// (only the entries of shops the firewall protects), the merchant's history newest first by
// id, and the entries after a position for the live tail, both under the same filters.
import {
  parseVisitReference,
  visitAddressTag,
  visitReferenceTime,
  type FirewallAccessEntry,
  type FirewallAccessFilters,
  type FirewallAccessRecord,
} from '@gatehouse/contracts';
import { normalizeIp } from '@gatehouse/engine';
import { and, desc, asc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { firewallSettings } from './firewall-schema.js';
import { firewallAccessLog, type FirewallAccessRow } from './access-log-schema.js';

/**
 * The advisory lock (its two keys) a batch's transaction holds while it stores its entries: by
 * it the live tail tells the transactions that write entries from every other one.
 */
export const BATCH_LOCK = { space: 1195853399, key: 1 } as const;

/** The shop ids of a batch whose shops have the Firewall on; the others are not stored. */
export async function storeBatch(db: Database, entries: readonly FirewallAccessRecord[]) {
  return db.transaction(async (tx) => {
    // Before the transaction writes: it holds the lock whenever it has a transaction id.
    await tx.execute(
      sql`select pg_advisory_xact_lock_shared(${BATCH_LOCK.space}::int, ${BATCH_LOCK.key}::int)`,
    );
    return storeEntries(tx as unknown as Database, entries);
  });
}

async function storeEntries(db: Database, entries: readonly FirewallAccessRecord[]) {
  const ids = [...new Set(entries.map((e) => e.shopId))];
  const served = await db
    .select({ shopId: firewallSettings.shopId })
    .from(firewallSettings)
    .where(and(inArray(firewallSettings.shopId, ids), eq(firewallSettings.enabled, true)));
  const known = new Set(served.map((r) => r.shopId));
  const rows = entries
    .filter((e) => known.has(e.shopId))
    .map((e) => ({
      shopId: e.shopId,
      time: new Date(e.time),
      ip: e.ip,
      country: e.country,
      asn: e.asn,
      method: e.method,
      url: e.url,
      status: e.status,
      action: e.action,
      rule: e.rule,
      bytes: e.bytes,
      durationMs: e.durationMs,
      signedAgent: e.signedAgent ?? null,
    }));
  if (rows.length > 0) await db.insert(firewallAccessLog).values(rows);
  return { stored: rows.length, shops: [...new Set(rows.map((r) => r.shopId))] };
}

function filtersOf(shopId: string, f: FirewallAccessFilters): SQL[] {
  const where: SQL[] = [eq(firewallAccessLog.shopId, shopId)];
  if (f.ip) where.push(eq(firewallAccessLog.ip, f.ip));
  if (f.country) where.push(eq(firewallAccessLog.country, f.country));
  if (f.status) where.push(eq(firewallAccessLog.status, Number(f.status)));
  if (f.blocked === 'true') where.push(ne(firewallAccessLog.action, 'allow'));
  const ref = f.ref ? parseVisitReference(f.ref) : null;
  if (ref) {
    // The requests refused in the millisecond the reference names (readPage keeps the one of
    // its address).
    const at = visitReferenceTime(ref);
    where.push(ne(firewallAccessLog.action, 'allow'));
    where.push(
      gte(firewallAccessLog.time, new Date(at)),
      lt(firewallAccessLog.time, new Date(at + 1)),
    );
  }
  return where;
}

/**
 * Of the requests refused in a reference's millisecond, those from the address it was given
 * to (tagged in the engine's spelling, as the firewall tagged it); all of them should none
 * match, so a reference never finds nothing when its request is there.
 */
function ofReferencedAddress(
  rows: FirewallAccessRow[],
  ref: string | undefined,
): FirewallAccessRow[] {
  const parsed = ref ? parseVisitReference(ref) : null;
  if (!parsed) return rows;
  const own = rows.filter((r) => visitAddressTag(normalizeIp(r.ip) ?? r.ip) === parsed.tag);
  return own.length > 0 ? own : rows;
}

/** One page of history, newest first, older than `before` when given. */
export async function readPage(
  db: Database,
  shopId: string,
  filters: FirewallAccessFilters,
  before: number | null,
  size: number,
): Promise<{ rows: FirewallAccessRow[]; next: number | null; tail: string }> {
  // Taken before the page is read: every batch below it had ended by then, so the page holds
  // all of theirs, and a tail from it sends whatever the page could not see.
  const tail = await tailHorizon(db);
  const where = filtersOf(shopId, filters);
  if (before !== null) where.push(lt(firewallAccessLog.id, before));
  const rows = await db
    .select()
    .from(firewallAccessLog)
    .where(and(...where))
    .orderBy(desc(firewallAccessLog.id))
    .limit(size + 1);
  const more = rows.length > size;
  const page = more ? rows.slice(0, size) : rows;
  return {
    rows: ofReferencedAddress(page, filters.ref),
    next: more ? page[page.length - 1]!.id : null,
    tail,
  };
}

/**
 * Where the live tail stands: after the entry with this transaction and id, in (tx, id) order.
 * Ids are handed out before their batch commits, so a batch can commit after one with higher
 * ids and a tail that followed ids alone would step over it. Transactions are ordered too: the
 * tail reads only the entries of transactions below its horizon, all of which have ended, in
 * (tx, id) order, so nothing can later appear behind its position. The horizon is the oldest
 * batch still being stored, or the next transaction when none is: a batch waits only for older
 * batches (normally milliseconds), never for other work of the database or of other databases
 * on the same server, however long it runs.
 */
export interface TailPosition {
  tx: string;
  id: number;
}

/**
 * The tail's horizon: every transaction below it that stored entries has ended. Read in a
 * statement of its own, before the entries are read in another: a batch that ends between the
 * two is then seen by the read.
 */
export async function tailHorizon(db: Database): Promise<string> {
  const result = await db.execute(sql`
    select coalesce(
      (select min(running) from pg_snapshot_xip(pg_current_snapshot()) as running
        where (running::text::numeric % 4294967296)::text in (
          select own.transactionid::text
          from pg_locks batch
          join pg_locks own on own.pid = batch.pid and own.locktype = 'transactionid'
            and own.mode = 'ExclusiveLock' and own.granted
          where batch.locktype = 'advisory' and batch.objsubid = 2
            and batch.classid::text = ${String(BATCH_LOCK.space)}
            and batch.objid::text = ${String(BATCH_LOCK.key)}
            and batch.database = (select oid from pg_database where datname = current_database()))),
      pg_snapshot_xmax(pg_current_snapshot()))::text as horizon`);
  return (result as unknown as { rows: { horizon: string }[] }).rows[0]!.horizon;
}

/**
 * Where a tail starts. `after`: the newest entry an earlier tail sent; the tail goes on after
 * it, but never past a transaction that may not have ended, so a batch still committing is
 * sent. `from`: the `tail` of the history page the caller read; every entry of a transaction
 * from there on is sent (some the page already shows: the admin shows each entry once). With
 * both, the earlier position; with neither, from the transactions not yet ended.
 */
export async function tailStart(
  db: Database,
  shopId: string,
  start: { after: number | null; from: string | null },
): Promise<TailPosition> {
  const horizon = await tailHorizon(db);
  const result = await db.execute(sql`
    select l.tx::text as tx, l.tx < ${horizon}::xid8 as ended,
      ${start.from}::xid8 < ${horizon}::xid8 as from_earlier
    from (select 1) as one
    left join ${firewallAccessLog} l on l.shop_id = ${shopId} and l.id = ${start.after ?? 0}`);
  const [row] = (
    result as unknown as {
      rows: { tx: string | null; ended: boolean; from_earlier: boolean | null }[];
    }
  ).rows;
  // Every entry of a transaction from here on is sent (ids start at 1); a `from` ahead of the
  // transactions now running is held back to them.
  const from: TailPosition = { tx: row!.from_earlier ? start.from! : horizon, id: 0 };
  if (start.after === null || row!.tx === null || !row!.ended) return from;
  const afterEntry: TailPosition = { tx: row!.tx, id: start.after };
  if (start.from === null) return afterEntry;
  return BigInt(from.tx) <= BigInt(afterEntry.tx) ? from : afterEntry;
}

/**
 * Entries after `from` in (tx, id) order, of transactions below `horizon` (`tailHorizon`, read
 * before, in a statement of its own) only, at most `limit`.
 */
export async function readTail(
  db: Database,
  shopId: string,
  filters: FirewallAccessFilters,
  from: TailPosition,
  limit: number,
  horizon: string,
): Promise<{ row: FirewallAccessRow; tx: string }[]> {
  return db
    .select({ row: firewallAccessLog, tx: sql<string>`${firewallAccessLog.tx}::text` })
    .from(firewallAccessLog)
    .where(
      and(
        ...filtersOf(shopId, filters),
        sql`(${firewallAccessLog.tx}, ${firewallAccessLog.id}) > (${from.tx}::xid8, ${from.id}::bigint)`,
        sql`${firewallAccessLog.tx} < ${horizon}::xid8`,
      ),
    )
    .orderBy(asc(firewallAccessLog.tx), asc(firewallAccessLog.id))
    .limit(limit);
}

/** An entry as the merchant sees it; `label` names the rule kind. */
export function entryOf(
  row: FirewallAccessRow,
  label: (kind: string) => string,
): FirewallAccessEntry {
  return {
    id: String(row.id),
    time: row.time.toISOString(),
    ip: row.ip,
    country: row.country,
    asn: row.asn,
    method: row.method,
    url: row.url,
    status: row.status,
    action: row.action as FirewallAccessEntry['action'],
    rule: row.rule ? label(row.rule) : null,
    bytes: row.bytes,
    durationMs: Math.round(row.durationMs * 10) / 10,
    signedAgent: row.signedAgent,
  };
}

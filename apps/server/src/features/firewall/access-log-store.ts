// Reading and writing the Firewall's access log: a firewall's batch stored with one INSERT
// (only the entries of shops the firewall protects), the merchant's history newest first by
// id, and the entries after an id for the live tail, both under the same filters.
import type { FwAccessEntry, FwAccessFilters, FwAccessRecord } from '@gatehouse/contracts';
import { and, desc, asc, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { firewallSettings } from './firewall-schema.js';
import { fwAccessLog, type FwAccessRow } from './access-log-schema.js';

/** The shop ids of a batch whose shops have the Firewall on; the others are not stored. */
export async function storeBatch(db: Database, entries: readonly FwAccessRecord[]) {
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
    }));
  if (rows.length > 0) await db.insert(fwAccessLog).values(rows);
  return { stored: rows.length, shops: [...new Set(rows.map((r) => r.shopId))] };
}

function filtersOf(shopId: string, f: FwAccessFilters): SQL[] {
  const where: SQL[] = [eq(fwAccessLog.shopId, shopId)];
  if (f.ip) where.push(eq(fwAccessLog.ip, f.ip));
  if (f.country) where.push(eq(fwAccessLog.country, f.country));
  if (f.status) where.push(eq(fwAccessLog.status, Number(f.status)));
  if (f.blocked === 'true') where.push(ne(fwAccessLog.action, 'allow'));
  return where;
}

/** One page of history, newest first, older than `before` when given. */
export async function readPage(
  db: Database,
  shopId: string,
  filters: FwAccessFilters,
  before: number | null,
  size: number,
): Promise<{ rows: FwAccessRow[]; next: number | null }> {
  const where = filtersOf(shopId, filters);
  if (before !== null) where.push(lt(fwAccessLog.id, before));
  const rows = await db
    .select()
    .from(fwAccessLog)
    .where(and(...where))
    .orderBy(desc(fwAccessLog.id))
    .limit(size + 1);
  const more = rows.length > size;
  const page = more ? rows.slice(0, size) : rows;
  return { rows: page, next: more ? page[page.length - 1]!.id : null };
}

/** Entries after `after`, oldest first (the live tail), at most `limit`. */
export async function readAfter(
  db: Database,
  shopId: string,
  filters: FwAccessFilters,
  after: number,
  limit: number,
): Promise<FwAccessRow[]> {
  return db
    .select()
    .from(fwAccessLog)
    .where(and(...filtersOf(shopId, filters), gt(fwAccessLog.id, after)))
    .orderBy(asc(fwAccessLog.id))
    .limit(limit);
}

/** The newest id of the shop's log (0 when empty): a live tail starts after it. */
export async function newestId(db: Database, shopId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<string | null>`max(${fwAccessLog.id})` })
    .from(fwAccessLog)
    .where(eq(fwAccessLog.shopId, shopId));
  return Number(row?.id ?? 0);
}

/** An entry as the merchant sees it; `label` names the rule kind. */
export function entryOf(row: FwAccessRow, label: (kind: string) => string): FwAccessEntry {
  return {
    id: String(row.id),
    time: row.time.toISOString(),
    ip: row.ip,
    country: row.country,
    asn: row.asn,
    method: row.method,
    url: row.url,
    status: row.status,
    action: row.action as FwAccessEntry['action'],
    rule: row.rule ? label(row.rule) : null,
    bytes: row.bytes,
    durationMs: Math.round(row.durationMs * 10) / 10,
  };
}

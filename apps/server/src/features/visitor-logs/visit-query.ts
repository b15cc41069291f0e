// The visitor log's one query: a shop's visits newest first, filtered, in keyset pages on
// (time desc, id desc). Every filter path has an index ending in (time, id) (see
// db/protection-schema.ts), so a page reads about as many rows as it shows whatever the table
// holds; no OFFSET anywhere. The cursor is the last row's exact (time, id), opaque to callers.
// "URL contains" has its own two ways (visit-url-search.ts).
import {
  VISIT_FLAG_BITS,
  visitorLogMessages as m,
  visitAddressTag,
  visitReferenceTime,
  type ParsedVisitReference,
  type VisitActionFilter,
  type VisitCrawlerCheck,
  type VisitRange,
} from '@gatehouse/contracts';
import {
  bigIntToIp,
  formatIp,
  normalizeIp,
  parseIpRange,
  type BotCategory,
  type NetworkKind,
} from '@gatehouse/engine';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { netFlagSet } from '../../protection/protection-schema.js';
import { badRequest } from '../../core/errors.js';
import {
  COLUMNS,
  decodeCursor,
  encodeCursor,
  rowsOf,
  toRecord,
  urlContains,
  type VisitPageResult,
  type VisitRecord,
} from './visit-rows.js';
import { findByUrl, findByUrls, matchingUrls, URL_SCAN_BUDGET } from './visit-url-search.js';

export type { VisitPageResult, VisitRecord } from './visit-rows.js';

export interface VisitFilterInput {
  action?: VisitActionFilter | undefined;
  country?: string | undefined;
  ip?: string | undefined;
  /** A blocked shopper's reference (the blocked visit's time and address tag). */
  ref?: ParsedVisitReference | undefined;
  asn?: number | undefined;
  url?: string | undefined;
  network?: NetworkKind | undefined;
  bot?: BotCategory | undefined;
  crawler?: VisitCrawlerCheck | undefined;
  range?: VisitRange | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const RANGE_MS: Record<VisitRange, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

/** The [first, last] addresses of an address or CIDR range, or a 400 naming the filter. */
export function ipBounds(text: string): { first: string; last: string } {
  const parsed = parseIpRange(text.trim());
  if (!parsed.ok) throw badRequest(m.ipFilter);
  const { version, first, last } = parsed.range;
  return {
    first: formatIp(bigIntToIp(version, first)),
    last: formatIp(bigIntToIp(version, last)),
  };
}

/** The filters' time range: visits at or after `from`, before `to` (either may be open). */
export function timeRange(f: VisitFilterInput, now = new Date()): { from?: Date; to?: Date } {
  if (f.from || f.to) {
    return {
      ...(f.from ? { from: new Date(f.from) } : {}),
      ...(f.to ? { to: new Date(f.to) } : {}),
    };
  }
  return f.range ? { from: new Date(now.getTime() - RANGE_MS[f.range]) } : {};
}

/** The WHERE conditions of the filters (the shop's own visits only). */
export function filterConditions(shopId: string, f: VisitFilterInput, now = new Date()): SQL[] {
  const where: SQL[] = [sql`v.shop_id = ${shopId}`];
  if (f.action === 'monitor') where.push(sql`v.monitor`);
  else if (f.action === 'allow') where.push(sql`v.action = 'allow'`);
  // The flagged index's predicate is repeated so the planner can use it.
  else if (f.action) where.push(sql`(v.action <> 'allow' or v.monitor) and v.action = ${f.action}`);
  if (f.country) where.push(sql`v.country = ${f.country}`);
  if (f.asn !== undefined) where.push(sql`v.asn = ${f.asn}`);
  if (f.ip) {
    const { first, last } = ipBounds(f.ip);
    where.push(
      first === last
        ? sql`v.ip = ${first}::inet`
        : sql`v.ip between ${first}::inet and ${last}::inet`,
    );
  }
  if (f.ref) {
    // The visits blocked in the millisecond the reference names (findVisits keeps the one of
    // its address).
    const at = visitReferenceTime(f.ref, now.getTime());
    where.push(sql`v.action <> 'allow'`);
    where.push(sql`v.time >= ${new Date(at).toISOString()}::timestamptz`);
    where.push(sql`v.time < ${new Date(at + 1).toISOString()}::timestamptz`);
  }
  if (f.url) where.push(urlContains(f.url));
  // Written as the partial indexes' conditions are, so the planner can use them.
  if (f.network) where.push(netFlagSet(sql`v.net_flags`, VISIT_FLAG_BITS[f.network]));
  if (f.crawler) where.push(netFlagSet(sql`v.net_flags`, VISIT_FLAG_BITS[f.crawler]));
  if (f.bot) where.push(sql`v.bot_category = ${f.bot}`);
  const { from, to } = timeRange(f, now);
  if (from) where.push(sql`v.time >= ${from.toISOString()}::timestamptz`);
  if (to) where.push(sql`v.time < ${to.toISOString()}::timestamptz`);
  return where;
}

/**
 * Up to `limit` visits after the cursor, newest first; nextCursor null on the last page. With a
 * URL filter a page may hold fewer (even none) and still have a next cursor: the search stopped
 * after URL_SCAN_BUDGET visits, or URL_MINUTES_PER_PAGE minutes of its URLs, and goes on from
 * there.
 */
export async function findVisits(
  db: Database,
  shopId: string,
  filters: VisitFilterInput,
  page: {
    cursor?: string | undefined;
    limit: number;
    urlScanBudget?: number;
    /** URL_MATCHES_MAX unless given (tests). */
    urlMatchesMax?: number;
    /** URL_MINUTES_PER_PAGE unless given (tests). */
    urlMinutesPerPage?: number;
  },
): Promise<VisitPageResult> {
  const now = new Date();
  const where = filterConditions(shopId, { ...filters, url: undefined }, now);
  let cursor: { time: string; id: string } | undefined;
  if (page.cursor) {
    const c = decodeCursor(page.cursor);
    cursor = c;
    // The plain `time <=` lets the planner skip the partitions newer than the cursor.
    where.push(sql`v.time <= ${c.time}::timestamptz`);
    where.push(sql`(v.time, v.id) < (${c.time}::timestamptz, ${c.id}::bigint)`);
  }
  if (filters.ref) {
    if (filters.url) where.push(urlContains(filters.url));
    return findByReference(db, where, filters.ref, page.limit);
  }
  if (filters.url) {
    const urls = await matchingUrls(db, shopId, filters.url, page.urlMatchesMax);
    if (urls !== null) {
      const window = { cursor, ...timeRange(filters, now) };
      return findByUrls(db, shopId, where, urls, page.limit, window, page.urlMinutesPerPage);
    }
    const budget = page.urlScanBudget ?? URL_SCAN_BUDGET;
    return findByUrl(db, shopId, where, filters.url, page.limit, budget);
  }
  const result = await db.execute(sql`
    select ${COLUMNS} from visits v
    where ${sql.join(where, sql` and `)}
    order by v.time desc, v.id desc
    limit ${page.limit + 1}`);
  const rows = rowsOf(result).map(toRecord);
  const visits = rows.slice(0, page.limit);
  const last = visits[visits.length - 1];
  return {
    visits,
    nextCursor: rows.length > page.limit && last ? encodeCursor(last) : null,
    searchedTo: null,
  };
}

/** The most visits a reference's millisecond is read for (a flood blocked all at once). */
const REFERENCE_SCAN = 5_000;

/**
 * The visits blocked in a reference's millisecond (the conditions hold it) from the address the
 * reference was given to; all of them should none match (an address the log stored in another
 * spelling), so a reference never finds nothing when its visit is there.
 */
async function findByReference(
  db: Database,
  where: SQL[],
  ref: ParsedVisitReference,
  limit: number,
): Promise<VisitPageResult> {
  const result = await db.execute(sql`
    select ${COLUMNS} from visits v
    where ${sql.join(where, sql` and `)}
    order by v.time desc, v.id desc
    limit ${REFERENCE_SCAN}`);
  const all = rowsOf(result).map(toRecord);
  // Tagged in the spelling the decision used: the engine's canonical one.
  const own = all.filter((r) => visitAddressTag(normalizeIp(r.ip) ?? r.ip) === ref.tag);
  const rows = own.length > 0 ? own : all;
  const visits = rows.slice(0, limit);
  return {
    visits,
    nextCursor: rows.length > limit ? encodeCursor(visits[limit - 1]!) : null,
    searchedTo: null,
  };
}

/** Number of visits matching the filters (the export's progress total). */
export async function countVisits(
  db: Database,
  shopId: string,
  filters: VisitFilterInput,
): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::bigint as n from visits v where ${sql.join(filterConditions(shopId, filters), sql` and `)}`,
  );
  return Number((result as unknown as { rows: { n: string | number }[] }).rows[0]?.n ?? 0);
}

/** Every matching visit, newest first, read page by page (the CSV export). */
export async function* allVisits(
  db: Database,
  shopId: string,
  filters: VisitFilterInput,
  pageSize = 1000,
): AsyncGenerator<VisitRecord> {
  let cursor: string | undefined;
  for (;;) {
    const page = await findVisits(db, shopId, filters, { cursor, limit: pageSize });
    yield* page.visits;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

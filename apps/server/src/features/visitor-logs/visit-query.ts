// The visitor log's one query: a shop's visits newest first, filtered, in keyset pages on
// (time desc, id desc). Every filter path has an index ending in (time, id) (see
// db/protection-schema.ts), so a page reads about as many rows as it shows whatever the table
// holds; no OFFSET anywhere. The cursor is the last row's exact (time, id), opaque to callers.
// "URL contains" has no index (a trigram index would cost the ingestion budget): its pages
// examine at most URL_SCAN_BUDGET visits each, so a rare text answers the visits found so far
// and a cursor to search on from there, rather than scanning months of visits in one request.
import {
  visitorLogMessages as m,
  type VisitActionFilter,
  type VisitRange,
} from '@gatehouse/contracts';
import { bigIntToIp, formatIp, parseIpRange } from '@gatehouse/engine';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import type { VisitRecord as StoredVisit } from './visit-record.js';

export interface VisitFilterInput {
  action?: VisitActionFilter | undefined;
  country?: string | undefined;
  ip?: string | undefined;
  asn?: number | undefined;
  url?: string | undefined;
  range?: VisitRange | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** A visit row as the log reads it: the stored fields with its id and exact time. */
export interface VisitRecord extends Omit<StoredVisit, 'shopId' | 'action'> {
  id: string;
  /** The time as Postgres wrote it (microseconds kept): the cursor's half. */
  timeText: string;
  action: 'allow' | 'block' | 'redirect';
}

const RANGE_MS: Record<VisitRange, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

/** Visits a "URL contains" page examines at most (~40–60 ms on PGlite; bench/README.md). */
export const URL_SCAN_BUDGET = 20_000;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Case-insensitive for ASCII only, twice as fast as the database's UTF-8 folding: visited URLs
// are percent-encoded, so their letters are ASCII.
const urlContains = (text: string) => sql`(v.url collate "C") ilike ${likePattern(text)}`;

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
  if (f.url) where.push(urlContains(f.url));
  if (f.from || f.to) {
    if (f.from) where.push(sql`v.time >= ${new Date(f.from).toISOString()}::timestamptz`);
    if (f.to) where.push(sql`v.time < ${new Date(f.to).toISOString()}::timestamptz`);
  } else if (f.range) {
    where.push(
      sql`v.time >= ${new Date(now.getTime() - RANGE_MS[f.range]).toISOString()}::timestamptz`,
    );
  }
  return where;
}

export function encodeCursor(row: Pick<VisitRecord, 'timeText' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.timeText, row.id])).toString('base64url');
}

export function decodeCursor(cursor: string): { time: string; id: string } {
  try {
    const [time, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof time !== 'string' || typeof id !== 'string' || !/^\d{1,19}$/.test(id)) {
      throw new Error('bad cursor');
    }
    // Postgres's text form of a timestamptz, e.g. 2030-01-31 12:00:00.123456+00.
    if (
      !/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)$/.test(
        time,
      )
    ) {
      throw new Error('bad cursor');
    }
    return { time, id };
  } catch {
    throw badRequest(m.cursor);
  }
}

interface RawVisit {
  id: string | number;
  time: string | Date;
  time_text: string;
  ip: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  asn: string | number | null;
  org: string | null;
  url: string;
  referrer: string;
  user_agent: string;
  action: 'allow' | 'block' | 'redirect';
  rule_id: string | null;
  rule_kind: string | null;
  monitor: boolean;
  monitor_rule_id: string | null;
  rule_label: string | null;
  rule_mode: string | null;
  monitor_rule_kind: string | null;
  monitor_label: string | null;
  monitor_mode: string | null;
  monitor_action: 'block' | 'redirect' | null;
}

function toRecord(r: RawVisit): VisitRecord {
  return {
    id: String(r.id),
    time: r.time instanceof Date ? r.time : new Date(r.time),
    timeText: r.time_text,
    // Stored NULL: the visitor address was not an IP address.
    ip: r.ip ?? '',
    country: r.country,
    region: r.region,
    city: r.city,
    asn: r.asn === null ? null : Number(r.asn),
    org: r.org,
    url: r.url,
    referrer: r.referrer,
    userAgent: r.user_agent,
    action: r.action,
    ruleId: r.rule_id,
    ruleKind: r.rule_kind,
    monitor: r.monitor,
    monitorRuleId: r.monitor_rule_id,
    ruleLabel: r.rule_label,
    ruleMode: r.rule_mode,
    monitorRuleKind: r.monitor_rule_kind,
    monitorLabel: r.monitor_label,
    monitorMode: r.monitor_mode,
    monitorAction: r.monitor_action,
  };
}

function rowsOf(result: unknown): RawVisit[] {
  // node-postgres answers { rows }, PGlite too; both through drizzle's execute().
  return (result as { rows: RawVisit[] }).rows;
}

const COLUMNS = sql`v.id, v.time, v.time::text as time_text, host(v.ip) as ip, v.country,
  v.region, v.city, v.asn, v.org, v.url, v.referrer, v.user_agent, v.action, v.rule_id,
  v.rule_kind, v.monitor, v.monitor_rule_id, v.rule_label, v.rule_mode, v.monitor_rule_kind,
  v.monitor_label, v.monitor_mode, v.monitor_action`;

export interface VisitPageResult {
  visits: VisitRecord[];
  /** Where the next page starts; null when nothing older matches. */
  nextCursor: string | null;
  /** A URL search that ran out of budget: the oldest visit it examined. */
  searchedTo: Date | null;
}

/**
 * Up to `limit` visits after the cursor, newest first; nextCursor null on the last page. With a
 * URL filter a page may hold fewer (even none) and still have a next cursor: the search stopped
 * after URL_SCAN_BUDGET visits and goes on from there.
 */
export async function findVisits(
  db: Database,
  shopId: string,
  filters: VisitFilterInput,
  page: { cursor?: string | undefined; limit: number; urlScanBudget?: number },
): Promise<VisitPageResult> {
  const where = filterConditions(shopId, { ...filters, url: undefined });
  if (page.cursor) {
    const c = decodeCursor(page.cursor);
    // The plain `time <=` lets the planner skip the partitions newer than the cursor.
    where.push(sql`v.time <= ${c.time}::timestamptz`);
    where.push(sql`(v.time, v.id) < (${c.time}::timestamptz, ${c.id}::bigint)`);
  }
  if (filters.url) {
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

/**
 * The newest `budget` visits matching the other filters are numbered in page order (only their
 * key and whether the URL matches: the display columns are read for the answer's rows alone);
 * the answer is those whose URL matches (up to limit + 1) and the last one examined, whichever
 * comes first, so a search that runs out of budget knows where it stopped.
 */
async function findByUrl(
  db: Database,
  shopId: string,
  where: SQL[],
  url: string,
  limit: number,
  budget: number,
): Promise<VisitPageResult> {
  const result = await db.execute(sql`
    select ${COLUMNS}, m.hit, m.n from (
      select t.time, t.id, t.hit, t.n from (
        select s.time, s.id, s.hit, row_number() over (order by s.time desc, s.id desc) as n
        from (
          select v.time, v.id, ${urlContains(url)} as hit from visits v
          where ${sql.join(where, sql` and `)}
          order by v.time desc, v.id desc
          limit ${budget}
        ) s
      ) t
      where t.hit or t.n = ${budget}
      order by t.time desc, t.id desc
      limit ${limit + 1}
    ) m
    join visits v on v.shop_id = ${shopId} and v.time = m.time and v.id = m.id
    order by v.time desc, v.id desc`);
  const rows = rowsOf(result) as (RawVisit & { hit: boolean; n: string | number })[];
  const hits = rows.filter((r) => r.hit).map(toRecord);
  const visits = hits.slice(0, limit);
  if (hits.length > limit) {
    return { visits, nextCursor: encodeCursor(visits[limit - 1]!), searchedTo: null };
  }
  const frontier = rows.find((r) => Number(r.n) === budget);
  if (!frontier) return { visits, nextCursor: null, searchedTo: null };
  const stop = toRecord(frontier);
  return { visits, nextCursor: encodeCursor(stop), searchedTo: stop.time };
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

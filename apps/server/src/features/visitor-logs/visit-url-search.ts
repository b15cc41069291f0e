// "URL contains": the shop's distinct URLs (visit_urls, far fewer than visits) are read first;
// when at most URL_MATCHES_MAX of them match, the minutes those URLs were visited in
// (visit_url_minutes) are read newest first, and the visits of those minutes alone through the
// primary key, so a page of any rare text is found at once whatever the log holds. A text that
// many URLs hold is common: its pages examine at most URL_SCAN_BUDGET visits each, newest
// first, answering the matches found so far and a cursor to search on from there.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import {
  COLUMNS,
  encodeCursor,
  likePattern,
  rowsOf,
  toRecord,
  urlContains,
  type RawVisit,
  type VisitPageResult,
  type VisitRecord,
} from './visit-rows.js';
import { URL_MINUTE_MS, urlHash } from './visit-urls.js';

/** Visits a "URL contains" page examines at most (~40–60 ms on PGlite; bench/README.md). */
export const URL_SCAN_BUDGET = 20_000;

/** Distinct URLs a "URL contains" search reads visits of minute by minute, at most. */
export const URL_MATCHES_MAX = 200;

/**
 * Minutes of the log one page of a search through the matching URLs' minutes reads at most:
 * a page of URLs seen in more minutes than this (past other filters that leave them out)
 * answers what it found and a cursor to search on. At 5 million visits a month, ~28 000 visits.
 */
export const URL_MINUTES_PER_PAGE = 240;

/** Minutes the first round of a page reads (then twice as many each round). */
const FIRST_MINUTES = 8;

/** The shop's distinct URLs that contain the text; null when more than URL_MATCHES_MAX do. */
export async function matchingUrls(
  db: Database,
  shopId: string,
  text: string,
  max = URL_MATCHES_MAX,
): Promise<string[] | null> {
  const result = await db.execute(sql`
    select u.url from visit_urls u
    where u.shop_id = ${shopId} and (u.url collate "C") ilike ${likePattern(text)}
    limit ${max + 1}`);
  const urls = (result as unknown as { rows: { url: string }[] }).rows.map((r) => r.url);
  return urls.length > max ? null : urls;
}

/** The time bounds a search of the URLs' minutes keeps to. */
export interface MinuteWindow {
  /** The page's cursor (the visits before it); none on a first page. */
  cursor?: { time: string; id: string } | undefined;
  /** The filters' time range: visits at or after `from`, before `to`. */
  from?: Date | undefined;
  to?: Date | undefined;
}

/** Up to `count` of the newest minutes any of the URLs was visited in, within the bounds. */
async function urlMinutes(
  db: Database,
  shopId: string,
  hashes: string[],
  bounds: { atOrBefore?: string | undefined; before?: string | undefined; window: MinuteWindow },
  count: number,
): Promise<{ text: string; at: Date }[]> {
  const where: SQL[] = [sql`t.shop_id = ${shopId}`, sql`t.url_hash = h.hash`];
  if (bounds.atOrBefore) where.push(sql`t.minute <= ${bounds.atOrBefore}::timestamptz`);
  if (bounds.before) where.push(sql`t.minute < ${bounds.before}::timestamptz`);
  // A minute holds visits from its start to the next minute's.
  const { from, to } = bounds.window;
  if (from) {
    where.push(
      sql`t.minute > ${new Date(from.getTime() - URL_MINUTE_MS).toISOString()}::timestamptz`,
    );
  }
  if (to) where.push(sql`t.minute < ${to.toISOString()}::timestamptz`);
  // Per URL its newest minutes through the key, then the newest of those.
  const result = await db.execute(sql`
    select distinct t.minute, t.minute::text as minute_text
    from unnest(${sql.param(hashes)}::text[]) as h(hash)
    cross join lateral (
      select t.minute from visit_url_minutes t
      where ${sql.join(where, sql` and `)}
      order by t.minute desc
      limit ${count}
    ) t
    order by t.minute desc
    limit ${count}`);
  const rows = (result as unknown as { rows: { minute: Date | string; minute_text: string }[] })
    .rows;
  return rows.map((r) => ({ text: r.minute_text, at: new Date(r.minute) }));
}

/** Minutes (newest first) as time ranges, newest first: a run of consecutive minutes is one. */
function minuteRanges(minutes: Date[]): { starts: string[]; ends: string[] } {
  const starts: string[] = [];
  const ends: string[] = [];
  let end = 0;
  let start = 0;
  for (const minute of minutes) {
    const at = minute.getTime();
    if (at + URL_MINUTE_MS === start) {
      start = at;
      continue;
    }
    if (end > 0) {
      starts.push(new Date(start).toISOString());
      ends.push(new Date(end).toISOString());
    }
    start = at;
    end = at + URL_MINUTE_MS;
  }
  if (end > 0) {
    starts.push(new Date(start).toISOString());
    ends.push(new Date(end).toISOString());
  }
  return { starts, ends };
}

/**
 * The newest visits of these URLs in these minutes matching the other filters: range by range
 * through the primary key (one range per run of consecutive minutes, as each range read costs
 * more than reading a minute's visits).
 */
async function visitsInMinutes(
  db: Database,
  where: SQL[],
  urls: string[],
  minutes: Date[],
  limit: number,
): Promise<VisitRecord[]> {
  const { starts, ends } = minuteRanges(minutes);
  const result = await db.execute(sql`
    select ${COLUMNS}
    from unnest(${sql.param(starts)}::timestamptz[], ${sql.param(ends)}::timestamptz[])
      as m(start, stop)
    cross join lateral (
      select * from visits v
      where ${sql.join(where, sql` and `)}
        and v.time >= m.start and v.time < m.stop
        and v.url = any(${sql.param(urls)}::text[])
      order by v.time desc, v.id desc
      limit ${limit}
    ) v
    order by v.time desc, v.id desc
    limit ${limit}`);
  return rowsOf(result).map(toRecord);
}

/**
 * The newest visits of these URLs matching the other filters: the URLs' minutes newest first,
 * a few at first and twice as many each round, until the page is full, the minutes run out or
 * `maxMinutes` were read (then the page answers how far back it searched, and a cursor there).
 */
export async function findByUrls(
  db: Database,
  shopId: string,
  where: SQL[],
  urls: string[],
  limit: number,
  window: MinuteWindow,
  maxMinutes = URL_MINUTES_PER_PAGE,
): Promise<VisitPageResult> {
  if (urls.length === 0) return { visits: [], nextCursor: null, searchedTo: null };
  const hashes = urls.map(urlHash);
  const found: VisitRecord[] = [];
  let read = 0;
  // Id 0 is no visit's (ids start at 1): such a cursor, where a page stopped at the start of a
  // minute, leaves that minute out.
  const cursor = window.cursor;
  const atOrBefore = cursor?.id === '0' ? undefined : cursor?.time;
  let before = cursor?.id === '0' ? cursor.time : undefined;
  let oldest: { text: string; at: Date } | undefined;
  for (let round = FIRST_MINUTES; ; round *= 2) {
    const count = Math.min(round, maxMinutes - read);
    const minutes = await urlMinutes(db, shopId, hashes, { atOrBefore, before, window }, count);
    if (minutes.length > 0) {
      // Each round's minutes are older than the last round's: its visits come after.
      const starts = minutes.map((m) => m.at);
      found.push(...(await visitsInMinutes(db, where, urls, starts, limit + 1 - found.length)));
      read += minutes.length;
      oldest = minutes[minutes.length - 1]!;
      before = oldest.text;
    }
    if (found.length > limit) {
      const visits = found.slice(0, limit);
      return { visits, nextCursor: encodeCursor(visits[limit - 1]!), searchedTo: null };
    }
    if (minutes.length < count || oldest === undefined) {
      return { visits: found, nextCursor: null, searchedTo: null };
    }
    if (read >= maxMinutes) {
      // Every visit at or after the oldest minute's start was read: go on before it.
      return {
        visits: found,
        nextCursor: encodeCursor({ timeText: oldest.text, id: '0' }),
        searchedTo: oldest.at,
      };
    }
  }
}

/**
 * The newest `budget` visits matching the other filters are numbered in page order (only their
 * key and whether the URL matches: the display columns are read for the answer's rows alone);
 * the answer is those whose URL matches (up to limit + 1) and the last one examined, whichever
 * comes first, so a search that runs out of budget knows where it stopped.
 */
export async function findByUrl(
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

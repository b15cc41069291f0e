// "URL contains": the shop's distinct URLs (visit_urls, far fewer than visits) are read first;
// when at most URL_MATCHES_MAX of them match, their visits are read through the URL index,
// newest first per URL, so a page of any rare text is found at once whatever the log holds.
// A text that many URLs hold is common: its pages examine at most URL_SCAN_BUDGET visits
// each, newest first, answering the matches found so far and a cursor to search on from there.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  COLUMNS,
  encodeCursor,
  likePattern,
  rowsOf,
  toRecord,
  urlContains,
  type RawVisit,
  type VisitPageResult,
} from './visit-rows.js';

/** Visits a "URL contains" page examines at most (~40–60 ms on PGlite; bench/README.md). */
export const URL_SCAN_BUDGET = 20_000;

/** Distinct URLs a "URL contains" search reads visits of through the URL index, at most. */
export const URL_MATCHES_MAX = 200;

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

/**
 * The newest visits of these URLs matching the other filters: per URL the newest limit + 1
 * through the URL index, then the newest of those.
 */
export async function findByUrls(
  db: Database,
  shopId: string,
  where: SQL[],
  urls: string[],
  limit: number,
): Promise<VisitPageResult> {
  if (urls.length === 0) return { visits: [], nextCursor: null, searchedTo: null };
  const result = await db.execute(sql`
    select ${COLUMNS} from unnest(${sql.param(urls)}::text[]) as u(url)
    cross join lateral (
      select * from visits v
      where ${sql.join(where, sql` and `)}
        and hashtext(v.url) = hashtext(u.url) and v.url = u.url
      order by v.time desc, v.id desc
      limit ${limit + 1}
    ) v
    order by v.time desc, v.id desc
    limit ${limit + 1}`);
  const rows = rowsOf(result).map(toRecord);
  const visits = rows.slice(0, limit);
  const last = visits[visits.length - 1];
  return {
    visits,
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    searchedTo: null,
  };
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

// What the page tells the merchant about the address feeds the classification runs on (Tor
// exits, iCloud Private Relay, the search engines' crawler ranges, AI agents' ranges): for each feed the product
// knows, whether a good copy is in use, how many ranges it holds, when it was downloaded, and
// what went wrong with the last refresh. Read only, straight from the table the refresh job
// keeps (network_feeds), so the blocker depends on nothing but the stored rows.
import type { NetworkFeedStatus } from '@gatehouse/contracts';
import { FEEDS, isSearchCrawler } from '@gatehouse/engine';
import { CronExpressionParser } from 'cron-parser';
import { sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';

/** A copy older than this is stale: the refresh job has not managed to renew it for a week. */
export const FEED_STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

interface FeedRow {
  name: string;
  loaded: boolean;
  ranges: number | string;
  fetched_ms: number | string | null;
  checked_ms: number | string | null;
  last_error: string | null;
}

const iso = (ms: number | string | null) =>
  ms === null ? null : new Date(Number(ms)).toISOString();

/** The next time the refresh schedule (cron, UTC) runs after `now`; null without one. */
export function nextRefresh(schedule: string | null, now: number): string | null {
  if (!schedule) return null;
  try {
    return CronExpressionParser.parse(schedule, { currentDate: new Date(now), tz: 'UTC' })
      .next()
      .toISOString();
  } catch {
    return null;
  }
}

/**
 * A refresh's failure as the merchant reads it: older rows begin with the publisher's address,
 * which says nothing the merchant can act on, so it is left out.
 */
export function failureText(error: string | null): string | null {
  return error === null ? null : error.replace(/^https?:\/\/\S+?: /, '');
}

export async function feedStatus(
  db: Database,
  schedule: string | null,
  now = Date.now(),
): Promise<NetworkFeedStatus[]> {
  const result = await db.execute(sql`
    select name, body is not null as loaded, ranges, last_error,
      extract(epoch from fetched_at) * 1000 as fetched_ms,
      extract(epoch from checked_at) * 1000 as checked_ms
    from network_feeds`);
  // node-postgres and PGlite both answer { rows } through drizzle's execute().
  const rows = (result as unknown as { rows: FeedRow[] }).rows;
  return FEEDS.map((feed): NetworkFeedStatus => {
    const row = rows.find((r) => r.name === feed.name);
    const loaded = row?.loaded ?? false;
    const fetchedAt = iso(row?.fetched_ms ?? null);
    return {
      name: feed.name,
      title: feed.title,
      network: 'network' in feed.marks ? feed.marks.network : null,
      aiAgent: 'crawler' in feed.marks && !isSearchCrawler(feed.marks.crawler),
      loaded,
      ranges: loaded ? Number(row?.ranges ?? 0) : 0,
      fetchedAt,
      checkedAt: iso(row?.checked_ms ?? null),
      lastError: failureText(row?.last_error ?? null),
      stale: loaded && fetchedAt !== null && now - Date.parse(fetchedAt) > FEED_STALE_AFTER_MS,
      nextTryAt: nextRefresh(schedule, now),
    };
  });
}

// The stored feeds: the last good copy of each and the outcome of the last refresh. A refresh
// replaces a copy only with a file that parsed and is not suspiciously short (fewer than half
// the ranges of the copy it would replace: a truncated download that still parses); anything
// else keeps the last good copy and records why.
import {
  FeedError,
  runFeedWorkOffThread,
  type CountResult,
  type FeedCopies,
  type FeedDefinition,
  type FeedIndex,
  type IndexResult,
} from '@gatehouse/engine';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../core/db/client.js';
import { networkFeeds } from './network-feeds-schema.js';
import { DownloadError, downloadFeed } from './feed-download.js';

export interface FeedOutcome {
  name: string;
  /** `updated`: a new copy stored; `unchanged`: the same file again; `failed`: kept the last. */
  result: 'updated' | 'unchanged' | 'failed';
  ranges: number;
  error?: string;
}

export async function refreshFeed(
  db: Database,
  feed: FeedDefinition,
  url: string,
  timeoutMs: number,
  log: FastifyBaseLogger,
): Promise<FeedOutcome> {
  const [previous] = await db
    .select({ body: networkFeeds.body, ranges: networkFeeds.ranges })
    .from(networkFeeds)
    .where(eq(networkFeeds.name, feed.name));
  const now = new Date();
  try {
    const body = await downloadFeed(url, timeoutMs);
    const { result: checked } = await runFeedWorkOffThread<CountResult>(
      { op: 'count', format: feed.format, body },
      log,
    );
    if ('refused' in checked) throw new FeedError(checked.refused);
    const { ranges } = checked;
    if (previous?.body && ranges < previous.ranges / 2) {
      throw new FeedError(
        `the new file lists ${ranges} ranges, fewer than half the ${previous.ranges} of the last good copy`,
      );
    }
    if (previous?.body === body) {
      await db
        .update(networkFeeds)
        .set({ checkedAt: now, lastError: null })
        .where(eq(networkFeeds.name, feed.name));
      return { name: feed.name, result: 'unchanged', ranges };
    }
    const row = { body, ranges, sourceUrl: url, fetchedAt: now, checkedAt: now, lastError: null };
    await db
      .insert(networkFeeds)
      .values({ name: feed.name, ...row })
      .onConflictDoUpdate({ target: networkFeeds.name, set: row });
    return { name: feed.name, result: 'updated', ranges };
  } catch (error) {
    if (!(error instanceof DownloadError) && !(error instanceof FeedError)) throw error;
    // The merchant sees the message; the log keeps where it came from.
    const message = error.message;
    log.warn({ feed: feed.name, url, error: message }, 'network feed refresh failed');
    await db
      .insert(networkFeeds)
      .values({ name: feed.name, checkedAt: now, lastError: message })
      .onConflictDoUpdate({
        target: networkFeeds.name,
        set: { checkedAt: now, lastError: message },
      });
    return { name: feed.name, result: 'failed', ranges: previous?.ranges ?? 0, error: message };
  }
}

/** What identifies the stored copies: changes whenever any feed gets a new copy. */
function versionOf(rows: readonly { name: string; fetchedAt: Date | null }[]): string {
  return [...rows]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((r) => `${r.name}@${r.fetchedAt?.getTime() ?? 0}`)
    .join(',');
}

export async function storedFeedsVersion(db: Database): Promise<string> {
  return versionOf(
    await db
      .select({ name: networkFeeds.name, fetchedAt: networkFeeds.fetchedAt })
      .from(networkFeeds),
  );
}

/**
 * The stored good copies as the firewalls receive them (the engine's `FeedCopies`), with the
 * version they are, from one read.
 */
export async function storedFeedCopies(
  db: Database,
  feeds: readonly FeedDefinition[],
): Promise<{ version: string; body: string }> {
  const rows = await db
    .select({ name: networkFeeds.name, body: networkFeeds.body, fetchedAt: networkFeeds.fetchedAt })
    .from(networkFeeds);
  const version = versionOf(rows);
  const copies: FeedCopies = {
    version,
    feeds: rows
      .filter((r) => r.body !== null && feeds.some((f) => f.name === r.name))
      .map((r) => ({ name: r.name, body: r.body! })),
  };
  return { version, body: JSON.stringify(copies) };
}

/** How long a built reply of the copies is kept after the last firewall asked for it. */
export const FEED_COPIES_KEPT_MS = 60_000;

/**
 * The stored copies as the firewalls receive them, built once per version on this instance:
 * the firewalls asking together (all of them woken by a new copy, or starting at once) are
 * answered from one reply in memory and wait for the one build under way instead of each
 * reading every feed. The reply (the feeds' whole text) is let go once nobody has asked for it
 * for `keptMs`: a firewall holding the current copies is answered 304 without it.
 */
export function feedCopiesCache(
  db: Database,
  feeds: readonly FeedDefinition[],
  keptMs = FEED_COPIES_KEPT_MS,
): () => Promise<{ version: string; body: string }> {
  let built: { version: string; body: string } | null = null;
  let building: Promise<{ version: string; body: string }> | null = null;
  let drop: NodeJS.Timeout | null = null;
  const keep = () => {
    if (drop) clearTimeout(drop);
    drop = setTimeout(() => {
      built = null;
      drop = null;
    }, keptMs);
    drop.unref();
  };
  return async () => {
    const version = await storedFeedsVersion(db);
    let copies = built;
    if (copies?.version !== version) {
      building ??= storedFeedCopies(db, feeds)
        .then((read) => (built = read))
        .finally(() => {
          building = null;
        });
      copies = await building;
    }
    keep();
    return copies;
  };
}

export interface StoredFeeds {
  index: FeedIndex;
  /** Ranges per feed loaded. */
  ranges: Record<string, number>;
  /** Feeds with no good copy yet. */
  missing: string[];
  /** Feeds whose good copy is older than the staleness bound. */
  stale: string[];
  version: string;
  /** Where the files were parsed: on a worker thread, or in place when small. */
  parsed: 'thread' | 'in place';
}

export const FEED_STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

export async function loadStoredFeeds(
  db: Database,
  feeds: readonly FeedDefinition[],
  log: FastifyBaseLogger,
  now = Date.now(),
): Promise<StoredFeeds> {
  // One read gives both the copies and the version they are, so a copy stored meanwhile is
  // never taken for one already built.
  const rows = await db.select().from(networkFeeds);
  const known = rows.filter((r) => r.body !== null && feeds.some((f) => f.name === r.name));
  const { result, where } = await runFeedWorkOffThread<IndexResult>(
    { op: 'index', feeds: known.map((r) => ({ name: r.name, body: r.body! })) },
    log,
  );
  for (const { name, error } of result.unreadable) {
    // A copy that parsed when stored but not now (the parser grew stricter): refreshed next.
    log.warn({ feed: name, error }, 'stored network feed no longer parses');
  }
  const stale = known
    .filter((r) => r.name in result.ranges)
    .filter((r) => r.fetchedAt && now - r.fetchedAt.getTime() > FEED_STALE_AFTER_MS)
    .map((r) => r.name);
  return {
    index: result.index,
    ranges: result.ranges,
    missing: feeds.filter((f) => !(f.name in result.ranges)).map((f) => f.name),
    stale,
    version: versionOf(rows),
    parsed: where,
  };
}

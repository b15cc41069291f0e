// Each shop's distinct visited URLs, kept beside the visits (table visit_urls) so that "URL
// contains" reads the few distinct URLs rather than every visit, and the minutes each was
// visited in (visit_url_minutes) so that their visits are read from those minutes alone.
// Every write path tallies the URLs of its batch here and stores them in the batch's
// transaction, two statements: new URLs added, known ones counted on with their newest visit
// time; the batch's (URL, minute) pairs added where missing.
import { createHash } from 'node:crypto';
import { storableText } from './visit-record.js';

/** The minutes a URL-minute row stands for (visit_url_minutes). */
export const URL_MINUTE_MS = 60_000;

interface UrlCount {
  n: number;
  last: number;
  /** The minutes (ms since the epoch, truncated) of the URL's visits in the batch. */
  minutes: Set<number>;
}

interface Statement {
  text: string;
  params: unknown[];
}

/** visit_urls' key of a URL as the visit stores it. */
export function urlHash(url: string): string {
  return createHash('md5').update(url).digest('hex');
}

/** A batch's URLs: by shop, by URL, how many visits and the newest (ms). */
export class UrlTally {
  private readonly shops = new Map<string, Map<string, UrlCount>>();

  add(shopId: string, url: string, timeMs: number): void {
    let urls = this.shops.get(shopId);
    if (urls === undefined) {
      urls = new Map();
      this.shops.set(shopId, urls);
    }
    const minute = Math.floor(timeMs / URL_MINUTE_MS) * URL_MINUTE_MS;
    const count = urls.get(url);
    if (count === undefined) urls.set(url, { n: 1, last: timeMs, minutes: new Set([minute]) });
    else {
      count.n++;
      if (timeMs > count.last) count.last = timeMs;
      count.minutes.add(minute);
    }
  }

  get size(): number {
    let n = 0;
    for (const urls of this.shops.values()) n += urls.size;
    return n;
  }

  /** The upserts of the tallied URLs and their minutes; none when nothing was tallied. */
  statements(): Statement[] {
    const rows: (UrlCount & { shopId: string; hash: string; url: string })[] = [];
    for (const [shopId, urls] of this.shops) {
      for (const [raw, count] of urls) {
        // As the visit stores it (NUL removed), so the search finds its visits.
        const url = storableText(raw);
        rows.push({ shopId, hash: urlHash(url), url, ...count });
      }
    }
    if (rows.length === 0) return [];
    // One order on every instance: concurrent batches lock the same rows in the same order.
    rows.sort((a, b) =>
      a.shopId === b.shopId ? (a.hash < b.hash ? -1 : 1) : a.shopId < b.shopId ? -1 : 1,
    );
    const minuteShops: string[] = [];
    const minuteHashes: string[] = [];
    const minutes: string[] = [];
    for (const r of rows) {
      for (const minute of [...r.minutes].sort((a, b) => a - b)) {
        minuteShops.push(r.shopId);
        minuteHashes.push(r.hash);
        minutes.push(new Date(minute).toISOString());
      }
    }
    return [
      {
        text: `insert into visit_urls (shop_id, url_hash, url, visits, last_seen)
          select * from unnest($1::uuid[], $2::text[], $3::text[], $4::bigint[], $5::timestamptz[])
          on conflict (shop_id, url_hash) do update
          set visits = visit_urls.visits + excluded.visits,
              last_seen = greatest(visit_urls.last_seen, excluded.last_seen)`,
        params: [
          rows.map((r) => r.shopId),
          rows.map((r) => r.hash),
          rows.map((r) => r.url),
          rows.map((r) => r.n),
          rows.map((r) => new Date(r.last).toISOString()),
        ],
      },
      {
        // Known minutes are left as they are: a row says only that the URL was seen then.
        text: `insert into visit_url_minutes (shop_id, url_hash, minute)
          select * from unnest($1::uuid[], $2::text[], $3::timestamptz[])
          on conflict do nothing`,
        params: [minuteShops, minuteHashes, minutes],
      },
    ];
  }
}

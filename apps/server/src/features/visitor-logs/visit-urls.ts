// Each shop's distinct visited URLs, kept beside the visits (table visit_urls) so that "URL
// contains" reads the few distinct URLs rather than every visit. Every write path tallies the
// URLs of its batch here and stores them in the batch's transaction, one statement: new URLs
// added, known ones counted on with their newest visit time.
import { createHash } from 'node:crypto';
import { storableText } from './visit-record.js';

interface UrlCount {
  n: number;
  last: number;
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
    const count = urls.get(url);
    if (count === undefined) urls.set(url, { n: 1, last: timeMs });
    else {
      count.n++;
      if (timeMs > count.last) count.last = timeMs;
    }
  }

  get size(): number {
    let n = 0;
    for (const urls of this.shops.values()) n += urls.size;
    return n;
  }

  /** The upsert of the tallied URLs, or null when there are none. */
  statement(): { text: string; params: unknown[] } | null {
    const rows: { shopId: string; hash: string; url: string; n: number; last: number }[] = [];
    for (const [shopId, urls] of this.shops) {
      for (const [raw, count] of urls) {
        // As the visit stores it (NUL removed), so the search finds its visits.
        const url = storableText(raw);
        const hash = createHash('md5').update(url).digest('hex');
        rows.push({ shopId, hash, url, ...count });
      }
    }
    if (rows.length === 0) return null;
    // One order on every instance: concurrent batches lock the same rows in the same order.
    rows.sort((a, b) =>
      a.shopId === b.shopId ? (a.hash < b.hash ? -1 : 1) : a.shopId < b.shopId ? -1 : 1,
    );
    return {
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
    };
  }
}

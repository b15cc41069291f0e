// A shop's visits since a time, newest first, read in batches of about REPLAY_BATCH rows and
// at most `max` in all: only what a decision needs, never the whole window at once. While the
// caller decides one batch, the database (in its own thread) already reads the next.
import { sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import type { ReplayVisit } from './replay.js';

/** Rows per read: large enough that a round trip costs little per row, small enough to hold. */
export const REPLAY_BATCH = 5_000;

/**
 * A slice's visits as columns, element k of each from the same visit: time (epoch µs), ip
 * (null: not an IP address), url, referrer, user agent, Admin Access. All null when there were
 * none.
 */
type Columns =
  | [number[], (string | null)[], string[], string[], string[], boolean[]]
  | [null, null, null, null, null, null];

/** The first time slice read, back from now; later slices are sized by what the last one held. */
const FIRST_SLICE_MS = 15 * 60_000;

/**
 * The newest `limit` visits in [lo, hi), in no particular order: one JSON text, which the
 * driver hands over as one value instead of decoding thousands of rows field by field (about
 * half the time on PGlite), and in columns, which the database writes faster than an array
 * per visit.
 */
async function readSlice(
  db: Database,
  shopId: string,
  lo: number,
  hi: number,
  limit: number,
): Promise<ReplayVisit[]> {
  // Every aggregate takes the rows in the same pass, so their elements line up. date_part
  // gives a float directly (extract's numeric is several times slower), whole microseconds
  // once rounded; the one rule kind a decision reads is whether the device had Admin Access.
  const result: unknown = await db.execute(sql`
    select json_build_array(
        array_agg((date_part('epoch', s.time) * 1000000)::int8), array_agg(host(s.ip)),
        array_agg(s.url), array_agg(s.referrer), array_agg(s.user_agent),
        array_agg(s.rule_kind is not distinct from 'admin-access'))::text as columns
    from (
      select v.time, v.ip, v.url, v.referrer, v.user_agent, v.rule_kind
      from visits v
      where v.shop_id = ${shopId}
        and v.time >= ${new Date(lo).toISOString()}::timestamptz
        and v.time < ${new Date(hi).toISOString()}::timestamptz
      order by v.time desc, v.id desc
      limit ${limit}
    ) s`);
  const text = (result as { rows: { columns: string }[] }).rows[0]!.columns;
  const [micros, ips, urls, referrers, userAgents, admin] = JSON.parse(text) as Columns;
  if (micros === null) return [];
  return micros.map((time, k) => ({
    time: Math.floor(time / 1000),
    ip: ips[k] ?? '',
    url: urls[k]!,
    referrer: referrers[k]!,
    userAgent: userAgents[k]!,
    adminDevice: admin[k]!,
  }));
}

/**
 * Batches newest first: every visit of a batch is newer than every visit of the next one;
 * within a batch the visits come in no particular order.
 */
export async function* visitBatches(
  db: Database,
  shopId: string,
  since: Date,
  max: number,
  batch = REPLAY_BATCH,
  until = new Date(),
): AsyncGenerator<ReplayVisit[]> {
  // Slices of time back from `until`, each read whole and sorted alone: one ORDER BY ... LIMIT
  // over the whole window would sort every row of the window again for each batch (the
  // planner cannot tell how many rows a shop has in a week).
  const floor = since.getTime();
  let hi = until.getTime() + 1;
  let lo = Math.max(floor, hi - FIRST_SLICE_MS);
  let left = max;
  const read = (from: number, to: number, limit: number) => {
    const rows = readSlice(db, shopId, from, to, limit);
    // A read the caller no longer waits for (it stopped early) must not fail unheard.
    rows.catch(() => {});
    return rows;
  };
  let next = left > 0 && hi > floor ? read(lo, hi, left) : null;
  while (next) {
    const rows = await next;
    left -= rows.length;
    // The next slice is as wide as should hold about one batch at the rate just seen; it is
    // read while this one is decided.
    const rate = rows.length / (hi - lo);
    const width = rate > 0 ? Math.max(1_000, batch / rate) : (hi - lo) * 4;
    hi = lo;
    lo = Math.max(floor, hi - width);
    next = left > 0 && hi > floor ? read(lo, hi, left) : null;
    if (rows.length > 0) yield rows;
  }
}

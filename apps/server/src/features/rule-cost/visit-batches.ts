// A shop's visits since a time, newest first, read in batches of about REPLAY_BATCH rows and
// at most `max` in all: only what a decision needs, never the whole window at once.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ReplayVisit } from './replay.js';

/** Rows per read: large enough that a round trip costs little per row, small enough to hold. */
export const REPLAY_BATCH = 5_000;

/** time (epoch ms), ip (null: not an IP address), url, referrer, user agent, rule kind. */
type Row = [number, string | null, string, string, string, string | null];

/** The first time slice read, back from now; later slices are sized by what the last one held. */
const FIRST_SLICE_MS = 15 * 60_000;

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
  let hi = until.getTime() + 1;
  let width = FIRST_SLICE_MS;
  let left = max;
  const floor = since.getTime();
  while (left > 0 && hi > floor) {
    const lo = Math.max(floor, hi - width);
    // One JSON text per slice: the driver then hands over one value instead of decoding
    // thousands of rows field by field (about half the time on PGlite).
    const result: unknown = await db.execute(sql`
      select coalesce(json_agg(json_build_array(
          (extract(epoch from s.time) * 1000)::float8, host(s.ip), s.url, s.referrer,
          s.user_agent, s.rule_kind) order by s.time desc, s.id desc), '[]')::text as rows
      from (
        select v.time, v.id, v.ip, v.url, v.referrer, v.user_agent, v.rule_kind
        from visits v
        where v.shop_id = ${shopId}
          and v.time >= ${new Date(lo).toISOString()}::timestamptz
          and v.time < ${new Date(hi).toISOString()}::timestamptz
        order by v.time desc, v.id desc
        limit ${left}
      ) s`);
    const text = (result as { rows: { rows: string }[] }).rows[0]?.rows ?? '[]';
    const rows = JSON.parse(text) as Row[];
    if (rows.length > 0) {
      yield rows.map(([time, ip, url, referrer, userAgent, ruleKind]) => ({
        time: new Date(time),
        ip: ip ?? '',
        url,
        referrer,
        userAgent,
        ruleKind,
      }));
    }
    left -= rows.length;
    // The next slice is as wide as should hold about one batch at the rate just seen.
    const rate = rows.length / (hi - lo);
    width = rate > 0 ? Math.max(1_000, batch / rate) : width * 4;
    hi = lo;
  }
}

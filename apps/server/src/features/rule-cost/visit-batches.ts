// A shop's visits since a time, newest first, read in keyset batches on (time desc, id desc)
// (the primary key's order, so each batch reads only its rows) and at most `max` in all: only
// what a decision needs, never the whole window at once.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { ReplayVisit } from './replay.js';

/** Rows per read: large enough that a round trip costs little per row, small enough to hold. */
export const REPLAY_BATCH = 5_000;

interface Row {
  id: string | number;
  time: string | Date;
  time_text: string;
  ip: string | null;
  url: string;
  referrer: string;
  user_agent: string;
  rule_kind: string | null;
}

export async function* visitBatches(
  db: Database,
  shopId: string,
  since: Date,
  max: number,
  batch = REPLAY_BATCH,
): AsyncGenerator<ReplayVisit[]> {
  let after: { time: string; id: string } | null = null;
  let left = max;
  while (left > 0) {
    const size = Math.min(batch, left);
    const keyset: SQL = after
      ? sql`and v.time <= ${after.time}::timestamptz
          and (v.time, v.id) < (${after.time}::timestamptz, ${after.id}::bigint)`
      : sql``;
    const result: unknown = await db.execute(sql`
      select v.id, v.time, v.time::text as time_text, host(v.ip) as ip, v.url, v.referrer,
        v.user_agent, v.rule_kind
      from visits v
      where v.shop_id = ${shopId} and v.time >= ${since.toISOString()}::timestamptz ${keyset}
      order by v.time desc, v.id desc
      limit ${size}`);
    const rows: Row[] = (result as unknown as { rows: Row[] }).rows;
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      time: r.time instanceof Date ? r.time : new Date(r.time),
      ip: r.ip ?? '',
      url: r.url,
      referrer: r.referrer,
      userAgent: r.user_agent,
      ruleKind: r.rule_kind,
    }));
    left -= rows.length;
    if (rows.length < size) return;
    const last: Row = rows[rows.length - 1]!;
    after = { time: last.time_text, id: String(last.id) };
  }
}

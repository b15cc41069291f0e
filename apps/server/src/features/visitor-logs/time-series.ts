// The dashboard chart: allowed and blocked visits per hour (1 and 3 days) or per day (7 and
// 30 days) from the hourly counters the visit flush writes. `pageViews` counts every protected
// view, blocked ones included, so allowed = pageViews − blocked; blocked sums every blocker
// (the counts of cancelled orders are not visits and stay out).
import type { TimeSeries } from '@gatehouse/contracts';
import { and, eq, gte } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { blockerHourlyCounts, orderCounters } from '../../core/db/schema.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export async function timeSeries(
  db: Database,
  shopId: string,
  days: number,
  now = new Date(),
): Promise<TimeSeries> {
  const bucket = days <= 3 ? 'hour' : 'day';
  const size = bucket === 'hour' ? HOUR_MS : DAY_MS;
  const count = bucket === 'hour' ? days * 24 : days;
  // The newest bucket holds `now`; the oldest starts count − 1 buckets before it.
  const last = Math.floor(now.getTime() / size) * size;
  const first = last - (count - 1) * size;
  const rows = await db
    .select({
      hour: blockerHourlyCounts.hour,
      blocker: blockerHourlyCounts.blocker,
      count: blockerHourlyCounts.count,
    })
    .from(blockerHourlyCounts)
    .where(
      and(eq(blockerHourlyCounts.shopId, shopId), gte(blockerHourlyCounts.hour, new Date(first))),
    );
  const views = new Array<number>(count).fill(0);
  const blocked = new Array<number>(count).fill(0);
  for (const row of rows) {
    const i = Math.floor((row.hour.getTime() - first) / size);
    if (i < 0 || i >= count) continue;
    if (row.blocker === 'pageViews') views[i]! += Number(row.count);
    else if (!orderCounters.includes(row.blocker)) blocked[i]! += Number(row.count);
  }
  return {
    bucket,
    buckets: views.map((v, i) => ({
      start: new Date(first + i * size).toISOString(),
      allowed: Math.max(0, v - blocked[i]!),
      blocked: blocked[i]!,
    })),
  };
}

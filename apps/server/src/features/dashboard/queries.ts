// Dashboard numbers from the per-shop hourly blocker counters, never from the visit log.
import { dashboardCounters, type DashboardData } from '@gatehouse/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { blockerHourlyCounts, type HourlyCounter } from '../../core/db/schema.js';
import { usagePeriodStart } from '../../core/usage-period.js';

const HOUR_MS = 60 * 60 * 1000;

async function sumsSince(db: Database, shopId: string, since: Date) {
  const rows = await db
    .select({
      blocker: blockerHourlyCounts.blocker,
      total: sql<string>`coalesce(sum(${blockerHourlyCounts.count}), 0)`,
    })
    .from(blockerHourlyCounts)
    .where(and(eq(blockerHourlyCounts.shopId, shopId), gte(blockerHourlyCounts.hour, since)))
    .groupBy(blockerHourlyCounts.blocker);
  const totals = new Map<HourlyCounter, number>();
  for (const row of rows) totals.set(row.blocker, Number(row.total));
  return totals;
}

export async function dashboardData(
  db: Database,
  shop: { id: string; installedAt: Date },
  days: number,
  now = new Date(),
): Promise<DashboardData> {
  // Counters are hourly buckets: the bucket holding `now - days` is included.
  const since = new Date(Math.floor((now.getTime() - days * 24 * HOUR_MS) / HOUR_MS) * HOUR_MS);
  const totals = await sumsSince(db, shop.id, since);
  const periodStart = usagePeriodStart(shop.installedAt, now).getTime();
  const usage = await sumsSince(db, shop.id, new Date(Math.floor(periodStart / HOUR_MS) * HOUR_MS));
  const counts = Object.fromEntries(dashboardCounters.map((name) => [name, totals.get(name) ?? 0]));
  return { ...(counts as Omit<DashboardData, 'usage'>), usage: usage.get('pageViews') ?? 0 };
}

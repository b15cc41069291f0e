// Pay-As-You-Go metering. Every storefront page view Gatehouse protects counts once in the
// shop's current 30-day period; for a Pay-As-You-Go subscription each full 1,000 views past
// the 4,000 included becomes one $1.00 usage charge, whose posting job is sent in the same
// transaction (usage-charge-job.ts). The
// charge's idempotency key names the subscription, the period and the n-th thousand, so
// counting again (or posting again) can never charge the same thousand twice.
import { plans } from '@gatehouse/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import type { SqlExecutor } from '../../core/jobs/job-queue.js';
import { usageCharges, usagePeriods } from './billing-schema.js';
import { blockerHourlyCounts, shops } from '../../core/db/schema.js';
import { usagePeriodStart, USAGE_PERIOD_MS } from '../../core/usage-period.js';
import { currentSubscription } from './subscription-status.js';

const HOUR_MS = 60 * 60 * 1000;
const PAYG = plans.payg;
const MAX_CHARGES_PER_PERIOD = Math.floor((PAYG.usageCap ?? 0) / (PAYG.pricePerThousand ?? 1)) + 1;

export interface UsagePeriod {
  start: Date;
  end: Date;
  views: number;
}

/** The period holding `now`: anchored on the Pay-As-You-Go activation, else on the install. */
async function periodOf(db: Database, shopId: string, now: Date) {
  const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
  if (!shop) return null;
  const sub = await currentSubscription(db, shopId);
  const metered = sub?.plan === 'payg' && sub.status === 'ACTIVE' && shop.plan === 'payg';
  const anchor = metered && sub.activatedAt ? sub.activatedAt : shop.installedAt;
  const start = usagePeriodStart(anchor, now);
  return {
    shop,
    sub: metered ? sub : null,
    start,
    end: new Date(start.getTime() + USAGE_PERIOD_MS),
  };
}

/** This period's count of protected page views (getDashboardData.usage). */
export async function currentUsage(db: Database, shopId: string, now = new Date()) {
  const period = await periodOf(db, shopId, now);
  if (!period) return null;
  const [row] = await db
    .select({ views: usagePeriods.protectedPageViews })
    .from(usagePeriods)
    .where(and(eq(usagePeriods.shopId, shopId), eq(usagePeriods.periodStart, period.start)));
  return { start: period.start, end: period.end, views: row?.views ?? 0 };
}

/** The number of $1.00 charges `views` protected page views make in one period. */
export function chargeableThousands(views: number): number {
  const included = PAYG.includedViews ?? 0;
  return Math.max(0, Math.floor((views - included) / 1000));
}

/** Sends the posting job of a charge just queued, inside the transaction that queued it. */
export type SendChargeJob = (tx: SqlExecutor, chargeId: string) => Promise<unknown>;

/**
 * Counts `n` protected page views for the shop and queues the usage charges they make, each
 * with its posting job. Answers the period's new total and how many charges were newly queued.
 */
export async function recordProtectedViews(
  db: Database,
  shopId: string,
  n: number,
  now = new Date(),
  sendChargeJob: SendChargeJob,
): Promise<{ views: number; newCharges: number }> {
  if (!Number.isInteger(n) || n <= 0) return { views: 0, newCharges: 0 };
  const period = await periodOf(db, shopId, now);
  if (!period) return { views: 0, newCharges: 0 };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(usagePeriods)
      .values({ shopId, periodStart: period.start, protectedPageViews: n })
      .onConflictDoUpdate({
        target: [usagePeriods.shopId, usagePeriods.periodStart],
        set: { protectedPageViews: sql`${usagePeriods.protectedPageViews} + ${n}` },
      })
      .returning({ views: usagePeriods.protectedPageViews });
    const views = Number(row?.views ?? n);
    // The hourly counter keeps the dashboard's page-view history in step.
    await tx
      .insert(blockerHourlyCounts)
      .values({
        shopId,
        hour: new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS),
        blocker: 'pageViews',
        count: n,
      })
      .onConflictDoUpdate({
        target: [blockerHourlyCounts.shopId, blockerHourlyCounts.hour, blockerHourlyCounts.blocker],
        set: { count: sql`${blockerHourlyCounts.count} + ${n}` },
      });

    const sub = period.sub;
    if (!sub) return { views, newCharges: 0 };
    // Only the thousands these views completed; past the cap one more charge is queued so the
    // platform's refusal is recorded (capped), and nothing beyond it.
    const from = chargeableThousands(views - n) + 1;
    const to = Math.min(chargeableThousands(views), MAX_CHARGES_PER_PERIOD);
    if (to < from) return { views, newCharges: 0 };
    const cents = Math.round((PAYG.pricePerThousand ?? 0) * 100);
    const values = Array.from({ length: to - from + 1 }, (_, i) => ({
      idempotencyKey: `${sub.platformId}:${period.start.toISOString()}:${from + i}`,
      shopId,
      subscriptionId: sub.id,
      amountCents: cents,
      viewsCovered: 1000,
    }));
    const inserted = await tx
      .insert(usageCharges)
      .values(values)
      .onConflictDoNothing({ target: usageCharges.idempotencyKey })
      .returning({ id: usageCharges.id });
    for (const { id } of inserted) await sendChargeJob(tx, id);
    return { views, newCharges: inserted.length };
  });
}

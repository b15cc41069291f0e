// getSubscription's answer: the plan the shop has now, the paid subscription behind it, the
// trial still available, this period's protected page views and any approval still pending.
import { plans, type SubscriptionState } from '@gatehouse/contracts';
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { subscriptions } from './billing-schema.js';
import type { Shop } from '../../core/db/schema.js';
import { currentUsage } from './metering.js';
import { currentSubscription } from './subscription-status.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The free trial is given once per shop: not after a subscription with a trial was active. */
export async function trialAvailable(db: Database, shopId: string): Promise<boolean> {
  const [used] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.shopId, shopId),
        isNotNull(subscriptions.activatedAt),
        gt(subscriptions.trialDays, 0),
      ),
    )
    .limit(1);
  return !used;
}

export async function subscriptionStateOf(
  db: Database,
  shop: Shop,
  now = new Date(),
): Promise<SubscriptionState> {
  const current = await currentSubscription(db, shop.id);
  const [latest] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.shopId, shop.id))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  const usage = await currentUsage(db, shop.id, now);
  const trialLeftMs = current?.trialEndsAt ? current.trialEndsAt.getTime() - now.getTime() : 0;
  return {
    plan: shop.plan,
    subscription:
      current && current.status !== 'CANCELLED'
        ? {
            plan: current.plan,
            status: current.status,
            test: current.test,
            trialDaysLeft:
              current.status === 'ACTIVE' ? Math.max(0, Math.ceil(trialLeftMs / DAY_MS)) : 0,
            trialEndsAt: current.trialEndsAt?.toISOString() ?? null,
            currentPeriodEnd: current.currentPeriodEnd?.toISOString() ?? null,
          }
        : null,
    trialAvailable: await trialAvailable(db, shop.id),
    usage: {
      views: usage?.views ?? 0,
      includedViews: plans.payg.includedViews ?? 0,
      periodStart: (usage?.start ?? now).toISOString(),
      periodEnd: (usage?.end ?? now).toISOString(),
    },
    pending:
      latest?.status === 'PENDING'
        ? { plan: latest.plan, confirmationUrl: latest.confirmationUrl }
        : null,
  };
}

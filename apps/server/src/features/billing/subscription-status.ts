// Keeps shops.plan true to the platform. A shop's current subscription is the one it most
// recently activated; its status decides the plan (ACTIVE → that plan, anything else → Free's
// features, nothing deleted). Statuses of older subscriptions are recorded but never change
// the plan, and a status older than the last one applied is ignored.
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { subscriptions, type SubscriptionRow } from './billing-schema.js';
import { shops } from '../../core/db/schema.js';
import type { PlatformSubscriptionStatus } from '../../core/platform/billing-api.js';

export interface StatusReport {
  status: PlatformSubscriptionStatus;
  /** The platform's updated_at (webhooks); a fresh read from the platform passes none. */
  platformUpdatedAt?: Date | null;
  currentPeriodEnd?: Date | null;
}

/** The shop's current (latest activated) subscription, if it ever activated one. */
export async function currentSubscription(
  db: Database,
  shopId: string,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.shopId, shopId), isNotNull(subscriptions.activatedAt)))
    .orderBy(desc(subscriptions.activatedAt))
    .limit(1);
  return row ?? null;
}

/**
 * Records what the platform says about one of the shop's subscriptions and re-derives the
 * shop's plan. Answers the row as it is now, or null when the shop has no such subscription
 * (a forged or foreign id changes nothing). Safe to run twice with the same report.
 */
export async function applySubscriptionStatus(
  db: Database,
  shopId: string,
  platformId: string,
  report: StatusReport,
  now = new Date(),
): Promise<SubscriptionRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.shopId, shopId), eq(subscriptions.platformId, platformId)))
      .for('update');
    if (!row) return null;
    const at = report.platformUpdatedAt ?? null;
    if (at && row.platformUpdatedAt && at < row.platformUpdatedAt) return row; // stale delivery

    const activating = report.status === 'ACTIVE' && !row.activatedAt;
    const trialEndsAt =
      activating && row.trialDays > 0
        ? new Date(now.getTime() + row.trialDays * 24 * 60 * 60 * 1000)
        : row.trialEndsAt;
    const [updated] = await tx
      .update(subscriptions)
      .set({
        status: report.status,
        updatedAt: now,
        trialEndsAt,
        ...(activating ? { activatedAt: now } : {}),
        ...(at ? { platformUpdatedAt: at } : {}),
        ...(report.currentPeriodEnd ? { currentPeriodEnd: report.currentPeriodEnd } : {}),
      })
      .where(eq(subscriptions.id, row.id))
      .returning();

    const [current] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.shopId, shopId), isNotNull(subscriptions.activatedAt)))
      .orderBy(desc(subscriptions.activatedAt))
      .limit(1);
    if (current?.id === row.id) {
      const active = report.status === 'ACTIVE';
      await tx
        .update(shops)
        .set({
          plan: active ? row.plan : 'free',
          // Choosing a plan clears isNew once the plan is really active.
          ...(active ? { isNew: false } : {}),
          updatedAt: now,
        })
        .where(eq(shops.id, shopId));
    }
    return updated ?? row;
  });
}

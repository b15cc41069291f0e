// The subscription writes whose answer may be lost (a time-out, a server error, a broken
// connection), so that neither is reported as not done and then happens. Choosing a paid plan:
// a request the platform answers late is recorded all the same, with its approval page, and
// choosing the same plan again while that request is still pending on the platform (read back
// first) answers the same approval page instead of starting a second charge. Cancelling: when
// the answer is lost, the subscription is read back before the merchant is answered: cancelled
// there is done; still active there means the cancellation may yet go through, and saying so.
import type { PlanId } from '@gatehouse/contracts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../core/audit.js';
import { subscriptions, type SubscriptionRow } from './billing-schema.js';
import type { Shop } from '../../core/db/schema.js';
import { badRequest } from '../../core/errors.js';
import type { CreatedSubscription } from '../../core/platform/billing-api.js';
import { PlatformError } from '../../core/platform/platform-client.js';
import { outcomeUnknown, unknownOutcomeLead } from '../../core/platform/unknown-outcome.js';
import { applySubscriptionStatus } from './subscription-status.js';

type PaidPlan = Exclude<PlanId, 'free'>;

export const writeMessages = {
  subscribeTask: 'start your subscription',
  cancelTask: 'cancel your subscription',
  /** After `lead` (what happened): the subscription request may have been created. */
  subscribeUnknown: (lead: string) =>
    `${lead}, so it may or may not have been created. Please try again in a minute: Gatehouse checks with Shopify first, and you are never charged twice.`,
  /** After `lead`: the platform, read back, still shows the subscription active. */
  cancelStillActive: (lead: string) =>
    `${lead}, and Shopify still shows your subscription as active, so the cancellation may or may not go through. Please check your plan in a minute and cancel again if it is still active; cancelling twice is safe.`,
  /** After `lead`: the read-back failed too. */
  cancelUnchecked: (lead: string) =>
    `${lead}, and we could not check with Shopify whether it was cancelled. Please check your plan in a minute and cancel again if it is still active; cancelling twice is safe.`,
} as const;

/** What the merchant asked for: the plan, its trial and whether it is a test charge. */
export interface PlanRequest {
  plan: PaidPlan;
  trialDays: number;
  test: boolean;
}

/** Records a subscription the platform created for the shop (once, however often told). */
export async function recordRequested(
  app: FastifyInstance,
  shop: Pick<Shop, 'id'>,
  request: PlanRequest,
  created: CreatedSubscription,
): Promise<void> {
  const { subscription, confirmationUrl } = created;
  const [inserted] = await app.db
    .insert(subscriptions)
    .values({
      shopId: shop.id,
      platformId: subscription.id,
      plan: request.plan,
      status: subscription.status,
      test: subscription.test,
      trialDays: subscription.trialDays,
      usageLineItemId: subscription.usageLineItemId,
      confirmationUrl,
    })
    .onConflictDoNothing()
    .returning({ id: subscriptions.id });
  if (!inserted) return;
  await audit(app.db, {
    shopId: shop.id,
    actor: 'merchant',
    action: 'plan.requested',
    detail: {
      plan: request.plan,
      subscription: subscription.id,
      trialDays: request.trialDays,
      test: request.test,
    },
  });
}

/**
 * The approval page of the shop's request for the plan that the platform, read back now,
 * still shows pending: choosing the plan again answers it rather than a second charge. Null
 * when there is none (a request declined or expired meanwhile is recorded as such).
 */
export async function pendingApproval(
  app: FastifyInstance,
  shop: Shop,
  token: string,
  plan: PaidPlan,
): Promise<string | null> {
  const [row] = await app.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.shopId, shop.id),
        eq(subscriptions.plan, plan),
        eq(subscriptions.status, 'PENDING'),
        isNull(subscriptions.activatedAt),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  if (!row) return null;
  let fresh;
  try {
    fresh = await app.billing.api.readSubscription(shop.domain, token, row.platformId);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    app.log.error({ err: error, shop: shop.domain }, 'reading the pending subscription failed');
    throw badRequest(error.messageFor(writeMessages.subscribeTask));
  }
  if (fresh?.status === 'PENDING') return row.confirmationUrl;
  if (fresh) {
    await applySubscriptionStatus(app.db, shop.id, row.platformId, {
      status: fresh.status,
      currentPeriodEnd: fresh.currentPeriodEnd ? new Date(fresh.currentPeriodEnd) : null,
    });
  }
  return null;
}

/** Asks the platform for a subscription; a lost answer is recorded when it comes. */
export async function requestSubscription(
  app: FastifyInstance,
  shop: Shop,
  token: string,
  request: PlanRequest,
  create: (late: (created: CreatedSubscription) => Promise<void>) => Promise<CreatedSubscription>,
): Promise<string> {
  let created;
  try {
    created = await create((late) => recordRequested(app, shop, request, late));
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    app.log.error({ err: error, shop: shop.domain }, 'creating the subscription failed');
    if (outcomeUnknown(error)) {
      throw badRequest(
        writeMessages.subscribeUnknown(unknownOutcomeLead(error, writeMessages.subscribeTask)),
      );
    }
    throw badRequest(error.messageFor(writeMessages.subscribeTask));
  }
  await recordRequested(app, shop, request, created);
  return created.confirmationUrl;
}

/**
 * Cancels the subscription on the platform. When the answer is lost, reads it back within the
 * same deadline (the cancel gets two thirds of it): cancelled there counts as done; otherwise
 * the merchant is told it may yet go through.
 */
export async function cancelOnPlatform(
  app: FastifyInstance,
  shop: Shop,
  token: string,
  current: SubscriptionRow,
): Promise<void> {
  const deadline = app.platform.flowDeadline();
  const cancelBy = Date.now() + Math.round((app.config.platformCalls.deadlineMs * 2) / 3);
  try {
    await app.billing.api.cancelSubscription(shop.domain, token, current.platformId, {
      deadline: cancelBy,
    });
    return;
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    app.log.error({ err: error, shop: shop.domain }, 'cancelling the subscription failed');
    if (!outcomeUnknown(error)) throw badRequest(error.messageFor(writeMessages.cancelTask));
    const lead = unknownOutcomeLead(error, writeMessages.cancelTask);
    let fresh;
    try {
      fresh = await app.billing.api.readSubscription(shop.domain, token, current.platformId, {
        deadline,
      });
    } catch (readError) {
      app.log.error({ err: readError, shop: shop.domain }, 'reading the subscription back failed');
      throw badRequest(writeMessages.cancelUnchecked(lead));
    }
    if (fresh && (fresh.status === 'ACTIVE' || fresh.status === 'FROZEN')) {
      throw badRequest(writeMessages.cancelStillActive(lead));
    }
    // The platform shows it ended: the cancellation went through.
  }
}

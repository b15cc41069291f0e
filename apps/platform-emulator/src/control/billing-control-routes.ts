// Billing support commands under /_emulator: list a shop's subscriptions with their usage,
// and do to a subscription what the platform does on its own (freeze for non-payment,
// reactivate, cancel, expire an unanswered charge, start the next billing period).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { decimal } from '../billing/money.js';
import {
  advancePeriod,
  confirmationUrl,
  findSubscription,
  lineItemGid,
  shopSubscriptions,
  transition,
} from '../billing/subscriptions.js';
import type { EmulatorContext } from '../context.js';
import { parseGid } from '../graphql/domain.js';
import { isShopDomain } from '../shop-domain.js';
import type { AppSubscriptionRecord, AppSubscriptionStatus } from '../state/types.js';
import type { SubscriptionLineItemView, SubscriptionView } from './control-types.js';

export function subscriptionView(
  context: EmulatorContext,
  sub: AppSubscriptionRecord,
): SubscriptionView {
  const lineItems = sub.lineItems.map((item): SubscriptionLineItemView => {
    const id = lineItemGid(sub, item);
    if (item.kind === 'usage') {
      return {
        id,
        kind: 'usage',
        terms: item.terms,
        cappedAmount: decimal(item.cappedCents),
        balanceUsed: decimal(item.balanceUsedCents),
        currencyCode: item.currencyCode,
      };
    }
    const { discount } = item;
    return {
      id,
      kind: 'recurring',
      price: decimal(item.priceCents),
      currencyCode: item.currencyCode,
      interval: item.interval,
      discount: discount && {
        amount: discount.amountCents === null ? null : decimal(discount.amountCents),
        percentage: discount.percentage,
        durationLimitInIntervals: discount.durationLimitInIntervals,
        remainingDurationInIntervals: discount.remainingDurationInIntervals,
      },
    };
  });
  const usageRecords = context.store.state.appUsageRecords
    .filter((record) => record.subscriptionId === sub.id)
    .map((record) => {
      const item = sub.lineItems.find((candidate) => candidate.index === record.lineItemIndex);
      return {
        id: `gid://shopify/AppUsageRecord/${record.id}`,
        lineItemId: item ? lineItemGid(sub, item) : '',
        description: record.description,
        price: decimal(record.priceCents),
        currencyCode: record.currencyCode,
        idempotencyKey: record.idempotencyKey,
        createdAt: record.createdAt,
      };
    });
  return {
    id: sub.id,
    gid: `gid://shopify/AppSubscription/${sub.id}`,
    name: sub.name,
    status: sub.status,
    test: sub.test,
    trialDays: sub.trialDays,
    trialEndsOn: sub.trialEndsOn,
    returnUrl: sub.returnUrl,
    confirmationUrl: confirmationUrl(context, sub),
    replacementBehavior: sub.replacementBehavior,
    createdAt: sub.createdAt,
    updatedAt: sub.updatedAt,
    activatedAt: sub.activatedAt,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelledAt: sub.cancelledAt,
    lineItems,
    usageRecords,
  };
}

/** Support commands that are one status move each: the path's last segment → the target. */
const MOVES: Record<string, { to: AppSubscriptionStatus; from: string }> = {
  freeze: { to: 'FROZEN', from: 'ACTIVE' },
  unfreeze: { to: 'ACTIVE', from: 'FROZEN' },
  cancel: { to: 'CANCELLED', from: 'PENDING, ACTIVE or FROZEN' },
  expire: { to: 'EXPIRED', from: 'PENDING' },
};

export async function billingControlRoutes(app: FastifyInstance, context: EmulatorContext) {
  const params = (raw: unknown) => raw as { shop: string; id: string; command?: string };

  /** The subscription named by `:id` (numeric or its GID), or a 404 already sent. */
  const load = (shop: string, id: string, reply: FastifyReply) => {
    const numericId = /^\d+$/.test(id) ? Number(id) : parseGid('AppSubscription', id);
    const sub =
      isShopDomain(shop) && context.store.shop(shop)
        ? findSubscription(context, shop, numericId)
        : undefined;
    if (!sub) void reply.code(404).send({ error: `No subscription ${id} on ${shop}` });
    return sub ?? null;
  };

  app.get('/_emulator/shops/:shop/subscriptions', async (request, reply) => {
    const { shop } = params(request.params);
    if (!isShopDomain(shop) || !context.store.shop(shop)) {
      return reply.code(404).send({ error: `No shop ${shop}` });
    }
    return {
      subscriptions: shopSubscriptions(context, shop).map((sub) => subscriptionView(context, sub)),
    };
  });

  app.post('/_emulator/shops/:shop/subscriptions/:id/advance-period', async (request, reply) => {
    const { shop, id } = params(request.params);
    const sub = load(shop, id, reply);
    if (!sub) return reply;
    if (!advancePeriod(context, sub)) {
      return reply
        .code(409)
        .send({ error: `Only an ACTIVE or FROZEN subscription has periods; it is ${sub.status}` });
    }
    return subscriptionView(context, sub);
  });

  app.post('/_emulator/shops/:shop/subscriptions/:id/:command', async (request, reply) => {
    const { shop, id, command } = params(request.params);
    const move = MOVES[command ?? ''];
    if (!move) return reply.code(404).send({ error: `No command ${command ?? ''}` });
    const sub = load(shop, id, reply);
    if (!sub) return reply;
    if (!transition(context, sub, move.to)) {
      return reply.code(409).send({
        error: `Cannot ${command} a ${sub.status} subscription (it must be ${move.from})`,
      });
    }
    return subscriptionView(context, sub);
  });
}

// Subscription calls: the plan catalogue, the shop's subscription, choosing a plan
// (Free at once; a paid plan answers the platform's confirmation URL) and cancelling, plus
// the return URL the platform sends the merchant back to after approving or declining.
// Gated calls are listed in gates.ts.
import { api, isShopDomain, plans, type PlanId } from '@gatehouse/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../core/audit.js';
import { subscriptions } from './billing-schema.js';
import { shops, type Shop } from '../../core/db/schema.js';
import { badRequest } from '../../core/errors.js';
import { APP_HANDLE } from '../../core/http/embedded-page.js';
import { route } from '../../core/http/route.js';
import { accessChanged } from '../../core/sessions/access-changes.js';
import { shopOfSession } from '../../core/shops.js';
import { applySubscriptionStatus, currentSubscription } from './subscription-status.js';
import { cancelOnPlatform, pendingApproval, requestSubscription } from './subscription-writes.js';
import { subscriptionStateOf, trialAvailable } from './subscription-view.js';

export const billingMessages = {
  alreadyOnPlan: (name: string) => `You are already on the ${name} plan.`,
  nothingToCancel: 'You have no paid subscription to cancel.',
  /** The shop has no access token (uninstalled meanwhile): only signing in again gives one. */
  noToken:
    'Gatehouse cannot reach Shopify for your store. Please sign in to Gatehouse again, then try again.',
} as const;

export const USAGE_TERMS = '$1.00 per 1,000 protected page views after 4,000';

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  const { appUrl } = app.config;

  async function tokenOf(shop: Shop): Promise<string> {
    const token = app.tokens.accessTokenOf(shop);
    if (!token) throw badRequest(billingMessages.noToken);
    return token;
  }

  /** Cancels the shop's paid subscription on the platform (if any) and falls back to Free. */
  async function cancelPaid(shop: Shop): Promise<boolean> {
    const current = await currentSubscription(app.db, shop.id);
    const open = current && (current.status === 'ACTIVE' || current.status === 'FROZEN');
    if (open) {
      await cancelOnPlatform(app, shop, await tokenOf(shop), current);
      await app.db
        .update(subscriptions)
        .set({ status: 'CANCELLED', updatedAt: new Date() })
        .where(eq(subscriptions.id, current.id));
    }
    await app.db
      .update(shops)
      .set({ plan: 'free', isNew: false, updatedAt: new Date() })
      .where(eq(shops.id, shop.id));
    await accessChanged(app.notify, app.log, shop.id);
    await app.checkoutBlocks.planChanged(shop.id);
    return Boolean(open);
  }

  route(app, api.getPlans, async () =>
    Object.values(plans).map((p) => ({
      id: p.id,
      name: p.name,
      price: p.price,
      trialDays: p.trialDays,
      includedViews: p.includedViews,
      pricePerThousand: p.pricePerThousand,
      usageCap: p.usageCap,
      highlights: [...p.highlights],
    })),
  );

  route(app, api.getSubscription, async (_input, { session }) => {
    const shop = await shopOfSession(app.db, session);
    return subscriptionStateOf(app.db, shop);
  });

  route(
    app,
    api.choosePlan,
    async ({ plan }, { session }) => {
      const shop = await shopOfSession(app.db, session);
      const current = await currentSubscription(app.db, shop.id);
      if (plan === 'free') {
        // Free is "chosen" by a new account too, so only an existing Free account is refused.
        if (shop.plan === 'free' && !shop.isNew && current?.status !== 'FROZEN') {
          throw badRequest(billingMessages.alreadyOnPlan(plans.free.name));
        }
        await cancelPaid(shop);
        await audit(app.db, { shopId: shop.id, actor: 'merchant', action: 'plan.free' });
        return { confirmationUrl: null };
      }
      if (shop.plan === plan && current?.status === 'ACTIVE') {
        throw badRequest(billingMessages.alreadyOnPlan(plans[plan].name));
      }
      // Chosen inside the platform's admin: the merchant comes back there after confirming.
      const embedded = session.staffUserId !== null;
      return { confirmationUrl: await startSubscription(shop, plan, embedded) };
    },
    { mutates: true },
  );

  /** The approval page of a new request for the plan, or of the one still pending for it. */
  async function startSubscription(
    shop: Shop,
    plan: Exclude<PlanId, 'free'>,
    embedded: boolean,
  ): Promise<string> {
    const back = new URLSearchParams({ shop: shop.domain, ...(embedded ? { embedded: '1' } : {}) });
    const token = await tokenOf(shop);
    const pending = await pendingApproval(app, shop, token, plan);
    if (pending) return pending;
    const catalogue = plans[plan];
    const trialDays = (await trialAvailable(app.db, shop.id)) ? catalogue.trialDays : 0;
    const test = app.config.billing.test;
    return requestSubscription(app, shop, token, { plan, trialDays, test }, (late) =>
      app.billing.api.createSubscription(
        shop.domain,
        token,
        {
          name: catalogue.name,
          price: catalogue.price,
          trialDays,
          test,
          returnUrl: `${appUrl}/api/billing/return?${back.toString()}`,
          usage:
            plan === 'payg' ? { terms: USAGE_TERMS, cappedAmount: catalogue.usageCap ?? 0 } : null,
        },
        late,
      ),
    );
  }

  route(
    app,
    api.cancelSubscription,
    async (_input, { session }) => {
      const shop = await shopOfSession(app.db, session);
      if (shop.plan === 'free') {
        const current = await currentSubscription(app.db, shop.id);
        // Cancelling again what is cancelled (a retry after an unanswered cancel) is done.
        if (current?.status === 'CANCELLED') return true;
        if (current?.status !== 'FROZEN') throw badRequest(billingMessages.nothingToCancel);
      }
      await cancelPaid(shop);
      await audit(app.db, { shopId: shop.id, actor: 'merchant', action: 'plan.cancelled' });
      return true;
    },
    { mutates: true },
  );

  // The merchant's browser comes back here from the platform's confirmation page. Nothing in
  // the URL is trusted: the subscription is re-read from the platform with the shop's token.
  // A plan chosen inside the platform's admin goes back to the app's page there.
  app.get('/api/billing/return', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const shopDomain = typeof query.shop === 'string' ? query.shop.toLowerCase() : '';
    const chargeId = typeof query.charge_id === 'string' ? query.charge_id : '';
    const to = (outcome: string, plan?: string) => {
      const page = `/subscription?${new URLSearchParams({ outcome, ...(plan ? { plan } : {}) }).toString()}`;
      return reply.redirect(
        query.embedded === '1' && isShopDomain(shopDomain)
          ? app.platform.platformUrl(shopDomain, `/admin/apps/${APP_HANDLE}${page}`)
          : page,
      );
    };
    if (!isShopDomain(shopDomain) || !/^\d{1,20}$/.test(chargeId)) return to('failed');
    const [shop] = await app.db.select().from(shops).where(eq(shops.domain, shopDomain));
    const token = shop ? app.tokens.accessTokenOf(shop) : null;
    if (!shop || !token) return to('failed');
    const platformId = `gid://shopify/AppSubscription/${chargeId}`;
    const [row] = await app.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.shopId, shop.id), eq(subscriptions.platformId, platformId)));
    if (!row) return to('failed');

    let fresh;
    try {
      fresh = await app.billing.api.readSubscription(shop.domain, token, platformId);
    } catch (error) {
      request.log.error({ err: error, shop: shop.domain }, 'reading the subscription failed');
      return to('pending', row.plan);
    }
    if (!fresh) return to('failed', row.plan);
    await applySubscriptionStatus(app.db, shop.id, platformId, {
      status: fresh.status,
      currentPeriodEnd: fresh.currentPeriodEnd ? new Date(fresh.currentPeriodEnd) : null,
    });
    await accessChanged(app.notify, app.log, shop.id);
    await app.checkoutBlocks.planChanged(shop.id);
    const outcome =
      fresh.status === 'ACTIVE'
        ? 'activated'
        : fresh.status === 'DECLINED'
          ? 'declined'
          : fresh.status === 'PENDING'
            ? 'pending'
            : 'failed';
    await audit(app.db, {
      shopId: shop.id,
      actor: 'platform',
      action: `plan.${outcome}`,
      detail: { plan: row.plan, subscription: platformId },
    });
    return to(outcome, row.plan);
  });
}

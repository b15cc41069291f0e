// appSubscriptionCreate and the confirmation page: a pending charge, what the page shows, and
// approving or declining it with the webhook and the return to the app.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { webhookHmac } from '../src/webhooks/webhook-hmac.js';
import {
  PAYG_ITEMS,
  RETURN_URL,
  SHOP,
  activeSubscriptions,
  answer,
  chargeId,
  confirmPath,
  createSubscription,
  useBillingSetup,
} from './billing-helpers.js';
import { API_SECRET, PUBLIC_URL, install } from './helpers.js';
import { until, type Received } from './receiver.js';

const DAY_MS = 24 * 60 * 60 * 1000;

let app: FastifyInstance;
let token: string;
let received: Received[];
let updates: () => string[][];
useBillingSetup((setup) => {
  ({ app, token, updates } = setup);
  received = setup.receiver.received;
});

describe('appSubscriptionCreate and the confirmation page', () => {
  it('creates a PENDING subscription with the fragment api-lib reads and a confirmation URL', async () => {
    const created = await createSubscription(app, token);
    expect(created.userErrors).toEqual([]);
    const sub = created.appSubscription;
    const id = chargeId(sub?.id);
    expect(id).toMatch(/^\d+$/);
    expect(sub).toMatchObject({
      name: 'Premium',
      test: true,
      status: 'PENDING',
      trialDays: 7,
      currentPeriodEnd: null,
      returnUrl: RETURN_URL,
      lineItems: [
        {
          id: `gid://shopify/AppSubscriptionLineItem/${id}?v=1&index=0`,
          plan: {
            pricingDetails: {
              __typename: 'AppRecurringPricing',
              price: { amount: '14.99', currencyCode: 'USD' },
              interval: 'EVERY_30_DAYS',
              discount: null,
            },
          },
        },
      ],
    });
    expect(created.confirmationUrl).toBe(`${PUBLIC_URL}/shops/${SHOP}/admin/charges/${id}/confirm`);
    expect(await activeSubscriptions(app, token)).toEqual([]);
    expect(updates()).toEqual([]);
  });

  it('shows the charge, and Approve activates it, sends the webhook and returns with charge_id', async () => {
    const created = await createSubscription(app, token);
    const id = chargeId(created.appSubscription?.id);
    const page = await app.inject(confirmPath(created.confirmationUrl ?? ''));
    expect(page.statusCode).toBe(200);
    for (const text of ['Gatehouse', 'Premium', '$14.99 USD every 30 days', '7-day free trial']) {
      expect(page.body).toContain(text);
    }
    expect(page.body).toContain('Test charge');
    expect(page.body).toMatch(/<button[^>]*value="approve"[^>]*>\s*Approve\s*<\/button>/);
    expect(page.body).toMatch(/<button[^>]*value="decline"[^>]*>\s*Decline\s*<\/button>/);

    const approved = await answer(app, created.confirmationUrl ?? '', 'approve');
    expect(approved.statusCode).toBe(302);
    expect(approved.headers.location).toBe(`${RETURN_URL}&charge_id=${id}`);

    const [active] = await activeSubscriptions(app, token);
    expect(active).toMatchObject({ id: created.appSubscription?.id, status: 'ACTIVE' });
    const periodEnd = Date.parse(active?.currentPeriodEnd ?? '');
    expect(Math.abs(periodEnd - (Date.now() + 30 * DAY_MS))).toBeLessThan(60_000);
    const state = await app.inject(`/_emulator/shops/${SHOP}/subscriptions`);
    const [view] = (state.json() as { subscriptions: { trialEndsOn: string }[] }).subscriptions;
    expect(Math.abs(Date.parse(view?.trialEndsOn ?? '') - (Date.now() + 7 * DAY_MS))).toBeLessThan(
      60_000,
    );

    await until(() => received.length === 1);
    const [delivery] = received;
    expect(delivery?.headers['x-shopify-topic']).toBe('app_subscriptions/update');
    expect(delivery?.headers['x-shopify-hmac-sha256']).toBe(
      webhookHmac(API_SECRET, delivery?.body ?? ''),
    );
    expect(JSON.parse(delivery?.body ?? '{}')).toEqual({
      app_subscription: {
        admin_graphql_api_id: created.appSubscription?.id,
        name: 'Premium',
        status: 'ACTIVE',
        admin_graphql_api_shop_id: 'gid://shopify/Shop/548380009',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        currency: 'USD',
        capped_amount: null,
        price: '14.99',
        interval: 'every_30_days',
        plan_handle: null,
      },
    });
  });

  it('shows the usage terms and cap of a usage line item, and no test notice for a real charge', async () => {
    const created = await createSubscription(app, token, {
      name: 'Pay-As-You-Go',
      test: false,
      lineItems: PAYG_ITEMS,
    });
    const page = await app.inject(confirmPath(created.confirmationUrl ?? ''));
    expect(page.body).toContain('$4.99 USD every 30 days');
    expect(page.body).toContain('$1.00 per 1,000 protected page views after the first 4,000');
    expect(page.body).toContain('$30.00 USD');
    expect(page.body).not.toContain('Test charge');
  });

  it('Decline marks it DECLINED, sends the webhook and returns with charge_id', async () => {
    const created = await createSubscription(app, token);
    const declined = await answer(app, created.confirmationUrl ?? '', 'decline');
    expect(declined.statusCode).toBe(302);
    expect(declined.headers.location).toBe(
      `${RETURN_URL}&charge_id=${chargeId(created.appSubscription?.id)}`,
    );
    expect(await activeSubscriptions(app, token)).toEqual([]);
    await until(() => updates().length === 1);
    expect(updates()).toEqual([[created.appSubscription?.id, 'DECLINED']]);
  });

  it('will not approve a charge that is no longer PENDING', async () => {
    const created = await createSubscription(app, token);
    await answer(app, created.confirmationUrl ?? '', 'decline');
    const page = await app.inject(confirmPath(created.confirmationUrl ?? ''));
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('This charge can no longer be approved');
    const again = await answer(app, created.confirmationUrl ?? '', 'approve');
    expect(again.statusCode).toBe(409);
    expect(await activeSubscriptions(app, token)).toEqual([]);
  });

  it('answers 404 for a charge of another shop', async () => {
    const other = await install(app, 'acme-outdoor.myshopify.com');
    const created = await createSubscription(app, other, {}, 'acme-outdoor.myshopify.com');
    const id = chargeId(created.appSubscription?.id);
    const page = await app.inject(`/shops/${SHOP}/admin/charges/${id}/confirm`);
    expect(page.statusCode).toBe(404);
  });
});

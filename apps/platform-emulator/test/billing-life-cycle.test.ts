// A subscription's life after approval: cancelling, freezing, replacing, expiring while
// pending, ending at uninstall, each with its webhook, and its line on the store admin home.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import {
  PAYG_ITEMS,
  SHOP,
  activeSubscriptions,
  answer,
  chargeId,
  confirmPath,
  createSubscription,
  useBillingSetup,
} from './billing-helpers.js';
import { graphql, install } from './helpers.js';
import { until } from './receiver.js';

const DAY_MS = 24 * 60 * 60 * 1000;

let app: FastifyInstance;
let token: string;
let updates: () => string[][];
useBillingSetup((setup) => ({ app, token, updates } = setup));

describe('subscription life cycle', () => {
  async function activeOne(variables: Record<string, unknown> = {}) {
    const created = await createSubscription(app, token, variables);
    await answer(app, created.confirmationUrl ?? '', 'approve');
    return created.appSubscription?.id ?? '';
  }

  it('appSubscriptionCancel cancels with a webhook, and refuses a second time', async () => {
    const id = await activeOne();
    const cancel = (subscriptionId: string) =>
      graphql<{
        appSubscriptionCancel: {
          appSubscription: { status: string } | null;
          userErrors: { field: string[]; message: string }[];
        };
      }>(
        app,
        SHOP,
        token,
        'mutation($id: ID!) { appSubscriptionCancel(id: $id, prorate: true) { appSubscription { id status } userErrors { field message } } }',
        { id: subscriptionId },
      );
    const first = await cancel(id);
    expect(first.body.data?.appSubscriptionCancel).toEqual({
      appSubscription: { id, status: 'CANCELLED' },
      userErrors: [],
    });
    expect(await activeSubscriptions(app, token)).toEqual([]);
    await until(() => updates().length === 2);
    expect(updates()).toContainEqual([id, 'CANCELLED']);

    const second = await cancel(id);
    expect(second.body.data?.appSubscriptionCancel).toEqual({
      appSubscription: null,
      userErrors: [{ field: ['id'], message: 'The app subscription is already cancelled' }],
    });
    const unknown = await cancel('gid://shopify/AppSubscription/999999');
    expect(unknown.body.data?.appSubscriptionCancel.userErrors).toHaveLength(1);
  });

  it("refuses to cancel another shop's subscription", async () => {
    const otherShop = 'acme-outdoor.myshopify.com';
    const other = await install(app, otherShop);
    const created = await createSubscription(app, other, {}, otherShop);
    const result = await graphql<{ appSubscriptionCancel: { userErrors: unknown[] } }>(
      app,
      SHOP,
      token,
      'mutation($id: ID!) { appSubscriptionCancel(id: $id) { userErrors { field message } } }',
      { id: created.appSubscription?.id },
    );
    expect(result.body.data?.appSubscriptionCancel.userErrors).toEqual([
      { field: ['id'], message: "Couldn't find app subscription" },
    ]);
  });

  it('freeze hides the subscription from activeSubscriptions, unfreeze reactivates it', async () => {
    const id = await activeOne();
    const numeric = chargeId(id);
    const frozen = await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/subscriptions/${numeric}/freeze`,
    });
    expect(frozen.json()).toMatchObject({ status: 'FROZEN' });
    expect(await activeSubscriptions(app, token)).toEqual([]);
    const node = await graphql<{ node: { status: string } }>(
      app,
      SHOP,
      token,
      'query($id: ID!) { node(id: $id) { id ... on AppSubscription { status } } }',
      { id },
    );
    expect(node.body.data?.node).toEqual({ id, status: 'FROZEN' });

    const unfrozen = await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/subscriptions/${numeric}/unfreeze`,
    });
    expect(unfrozen.json()).toMatchObject({ status: 'ACTIVE' });
    expect(await activeSubscriptions(app, token)).toMatchObject([{ id, status: 'ACTIVE' }]);
    await until(() => updates().length === 3);
    expect(updates()).toEqual(
      expect.arrayContaining([
        [id, 'ACTIVE'],
        [id, 'FROZEN'],
      ]),
    );
    expect(updates().filter(([, status]) => status === 'ACTIVE')).toHaveLength(2);
  });

  it('approving a second subscription cancels the first, with a webhook for each', async () => {
    const first = await activeOne();
    const second = await activeOne({ name: 'Pay-As-You-Go', lineItems: PAYG_ITEMS });
    expect(await activeSubscriptions(app, token)).toMatchObject([
      { id: second, name: 'Pay-As-You-Go' },
    ]);
    await until(() => updates().length === 3);
    expect(updates()).toEqual(
      expect.arrayContaining([
        [first, 'ACTIVE'],
        [first, 'CANCELLED'],
        [second, 'ACTIVE'],
      ]),
    );
  });

  it('expires a charge left PENDING for more than two days, lazily, with a webhook', async () => {
    const created = await createSubscription(app, token);
    const id = created.appSubscription?.id;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2 * DAY_MS + 60_000);
    const node = await graphql<{ node: { status: string } }>(
      app,
      SHOP,
      token,
      'query($id: ID!) { node(id: $id) { ... on AppSubscription { status } } }',
      { id },
    );
    expect(node.body.data?.node).toEqual({ status: 'EXPIRED' });
    const page = await app.inject(confirmPath(created.confirmationUrl ?? ''));
    expect(page.statusCode).toBe(409);
    vi.useRealTimers();
    await until(() => updates().length === 1);
    expect(updates()).toEqual([[id, 'EXPIRED']]);
  });

  it('uninstalling cancels the active subscription with its webhook', async () => {
    const id = await activeOne();
    await app.inject({ method: 'POST', url: `/_emulator/shops/${SHOP}/uninstall` });
    await until(() => updates().length === 2);
    expect(updates()).toContainEqual([id, 'CANCELLED']);
    const state = await app.inject(`/_emulator/shops/${SHOP}/subscriptions`);
    expect(state.json()).toMatchObject({ subscriptions: [{ status: 'CANCELLED' }] });
  });

  it('lists the subscription on the store admin home', async () => {
    await activeOne();
    const home = await app.inject(`/shops/${SHOP}/admin`);
    expect(home.body).toContain('Billing');
    expect(home.body).toContain('Premium');
    expect(home.body).toContain('$14.99 USD every 30 days');
    expect(home.body).toContain('ACTIVE');
  });
});

// A shop installed today (an expiring pair) and a shop installed before expiring tokens (a
// non-expiring token, migrated by the job) both keep working once the platform refuses
// non-expiring tokens ("January 2, 2027", when every access token issued earlier has also
// expired): billing, Fraud Protect cancelling a risky order once, and the checkout block
// list's sync, each renewing the token it was given after the platform's 401. A non-expiring
// token still held after the cutoff is dead: its jobs end, the shop is marked, and signing in
// again brings it back.
import { DEFAULT_FRAUD_PROTECT, type CustomerBlockListsView } from '@gatehouse/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderActions } from '../../src/orders/order-actions-schema.js';
import { shops } from '../../src/core/db/schema.js';
import { RECONNECT_MESSAGE } from '../../src/core/platform/shop-token-dead.js';
import { TOKEN_MIGRATION_JOB } from '../../src/core/tokens/token-migration.js';
import { approve } from '../helpers/billing.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { QUICK_RETRIES } from '../helpers/webhooks.js';
import {
  afterStartJobs,
  AFTER_CUTOFF,
  grantsOf,
  shopRow,
  withNonExpiringToken,
} from './token-fixtures.js';

let t: TestApp;
let today: SignedIn;
let legacy: SignedIn;
let late: SignedIn;

beforeAll(async () => {
  t = await createTestApp(QUICK_RETRIES);
  today = await t.signIn('token-today');
  legacy = await t.signIn('token-legacy');
  late = await t.signIn('token-late');
  await afterStartJobs(t);
}, 120_000);
afterAll(async () => {
  await t?.emulator.setClock(null);
  await t?.close();
});

/** Premium through the platform's confirmation page: billing's calls with the shop's token. */
async function subscribePremium(shop: SignedIn) {
  const chosen = await t.call('choosePlan', shop.token, { plan: 'premium' });
  expect(chosen.statusCode, chosen.body).toBe(200);
  const { confirmationUrl } = chosen.json<{ confirmationUrl: string }>();
  const back = await approve(t, confirmationUrl, 'approve');
  expect(back.location).toBe('/subscription?outcome=activated&plan=premium');
}

/** A HIGH-risk order: Fraud Protect cancels it once, and logs it. */
async function cancelsRiskyOrder(shop: SignedIn) {
  const saved = await t.call('saveFraudProtect', shop.token, {
    ...DEFAULT_FRAUD_PROTECT,
    enabled: true,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const placed = await t.emulator.placeOrder(shop.shop, {
    email: 'risky@example.com',
    lines: [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }],
    risk: { level: 'HIGH' },
  });
  const shopId = (await shopRow(t, shop.shop)).id;
  await expect
    .poll(
      async () => {
        const [cancel] = await t.app.db
          .select()
          .from(orderActions)
          .where(
            and(
              eq(orderActions.shopId, shopId),
              eq(orderActions.orderId, String(placed.id)),
              eq(orderActions.action, 'cancel'),
            ),
          );
        return cancel?.status;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe('done');
  const order = await t.emulator.order(shop.shop, placed.id);
  expect(order.cancelledAt).not.toBeNull();
  expect(order.refunds).toHaveLength(1);
}

/** An email added to the Customer Block Lists reaches the platform's checkout. */
async function syncsCheckoutList(shop: SignedIn, email = 'fraud@example.com') {
  const added = await t.call('addCustomerBlockEntries', shop.token, {
    kind: 'email',
    values: [email],
  });
  expect(added.statusCode, added.body).toBe(200);
  await expect
    .poll(
      async () => {
        const view = await t.call('getCustomerBlockLists', shop.token);
        return view.json<CustomerBlockListsView>().sync.state;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe('synced');
}

describe('after the platform stops accepting non-expiring tokens', () => {
  it('stores an expiring pair at sign-in', async () => {
    const row = await shopRow(t, today.shop);
    expect(row.tokenState).toBe('expiring');
    expect(row.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
    expect(row.refreshTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 89 * 86_400_000);
    expect(row.refreshTokenCiphertext).not.toBeNull();
    // Sealed, never in clear.
    const { installation } = await t.emulator.shop(today.shop);
    expect(JSON.stringify(row)).not.toContain(installation!.accessToken);
    const shown = await t.support('GET', '/api/support/show', { shop: today.shop });
    expect(shown.json().shop).toMatchObject({
      tokenState: 'expiring',
      tokenExpiresAt: row.accessTokenExpiresAt!.toISOString(),
      refreshTokenExpiresAt: row.refreshTokenExpiresAt!.toISOString(),
      tokenDeadSince: null,
    });
  });

  it('migrates every non-expiring token once, however often the job runs', async () => {
    const oldToken = await withNonExpiringToken(t, legacy.shop);
    expect((await shopRow(t, legacy.shop)).tokenState).toBe('non-expiring');
    const first = await t.app.jobs.run(TOKEN_MIGRATION_JOB);
    expect(first).toMatchObject({ shops: 1, migrated: 1, failed: 0 });
    const again = await t.app.jobs.run(TOKEN_MIGRATION_JOB);
    expect(again).toMatchObject({ shops: 0, migrated: 0 });
    expect(await grantsOf(t, legacy.shop)).toMatchObject({ migration: 1 });
    const row = await shopRow(t, legacy.shop);
    expect(row.tokenState).toBe('expiring');
    expect(t.app.tokens.accessTokenOf(row)).not.toBe(oldToken);
  });

  it('keeps both shops working on January 2, 2027: billing, a risky order cancelled once, the checkout list synced', async () => {
    // Installed before the change and not migrated in time (no instance ran the job).
    await withNonExpiringToken(t, late.shop);
    await t.emulator.setClock(AFTER_CUTOFF);
    for (const shop of [today, legacy]) {
      await subscribePremium(shop);
      await cancelsRiskyOrder(shop);
      await syncsCheckoutList(shop);
      // Every token issued before had expired by then: one refresh, whatever asked first.
      expect(await grantsOf(t, shop.shop)).toMatchObject({ refresh: 1 });
    }
  });

  it('marks a non-expiring token refused after the cutoff dead, ends its jobs, and clears the mark when the merchant signs in again', async () => {
    const chosen = await t.call('choosePlan', late.token, { plan: 'premium' });
    expect(chosen.statusCode).toBe(400);
    expect(chosen.json<{ Message: string }>().Message).toBe(RECONNECT_MESSAGE);
    const row = await shopRow(t, late.shop);
    expect(row.tokenState).toBe('dead');
    expect(row.tokenDeadSince).not.toBeNull();
    const info = await t.call('getAccountInfo', late.token);
    expect(info.json()).toMatchObject({ needsReconnect: true });
    const shown = await t.support('GET', '/api/support/show', { shop: late.shop });
    expect(shown.json().shop).toMatchObject({
      tokenState: 'dead',
      tokenExpiresAt: null,
      tokenDeadSince: row.tokenDeadSince!.toISOString(),
    });

    // A job for the shop ends at once instead of retrying against the dead token.
    await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.id, row.id));
    await t.call('addCustomerBlockEntries', late.token, {
      kind: 'email',
      values: ['fraud@example.com'],
    });
    await expect
      .poll(
        async () =>
          (await t.call('getCustomerBlockLists', late.token)).json<CustomerBlockListsView>().sync,
        { timeout: 20_000, interval: 100 },
      )
      .toMatchObject({ state: 'failed', error: expect.stringContaining(RECONNECT_MESSAGE) });

    const again = await t.signIn('token-late');
    expect((await shopRow(t, late.shop)).tokenState).toBe('expiring');
    const after = await t.call('getAccountInfo', again.token);
    expect(after.json()).toMatchObject({ needsReconnect: false });
    await syncsCheckoutList(again, 'another@example.com');
  });
});

// A subscription write the platform answers only after Gatehouse stopped waiting (the request
// is held longer than the call's deadline, then carried out) is never reported as not done:
// the answer says it may have gone through, the subscription is read back before answering or
// trying again, and trying again does not start a second charge or fail. The shipped platform
// settings: the deadline is the real one.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { subscriptions } from '../src/features/billing/billing-schema.js';
import { approve, waitFor } from './helpers/billing.js';
import { useSignedInShops, type ShopSession } from './helpers/signed-in-shops.js';
import type { TestApp } from './helpers/test-app.js';

let t: TestApp;
/** Each test's own shop, so that none starts from a plan another test left. */
let shops: Record<'subscribing' | 'cancelling' | 'readingBack', ShopSession>;
/** The shop of the running test. */
let shop: ShopSession;

useSignedInShops(
  { subscribing: 'unanswered-store', cancelling: 'unanswered-cancel', readingBack: 'read-back' },
  ({ t: app, ...signedIn }) => {
    t = app;
    shops = signedIn;
  },
);
afterEach(async () => {
  await t.emulator.clearFaults();
});

/** Longer than the call's deadline (9 s): the platform carries the request out after it. */
const PAST_DEADLINE_MS = 11_000;

const MAY_NOT_HAVE_BEEN_CREATED =
  'Shopify did not answer in time when we tried to start your subscription, so it may or may not have been created. Please try again in a minute: Gatehouse checks with Shopify first, and you are never charged twice.';

const choose = (plan: 'premium' | 'payg') => t.call('choosePlan', shop.token, { plan });
const platformSubscriptions = () => t.emulator.subscriptions(shop.shop);
/** Chooses the plan and approves its charge as the merchant. */
async function subscribe(to: 'premium' | 'payg') {
  const chosen = await choose(to);
  expect(chosen.statusCode, chosen.body).toBe(200);
  await approve(t, chosen.json<{ confirmationUrl: string }>().confirmationUrl, 'approve');
}
const plan = async () => (await t.call('getAccountInfo', shop.token)).json<{ plan: string }>().plan;

describe('choosing a plan while the platform answers late', () => {
  it('says it may have gone through, and choosing again answers the same approval page', async () => {
    shop = shops.subscribing;
    const before = (await platformSubscriptions()).length;
    await t.emulator.addFault({
      kind: 'slow',
      delayMs: PAST_DEADLINE_MS,
      shop: shop.shop,
      operation: 'GatehouseSubscribe',
      times: 1,
    });
    const first = await choose('payg');
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ Message: MAY_NOT_HAVE_BEEN_CREATED });

    // The platform carries the request out after all, and its late answer is recorded.
    await waitFor(async () => (await platformSubscriptions()).length === before + 1, 15_000);
    const created = (await platformSubscriptions()).at(-1)!;
    expect(created.status).toBe('PENDING');
    await waitFor(async () => {
      const rows = await t.app.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.platformId, created.gid));
      return rows.length === 1;
    }, 5000);

    // Trying again reads it back and answers its approval page: no second charge.
    const again = await choose('payg');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ confirmationUrl: created.confirmationUrl });
    expect(await platformSubscriptions()).toHaveLength(before + 1);

    // Approving it puts the shop on the plan.
    await approve(t, created.confirmationUrl, 'approve');
    expect(await plan()).toBe('payg');
  }, 60_000);
});

describe('cancelling while the platform answers late', () => {
  it('reads the subscription back: still active says it may go through, and cancelling again succeeds', async () => {
    shop = shops.cancelling;
    await subscribe('premium');
    expect(await plan()).toBe('premium');
    await t.emulator.addFault({
      kind: 'slow',
      delayMs: PAST_DEADLINE_MS,
      shop: shop.shop,
      operation: 'GatehouseCancel',
    });
    const first = await t.call('cancelSubscription', shop.token);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      Message:
        'Shopify did not answer in time when we tried to cancel your subscription, and Shopify still shows your subscription as active, so the cancellation may or may not go through. Please check your plan in a minute and cancel again if it is still active; cancelling twice is safe.',
    });

    // The platform carries the cancel out after all; the merchant cancels again.
    await waitFor(
      async () => (await platformSubscriptions()).at(-1)?.status === 'CANCELLED',
      20_000,
    );
    await t.emulator.clearFaults();
    const again = await t.call('cancelSubscription', shop.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toBe(true);
    expect(await plan()).toBe('free');
  }, 60_000);

  it('answers done when the subscription, read back, shows the cancel went through', async () => {
    shop = shops.readingBack;
    await subscribe('payg');
    expect(await plan()).toBe('payg');
    // Every cancel request is carried out 5 s late: past the first attempt's time-out, before
    // the read-back.
    await t.emulator.addFault({
      kind: 'slow',
      delayMs: 5000,
      shop: shop.shop,
      operation: 'GatehouseCancel',
    });
    const cancelled = await t.call('cancelSubscription', shop.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toBe(true);
    expect(await plan()).toBe('free');
    expect((await platformSubscriptions()).at(-1)?.status).toBe('CANCELLED');
  }, 60_000);
});

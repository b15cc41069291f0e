// A misbehaving platform never keeps the merchant waiting: with the emulator hanging, slow,
// rate limiting, throttling, failing or gone, every call that needs it answers within the
// call's deadline (10 s at most with the default settings), either with the result or with
// a 400 whose message says what to do. What is not safe to repeat is never repeated.
import type { GeneralSettingsView } from '@gatehouse/contracts';
import type { FaultInput } from '@gatehouse/platform-emulator';
import { platformMessages } from '../src/core/platform/platform-error.js';
import { afterEach, describe, expect, it } from 'vitest';
import { timed } from './helpers/timed.js';
import { useSignedInShops, type ShopSession } from './helpers/signed-in-shops.js';
import type { TestApp } from './helpers/test-app.js';

/** What the merchant must never wait past (the shipped deadline is 9 s): a loose check, not a benchmark. */
const BOUND_MS = 10_000;

let t: TestApp;
let shop: ShopSession;
let emulatorStopped = false;

// The shipped defaults for every PLATFORM_* setting: the bound tested is the real one.
useSignedInShops({ shop: 'faulty-store' }, (s) => ({ t, shop } = s), {
  // A call that asks the platform and leaves its failure to the error handler.
  setup: (app) =>
    app.post('/api/test/shop-name', async (request) => {
      const session = await app.authenticate(request);
      const found = await app.tokens.forShopId(session.shopId);
      const shopRow = found?.shop;
      if (!shopRow || !found.token) throw new Error('the test shop has no token');
      return { name: (await app.platform.fetchShop(shopRow.domain, found.token)).name };
    }),
});
afterEach(async () => {
  if (!emulatorStopped) await t.emulator.clearFaults();
});

/** The app embed state, read from the platform (the cached answer is dropped first). */
function readEmbed() {
  t.app.platform.invalidateAppEmbedState(shop.shop);
  return timed(() => t.call('getExtensionEnabned', shop.token));
}

// The app's own background calls (publishing rules, syncing lists) may reach the platform
// while a test runs: a one-request fault names the operation the test's call sends first.
const EMBED_READ = 'GatehouseMainTheme';
const SUBSCRIBE = 'GatehouseSubscribe';

const choosePayg = () => timed(() => t.call('choosePlan', shop.token, { plan: 'payg' }));

const fault = (input: FaultInput) => t.emulator.addFault({ shop: shop.shop, ...input });

const faultHits = async (id: string) =>
  (await t.emulator.faults()).find((f) => f.id === id)?.hits ?? 0;

const subscriptionsOnPlatform = async () => (await t.emulator.subscriptions(shop.shop)).length;

/** How each failure is told to the merchant: what happened, then what to do. */
const WHY = {
  timeout: /^Shopify did not answer in time when we tried to .+\. Please try again in a minute\.$/,
  unreachable:
    /^We could not reach Shopify to .+\. Shopify may be down .+ try again in a few minutes\.$/,
  busy: /^Shopify is receiving too many requests for your store right now, so we could not .+\. Please wait a minute and try again\.$/,
  unavailable:
    /^Shopify is having trouble right now, so we could not .+\. Please try again in a few minutes\.$/,
} as const;

/**
 * A subscription request whose outcome is unknown (it may have been run): what happened, that
 * it may have been created, and what to do.
 */
const MAYBE_SUBSCRIBED = {
  timeout:
    /^Shopify did not answer in time when we tried to start your subscription, so it may or may not have been created\. Please try again in a minute: .+\.$/,
  unavailable:
    /^Shopify had trouble when we tried to start your subscription, so it may or may not have been created\. Please try again in a minute: .+\.$/,
} as const;

function expectMaybeSubscribed(
  response: { statusCode: number; json: () => unknown },
  why: keyof typeof MAYBE_SUBSCRIBED,
) {
  expect(response.statusCode).toBe(400);
  expect((response.json() as { Message: string }).Message).toMatch(MAYBE_SUBSCRIBED[why]);
}

function expectActionable400(
  response: { statusCode: number; json: () => unknown },
  why: keyof typeof WHY,
) {
  expect(response.statusCode).toBe(400);
  expect((response.json() as { Message: string }).Message).toMatch(WHY[why]);
}

describe('a hung platform', () => {
  it('answers every call that needs it within the bound, changing nothing it could not finish', async () => {
    const hang = await fault({ kind: 'hang' });
    const before = await subscriptionsOnPlatform();
    const settings = (await t.call('getGeneralSettings', shop.token)).json<GeneralSettingsView>();
    const { maxLogRetentionHours: _max, ...input } = settings;
    const newTimeout = settings.timeoutMs === 3000 ? 4000 : 3000;

    const [embed, plan, saved] = await Promise.all([
      readEmbed(),
      choosePayg(),
      timed(() => t.call('saveGeneralSettings', shop.token, { ...input, timeoutMs: newTimeout })),
    ]);

    expectActionable400(embed.result, 'timeout');
    expect(embed.ms).toBeLessThan(BOUND_MS);
    expectMaybeSubscribed(plan.result, 'timeout');
    expect(plan.ms).toBeLessThan(BOUND_MS);
    // The settings are the merchant's; publishing the time-out to the storefront is retried
    // at the next sign-in.
    expect(saved.result.statusCode).toBe(200);
    expect(saved.ms).toBeLessThan(BOUND_MS);
    expect(saved.result.json<GeneralSettingsView>().timeoutMs).toBe(newTimeout);

    expect(await faultHits(hang.id)).toBeGreaterThanOrEqual(3);
    await t.emulator.removeFault(hang.id);
    // The subscription request hung before the platform read it: nothing was created, and
    // the plan did not change.
    expect(await subscriptionsOnPlatform()).toBe(before);
    expect((await t.call('getAccountInfo', shop.token)).json()).toMatchObject({ plan: 'free' });
  });
});

describe('a slow platform', () => {
  it('is waited for while it answers within the time-out', async () => {
    const slow = await fault({ kind: 'slow', delayMs: 1500 });
    const { result, ms } = await readEmbed();
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toEqual({ isEnabled: false });
    expect(ms).toBeGreaterThanOrEqual(1500);
    expect(await faultHits(slow.id)).toBeGreaterThanOrEqual(1);
  });
});

describe('a rate-limited or throttled platform', () => {
  it('retries a read after Retry-After and succeeds', async () => {
    await fault({ kind: 'rate-limited', retryAfterSeconds: 1, times: 1, operation: EMBED_READ });
    const { result, ms } = await readEmbed();
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toEqual({ isEnabled: false });
    expect(ms).toBeGreaterThanOrEqual(1000);
    // The fault was for one request, and that request was answered 429.
    expect(await t.emulator.faults()).toEqual([]);
  });

  it('retries a subscription after a 429, since the platform did not run it, and creates one', async () => {
    const before = await subscriptionsOnPlatform();
    await fault({ kind: 'rate-limited', retryAfterSeconds: 1, times: 1, operation: SUBSCRIBE });
    const { result } = await choosePayg();
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json()).toEqual({ confirmationUrl: expect.stringContaining('/confirm') });
    expect(await t.emulator.faults()).toEqual([]);
    expect(await subscriptionsOnPlatform()).toBe(before + 1);
  });

  it('waits for the GraphQL cost bucket to refill and succeeds', async () => {
    await fault({
      kind: 'throttled',
      currentlyAvailable: 0,
      restoreRate: 10,
      times: 1,
      operation: EMBED_READ,
    });
    const { result } = await readEmbed();
    expect(result.statusCode, result.body).toBe(200);
    expect(await t.emulator.faults()).toEqual([]);
  });

  it('gives up within the bound when the platform stays busy', async () => {
    const busy = await fault({ kind: 'rate-limited', retryAfterSeconds: 1 });
    const { result, ms } = await readEmbed();
    expectActionable400(result, 'busy');
    expect(ms).toBeLessThan(BOUND_MS);
    expect(await faultHits(busy.id)).toBeGreaterThanOrEqual(2);
  });
});

describe('a failing platform', () => {
  it('retries reads on a 5xx, then answers a clear 400 within the bound', async () => {
    const failing = await fault({ kind: 'server-error', status: 503 });
    const { result, ms } = await readEmbed();
    expectActionable400(result, 'unavailable');
    expect(ms).toBeLessThan(BOUND_MS);
    expect(await faultHits(failing.id)).toBeGreaterThanOrEqual(2);
  });

  it('does not repeat a subscription request the platform may have run', async () => {
    const before = await subscriptionsOnPlatform();
    const failing = await fault({ kind: 'server-error', status: 500, operation: SUBSCRIBE });
    // Premium: the Pay-As-You-Go request made above is pending, and choosing it again would
    // answer that request's approval page without asking the platform.
    const { result, ms } = await timed(() => t.call('choosePlan', shop.token, { plan: 'premium' }));
    expectMaybeSubscribed(result, 'unavailable');
    expect(ms).toBeLessThan(BOUND_MS);
    expect(await faultHits(failing.id)).toBe(1);
    expect(await subscriptionsOnPlatform()).toBe(before);
  });
});

describe('signing in through a misbehaving platform', () => {
  it('repeats the code exchange after a 429, which did not spend the code', async () => {
    await t.emulator.addFault({ kind: 'rate-limited', endpoint: 'access-token', times: 1 });
    const signedIn = await t.signIn('patient-store');
    expect(signedIn.token).toEqual(expect.any(String));
    expect(await t.emulator.faults()).toEqual([]);
  });

  it('never repeats a code exchange the platform may have run, and shows the failure', async () => {
    const failing = await t.emulator.addFault({ kind: 'server-error', endpoint: 'access-token' });
    const { result, ms } = await timed(() => t.authorize('unlucky-store'));
    expect(String(result.response.headers.location ?? '')).not.toContain('/loginComplete/');
    expect(ms).toBeLessThan(BOUND_MS);
    expect(await faultHits(failing.id)).toBe(1);
  });
});

describe('a killed platform', () => {
  it('answers a clear 400 at once', async () => {
    await t.stopEmulator();
    emulatorStopped = true;
    const embed = await readEmbed();
    expectActionable400(embed.result, 'unreachable');
    expect(embed.ms).toBeLessThan(2000);
    const plan = await choosePayg();
    expectActionable400(plan.result, 'unreachable');
    expect(plan.ms).toBeLessThan(2000);
  });

  it('answers a platform failure no route handled with what the merchant can do', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/shop-name',
      headers: { authorization: `Bearer ${shop.token}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Message: platformMessages.unreachable });
  });
});

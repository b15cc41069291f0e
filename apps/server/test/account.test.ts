// Account and dashboard calls answer from the shop's real state, only ever the caller's shop,
// and refuse bad input with a clear 400 that changes nothing.
import { contactMessages } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blockerHourlyCounts,
  countryBlocker,
  customerQuestions,
  notifications,
  ratingEvents,
  shops,
  type Blocker,
} from '../src/db/schema.js';
import { usagePeriods } from '../src/db/billing-schema.js';
import { createTestApp, type SignedIn, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;

async function shopId(domain: string) {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, domain));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-store');
  bob = await t.signIn('bob-store');
});
afterAll(async () => {
  await t?.close();
});

describe('getAccountInfo', () => {
  it("answers the signed-in shop's account with platform links", async () => {
    const res = await t.call('getAccountInfo', alice.token);
    expect(res.statusCode).toBe(200);
    const info = res.json();
    const base = `${t.emulatorUrl}/shops/alice-store.myshopify.com`;
    expect(info).toMatchObject({
      id: await shopId('alice-store.myshopify.com'),
      pro: false,
      // The owner's name from the platform's shop.shopOwnerName.
      name: 'Sofia Sato',
      shopName: 'Alice Store',
      shopId: expect.stringMatching(/^\d+$/),
      email: 'owner@alice-store.example',
      storeUrl: `${base}/`,
      domain: 'alice-store.myshopify.com',
      adminUrl: `${base}/admin`,
      themeEditorUrl: `${base}/admin/themes/current/editor?context=apps&template=index&activateAppId=${t.config.shopify.apiKey}/app-embed`,
      islegacyAccount: false,
      isReviewLeft: false,
      isThemeScopeEnabled: true,
      extensionEnabled: false,
      isShowWaf: false,
      isAppDisabled: false,
      isNew: true,
      plan: 'free',
      isPayg: false,
      isAdminAccessEnabled: false,
      isImpersonated: false,
    });
  });

  it('reflects plan and flags set by support', async () => {
    await t.support('POST', '/api/support/set', {
      shop: 'bob-store',
      values: { plan: 'payg', isShowWaf: 'true', islegacyAccount: true, adminAccess: true },
    });
    const info = (await t.call('getAccountInfo', bob.token)).json();
    expect(info).toMatchObject({
      pro: true,
      plan: 'payg',
      isPayg: true,
      isShowWaf: true,
      islegacyAccount: true,
      // The dashboard shows whether a device is marked, not the General Settings switch.
      isAdminAccessEnabled: false,
    });
  });
});

describe('app embed status', () => {
  it('is false until the merchant enables the embed, then true after themes/update', async () => {
    const before = await t.call('getExtensionEnabned', alice.token);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ isEnabled: false });

    await t.emulator.setAppEmbed('alice-store.myshopify.com', true);
    // The emulator delivers themes/update to /api/webhooks, which drops the cached state.
    await expect
      .poll(async () => (await t.call('getExtensionEnabned', alice.token)).json(), {
        timeout: 5000,
        interval: 100,
      })
      .toEqual({ isEnabled: true });
    const deliveries = await t.emulator.deliveries({
      shop: 'alice-store.myshopify.com',
      topic: 'themes/update',
    });
    expect(deliveries.some((d) => d.status === 'delivered' || d.attempts.length > 0)).toBe(true);
  });

  it('is false without a theme scope', async () => {
    await t.app.db
      .update(shops)
      .set({ grantedScopes: 'read_orders' })
      .where(eq(shops.domain, 'bob-store.myshopify.com'));
    expect((await t.call('getExtensionEnabned', bob.token)).json()).toEqual({ isEnabled: false });
    expect((await t.call('getAccountInfo', bob.token)).json()).toMatchObject({
      isThemeScopeEnabled: false,
    });
    await t.app.db
      .update(shops)
      .set({ grantedScopes: 'read_orders,write_orders,read_themes' })
      .where(eq(shops.domain, 'bob-store.myshopify.com'));
  });

  it('answers a clear 400, not a 500, when the platform refuses to show the theme', async () => {
    // The merchant narrowed the app's scopes on the platform; the server still believes it may read themes.
    await t.emulator.setScopes('bob-store.myshopify.com', ['read_orders', 'write_orders']);
    const res = await t.call('getExtensionEnabned', bob.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      Message: 'We could not reach Shopify to check your theme. Please try again in a moment.',
    });
    await t.emulator.setScopes('bob-store.myshopify.com', [
      'read_orders',
      'write_orders',
      'read_themes',
    ]);
  });

  it('"Do not show again" sets extensionEnabled', async () => {
    const res = await t.call('setExtensionEnabled', bob.token);
    expect(res.json()).toBe(true);
    expect((await t.call('getAccountInfo', bob.token)).json()).toMatchObject({
      extensionEnabled: true,
    });
    expect((await t.call('getAccountInfo', alice.token)).json()).toMatchObject({
      extensionEnabled: false,
    });
  });
});

describe('notifications', () => {
  it('shows the oldest unread message of the own shop only, until marked read', async () => {
    expect((await t.call('getNotification', alice.token)).json()).toEqual({
      id: null,
      content: null,
    });
    await t.support('POST', '/api/support/notify', { shop: 'alice-store', text: 'First' });
    await t.support('POST', '/api/support/notify', { shop: 'alice-store', text: 'Second' });
    await t.support('POST', '/api/support/notify', { shop: 'bob-store', text: 'For Bob' });

    const first = (await t.call('getNotification', alice.token)).json<{
      id: string;
      content: string;
    }>();
    expect(first.content).toBe('First');
    const bobs = (await t.call('getNotification', bob.token)).json<{
      id: string;
      content: string;
    }>();
    expect(bobs.content).toBe('For Bob');

    // Bob cannot mark Alice's message read.
    const cross = await t.call('markMessageRead', bob.token, { id: first.id });
    expect(cross.statusCode).toBe(400);
    expect(cross.json()).toEqual({ Message: 'That message does not exist.' });
    const [unchanged] = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, first.id));
    expect(unchanged?.readAt).toBeNull();

    expect((await t.call('markMessageRead', alice.token, { id: first.id })).json()).toBe(true);
    expect((await t.call('getNotification', alice.token)).json()).toMatchObject({
      content: 'Second',
    });
    expect((await t.call('getNotification', bob.token)).json()).toMatchObject({
      content: 'For Bob',
    });
  });

  it('refuses a malformed or unknown message id', async () => {
    for (const input of [{ id: 'not-a-uuid' }, { id: '00000000-0000-4000-8000-000000000000' }]) {
      const res = await t.call('markMessageRead', alice.token, input);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ Message: 'That message does not exist.' });
    }
    const missing = await t.call('markMessageRead', alice.token, {});
    expect(missing.json()).toEqual({ Message: 'Please say which message to mark as read.' });
  });
});

describe('contact form', () => {
  const valid = { content: 'Hello, I need help.', name: 'Alice', replyEmail: 'alice@example.com' };

  it('stores a valid question for the own shop', async () => {
    const res = await t.call('createCustomerQuestion', alice.token, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    const rows = await t.app.db
      .select()
      .from(customerQuestions)
      .where(eq(customerQuestions.shopId, await shopId('alice-store.myshopify.com')));
    expect(rows.map((r) => r.content)).toEqual([valid.content]);
  });

  it.each([
    [{ ...valid, content: '  ' }, contactMessages.contentRequired],
    [{ ...valid, content: 'x'.repeat(5001) }, contactMessages.contentTooLong],
    [{ ...valid, name: '' }, contactMessages.nameRequired],
    [{ ...valid, name: 'n'.repeat(101) }, contactMessages.nameTooLong],
    [{ ...valid, replyEmail: '' }, contactMessages.emailRequired],
    [{ ...valid, replyEmail: 'not-an-email' }, contactMessages.emailInvalid],
    [{ ...valid, replyEmail: `${'a'.repeat(95)}@b.com` }, contactMessages.emailTooLong],
    [{ name: 'A', replyEmail: 'a@b.co' }, contactMessages.contentRequired],
  ])('refuses %# with its exact message and stores nothing', async (input, message) => {
    const before = await t.app.db.select().from(customerQuestions);
    const res = await t.call('createCustomerQuestion', bob.token, input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Message: message });
    expect(await t.app.db.select().from(customerQuestions)).toHaveLength(before.length);
  });
});

describe('dashboard', () => {
  const HOUR = 60 * 60 * 1000;
  const hourAgo = (h: number) => new Date(Math.floor((Date.now() - h * HOUR) / HOUR) * HOUR);

  it('answers zeros with no data', async () => {
    const res = await t.call('getDashboardData', bob.token, { days: 30 });
    expect(res.json()).toEqual({
      blockLists: 0,
      fraudProtect: 0,
      asnBlocker: 0,
      ipBlocker: 0,
      regionBlocker: 0,
      vpn: 0,
      usage: 0,
    });
  });

  it('sums the hourly counts inside each report range', async () => {
    // Installed 45 days ago: the current usage period began 15 days ago.
    await t.support('POST', '/api/support/set', {
      shop: 'alice-store',
      values: { installedDaysAgo: 45 },
    });
    const id = await shopId('alice-store.myshopify.com');
    const rows: { hour: Date; blocker: Blocker; count: number }[] = [
      { hour: hourAgo(1), blocker: 'ipBlocker', count: 5 },
      { hour: hourAgo(30), blocker: 'ipBlocker', count: 7 },
      { hour: hourAgo(30), blocker: 'regionBlocker', count: 2 },
      { hour: hourAgo(24 * 5), blocker: 'vpn', count: 11 },
      { hour: hourAgo(24 * 20), blocker: 'fraudProtect', count: 3 },
      { hour: hourAgo(24 * 40), blocker: 'asnBlocker', count: 1000 },
    ];
    await t.app.db.insert(blockerHourlyCounts).values(rows.map((r) => ({ ...r, shopId: id })));
    // Someone else's counts never show up.
    await t.app.db.insert(blockerHourlyCounts).values({
      shopId: await shopId('bob-store.myshopify.com'),
      hour: hourAgo(1),
      blocker: 'ipBlocker',
      count: 999,
    });

    const get = async (days: number) =>
      (await t.call('getDashboardData', alice.token, { days: String(days) })).json();
    expect(await get(1)).toMatchObject({ ipBlocker: 5, regionBlocker: 0, vpn: 0, fraudProtect: 0 });
    expect(await get(3)).toMatchObject({ ipBlocker: 12, regionBlocker: 2, vpn: 0 });
    expect(await get(7)).toMatchObject({
      ipBlocker: 12,
      regionBlocker: 2,
      vpn: 11,
      fraudProtect: 0,
    });
    expect(await get(30)).toMatchObject({
      ipBlocker: 12,
      regionBlocker: 2,
      vpn: 11,
      fraudProtect: 3,
      asnBlocker: 0,
      blockLists: 0,
    });
    // Usage counts the protected page views of the current 30-day period since install; the
    // previous period's views are not part of it.
    const [row] = await t.app.db.select().from(shops).where(eq(shops.id, id));
    await t.app.db
      .insert(usagePeriods)
      .values({ shopId: id, periodStart: row!.installedAt, protectedPageViews: 40 });
    await t.app.billing.recordProtectedViews(t.app.db, id, 100);
    expect((await get(1)).usage).toBe(100);
    const defaulted = await t.call('getDashboardData', alice.token);
    expect(defaulted.json()).toMatchObject({ ipBlocker: 5 });
  });

  it('refuses a report range other than 1, 3, 7 or 30', async () => {
    for (const days of ['2', 'abc', '0']) {
      const res = await t.call('getDashboardData', alice.token, { days });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ Message: 'Report range must be 1, 3, 7 or 30 days.' });
    }
  });

  it('warns about an empty country whitelist only', async () => {
    expect((await t.call('checkEmptyWhiteLists', alice.token)).json()).toBe(false);
    const id = await shopId('alice-store.myshopify.com');
    await t.app.db.insert(countryBlocker).values({ shopId: id, mode: 'whitelist', countries: [] });
    expect((await t.call('checkEmptyWhiteLists', alice.token)).json()).toBe(true);
    expect((await t.call('checkEmptyWhiteLists', bob.token)).json()).toBe(false);
    await t.app.db
      .update(countryBlocker)
      .set({ countries: ['US'] })
      .where(eq(countryBlocker.shopId, id));
    expect((await t.call('checkEmptyWhiteLists', alice.token)).json()).toBe(false);
  });

  it('answers the admin-access mode and the WAF flag', async () => {
    expect((await t.call('getAdminAccess', alice.token)).json()).toEqual({
      isAdminAccessMode: false,
    });
    expect((await t.call('getWafConnected', alice.token)).json()).toBe(false);
    await t.support('POST', '/api/support/set', {
      shop: 'alice-store',
      values: { adminAccessMode: true, wafConnected: true },
    });
    expect((await t.call('getAdminAccess', alice.token)).json()).toEqual({
      isAdminAccessMode: true,
    });
    expect((await t.call('getWafConnected', alice.token)).json()).toBe(true);
    expect((await t.call('getAdminAccess', bob.token)).json()).toEqual({
      isAdminAccessMode: false,
    });
  });
});

describe('showRating', () => {
  it('asks once the rule holds, records the prompt, then stays quiet for 24 hours', async () => {
    const carol = await t.signIn('carol-store');
    // Freshly installed, no blocked visits.
    expect((await t.call('showRating', carol.token)).json()).toBe(false);
    await t.support('POST', '/api/support/set', {
      shop: 'carol-store',
      values: { installedDaysAgo: 4 },
    });
    const id = await shopId('carol-store.myshopify.com');
    // Page views are not blocked visits.
    await t.app.db.insert(blockerHourlyCounts).values({
      shopId: id,
      hour: new Date(Date.now() - 48 * 3600_000),
      blocker: 'pageViews',
      count: 9,
    });
    expect((await t.call('showRating', carol.token)).json()).toBe(false);
    await t.app.db
      .insert(blockerHourlyCounts)
      .values({ shopId: id, hour: new Date(Date.now() - 48 * 3600_000), blocker: 'vpn', count: 1 });
    expect((await t.call('showRating', carol.token)).json()).toBe(true);
    const events = await t.app.db.select().from(ratingEvents).where(eq(ratingEvents.shopId, id));
    expect(events.map((e) => e.kind)).toEqual(['prompt_shown']);
    expect((await t.call('showRating', carol.token)).json()).toBe(false);
  });

  it('never asks a shop that left a review', async () => {
    await t.support('POST', '/api/support/set', {
      shop: 'alice-store',
      values: { installedDaysAgo: 10, isReviewLeft: true },
    });
    expect((await t.call('showRating', alice.token)).json()).toBe(false);
  });
});

describe('request hygiene', () => {
  it('refuses a body over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customerQuestion/create',
      headers: { authorization: `bearer ${alice.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        content: 'x'.repeat(1024 * 1024 + 10),
        name: 'A',
        replyEmail: 'a@b.co',
      }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ Message: 'The request is too large.' });
  });

  it('refuses malformed JSON and extra fields on no-body calls', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/account/getNotification',
      headers: { authorization: `bearer ${alice.token}`, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ Message: 'The request body is not valid JSON.' });
    const extra = await t.call('setExtensionEnabled', alice.token, { shopId: 'someone-else' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toHaveProperty('Message');
  });

  it('accepts a no-body call sent with an empty JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/getWafConnected',
      headers: { authorization: `bearer ${alice.token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers health and security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves a plain page when the admin has not been built, and JSON 404 under /api', async () => {
    const page = await t.app.inject({ url: '/dashboard' });
    expect(page.headers['content-type']).toContain('text/html');
    // The not-found handler lives in the site scope: the admin's pages carry its headers.
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.body).toContain('npm run build');
    const api404 = await t.app.inject({ url: '/api/nothing-here' });
    expect(api404.statusCode).toBe(404);
    expect(api404.json()).toEqual({ Message: 'Not found.' });
  });
});

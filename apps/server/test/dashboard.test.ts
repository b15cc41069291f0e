// The dashboard's figures and prompts answer from the shop's real state, only ever the
// caller's shop: counts per report range, the whitelist warning, the admin-access mode, and
// the rating prompt.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  blockerHourlyCounts,
  countryBlocker,
  ratingEvents,
  shops,
  type HourlyCounter,
} from '../src/core/db/schema.js';
import { usagePeriods } from '../src/features/billing/billing-schema.js';
import { signInOnPlan, useSignedInShops, type ShopSession } from './helpers/signed-in-shops.js';
import type { TestApp } from './helpers/test-app.js';

let t: TestApp;
let alice: ShopSession;
let bob: ShopSession;
useSignedInShops({ alice: 'alice-store', bob: 'bob-store' }, (s) => ({ t, alice, bob } = s));

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
      referrerBlocker: 0,
      usage: 0,
    });
  });

  it('sums the hourly counts inside each report range', async () => {
    // Installed 45 days ago: the current usage period began 15 days ago.
    await t.support('POST', '/api/support/set', {
      shop: 'alice-store',
      values: { installedDaysAgo: 45 },
    });
    const id = alice.id;
    const rows: { hour: Date; blocker: HourlyCounter; count: number }[] = [
      { hour: hourAgo(1), blocker: 'ipBlocker', count: 5 },
      { hour: hourAgo(30), blocker: 'ipBlocker', count: 7 },
      { hour: hourAgo(30), blocker: 'regionBlocker', count: 2 },
      { hour: hourAgo(24 * 5), blocker: 'vpn', count: 11 },
      { hour: hourAgo(24 * 20), blocker: 'fraudProtect', count: 3 },
      { hour: hourAgo(24 * 40), blocker: 'asnBlocker', count: 1000 },
      { hour: hourAgo(2), blocker: 'referrerBlocker', count: 4 },
    ];
    await t.app.db.insert(blockerHourlyCounts).values(rows.map((r) => ({ ...r, shopId: id })));
    // Someone else's counts never show up.
    await t.app.db.insert(blockerHourlyCounts).values({
      shopId: bob.id,
      hour: hourAgo(1),
      blocker: 'ipBlocker',
      count: 999,
    });

    const get = async (days: number) =>
      (await t.call('getDashboardData', alice.token, { days: String(days) })).json();
    expect(await get(1)).toMatchObject({
      ipBlocker: 5,
      regionBlocker: 0,
      vpn: 0,
      fraudProtect: 0,
      referrerBlocker: 4,
    });
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
      expect(res.json()).toMatchObject({ Message: 'Report range must be 1, 3, 7 or 30 days.' });
    }
  });

  it('warns about an empty country whitelist only', async () => {
    expect((await t.call('checkEmptyWhiteLists', alice.token)).json()).toBe(false);
    const id = alice.id;
    await t.app.db.insert(countryBlocker).values({ shopId: id, mode: 'whitelist', countries: [] });
    expect((await t.call('checkEmptyWhiteLists', alice.token)).json()).toBe(true);
    expect((await t.call('checkEmptyWhiteLists', bob.token)).json()).toBe(false);
    await t.app.db
      .update(countryBlocker)
      .set({ countries: ['US'] })
      .where(eq(countryBlocker.shopId, id));
    expect((await t.call('checkEmptyWhiteLists', alice.token)).json()).toBe(false);
  });

  it('answers where Admin Access stands, and the WAF status from a probe, not the flag', async () => {
    const none = { isAdminAccessMode: false, enabled: false, markedDevices: 0, thisDevice: false };
    expect((await t.call('getAdminAccess', alice.token)).json()).toEqual(none);
    expect((await t.call('getWafConnected', alice.token)).json()).toBe(false);
    await t.support('POST', '/api/support/set', {
      shop: 'alice-store',
      values: { plan: 'premium', adminAccess: true, wafConnected: true },
    });
    // In force, but no device is marked, so this one is not let in.
    expect((await t.call('getAdminAccess', alice.token)).json()).toEqual({
      ...none,
      enabled: true,
    });
    // The stored flag is only a record of the last probe: no firewall answers for this shop.
    expect((await t.call('getWafConnected', alice.token)).json()).toBe(false);
    expect((await t.call('getAdminAccess', bob.token)).json()).toEqual(none);
  });

  it('refuses a malformed device key with 400', async () => {
    for (const device of ['short', 'x'.repeat(200), 'not a key at all!!!!!!!!', 42]) {
      const res = await t.call('getAdminAccess', alice.token, { device });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Message: 'The Admin Access device key is not valid.' });
    }
  });
});

describe('showRating', () => {
  it('asks once the rule holds, records the prompt, then stays quiet for 24 hours', async () => {
    const carol = await signInOnPlan(t, 'carol-store');
    // Freshly installed, no blocked visits.
    expect((await t.call('showRating', carol.token)).json()).toBe(false);
    await t.support('POST', '/api/support/set', {
      shop: 'carol-store',
      values: { installedDaysAgo: 4 },
    });
    const id = carol.id;
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

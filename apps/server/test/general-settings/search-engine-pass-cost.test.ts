// Turning off "Always let verified search engines in" is weighed before it is saved: the
// replay of General Settings' save answers a confirmation that counts the verified crawlers'
// visits of the last 7 days (from the visitor log) that the shop's rules would then block,
// engine by engine; with nothing to block it still asks, and says so; keeping the switch on, or
// leaving it off, asks nothing.
import type { GeneralSettingsView, RuleCostResult } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const GOOGLEBOT_IP = '66.249.66.1';
const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0.0.0 Safari/537.36';
/** The merchant's own address, in France: no rule here blocks it. */
const MERCHANT_IP = '212.27.48.10';

let t: TestApp;
let blocking: SignedIn;
let open: SignedIn;

async function settingsOf(who: SignedIn) {
  const view = (await t.call('getGeneralSettings', who.token)).json<GeneralSettingsView>();
  const { maxLogRetentionHours: _max, ...settings } = view;
  return settings;
}

async function visit(who: SignedIn, ip: string, userAgent: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
      query: { shop: who.shop, url: `https://${who.shop}/products/hat-${i}` },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await t.app.visits.flush();
}

async function costOfSwitch(who: SignedIn, on: boolean): Promise<RuleCostResult> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ruleCost/replay',
    headers: {
      authorization: `Bearer ${who.token}`,
      'x-forwarded-for': MERCHANT_IP,
      'user-agent': BROWSER,
    },
    payload: {
      call: 'saveGeneralSettings',
      draft: { ...(await settingsOf(who)), allowVerifiedCrawlers: on },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RuleCostResult>();
}

beforeAll(async () => {
  t = await createTestApp();
  blocking = await t.signIn('search-pass-blocking');
  open = await t.signIn('search-pass-open');
  await t.app.protection.geo.ready;
  const res = await t.call('saveCountryBlocker', blocking.token, {
    mode: 'blacklist',
    countries: ['US'],
    action: { type: 'block' },
    monitor: false,
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('turning off the pass for verified search engines', () => {
  it("counts Google's visits of the last 7 days that a US block would then stop", async () => {
    await visit(blocking, GOOGLEBOT_IP, GOOGLEBOT_UA, 3);
    // A browser from the same country is blocked today already: not a change, not counted.
    await visit(blocking, '8.8.8.8', BROWSER, 2);

    const result = await costOfSwitch(blocking, false);
    expect(result.blocked).toEqual({ visits: 3, visitors: 1 });
    expect(result.confirm).toEqual([
      {
        reason: 'searchEngines',
        message:
          'Verified search engines would no longer always get in: your country, ISP/ASN, VPN and bot rules would stop their crawlers like any visitor. 3 visits of theirs in the last 7 days would have been blocked (Google 3), and your pages could drop out of their search results.',
      },
    ]);
  });

  it('asks even when none of their visits would have been blocked, and says so', async () => {
    await visit(open, GOOGLEBOT_IP, GOOGLEBOT_UA, 2);
    const result = await costOfSwitch(open, false);
    expect(result.blocked.visits).toBe(0);
    expect(result.confirm.map((c) => c.reason)).toEqual(['searchEngines']);
    expect(result.confirm[0]!.message).toContain(
      'None of their visits in the last 7 days would have been blocked by your rules as they are now',
    );
  });

  it('asks nothing when the switch stays on, or is already off', async () => {
    expect((await costOfSwitch(blocking, true)).confirm).toEqual([]);
    const settings = await settingsOf(blocking);
    const res = await t.call('saveGeneralSettings', blocking.token, {
      ...settings,
      allowVerifiedCrawlers: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const off = await costOfSwitch(blocking, false);
    expect(off.blocked.visits).toBe(0);
    expect(off.confirm).toEqual([]);
  });
});

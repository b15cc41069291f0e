// General Settings' "Always let verified search engines in", through the merchant calls and the
// decision endpoint: on by default, Googlebot from Google's network passes a blacklisted
// country; off, it meets the rule like anyone; a Googlebot agent from a hosting network never
// passes.
import type { DecideResponse, GeneralSettingsView } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: TestApp;
let shop: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.signIn('crawler-store');
  await t.app.protection.geo.ready;
  const res = await t.call('saveCountryBlocker', shop.token, {
    mode: 'blacklist',
    countries: ['US', 'DE'],
    action: { type: 'block' },
    monitor: false,
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function decide(ip: string, userAgent: string): Promise<DecideResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/storefront/decide',
    headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
    query: { shop: shop.shop, url: '/' },
  });
  expect(res.statusCode).toBe(200);
  return res.json<DecideResponse>();
}

async function setSwitch(on: boolean) {
  const current = (await t.call('getGeneralSettings', shop.token)).json<GeneralSettingsView>();
  const { maxLogRetentionHours: _max, ...settings } = current;
  const res = await t.call('saveGeneralSettings', shop.token, {
    ...settings,
    allowVerifiedCrawlers: on,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<GeneralSettingsView>().allowVerifiedCrawlers).toBe(on);
}

describe('verified search engines', () => {
  it('are let in past a blacklisted country by default; a fake from a hosting network is not', async () => {
    expect((await t.call('getGeneralSettings', shop.token)).json().allowVerifiedCrawlers).toBe(
      true,
    );
    expect((await decide('66.249.66.1', GOOGLEBOT_UA)).action).toBe('allow');
    expect((await decide('159.89.0.1', GOOGLEBOT_UA)).action).toBe('block');
    expect((await decide('8.8.4.4', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).action).toBe(
      'block',
    );
  });

  it('meet the rules like anyone once the switch is off, and pass again once it is on', async () => {
    await setSwitch(false);
    expect((await decide('66.249.66.1', GOOGLEBOT_UA)).action).toBe('block');
    await setSwitch(true);
    expect((await decide('66.249.66.1', GOOGLEBOT_UA)).action).toBe('allow');
  });

  it('refuses a switch that is not true or false, changing nothing', async () => {
    const current = (await t.call('getGeneralSettings', shop.token)).json<GeneralSettingsView>();
    const { maxLogRetentionHours: _max, ...settings } = current;
    const res = await t.call('saveGeneralSettings', shop.token, {
      ...settings,
      allowVerifiedCrawlers: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toMatch(/allowVerifiedCrawlers/);
    expect((await t.call('getGeneralSettings', shop.token)).json().allowVerifiedCrawlers).toBe(
      true,
    );
  });
});

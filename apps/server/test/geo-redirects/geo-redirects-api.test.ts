// Geolocation Redirects through the merchant's calls and the storefront's decision: the plan
// gate, the ordered list saved whole, every refusal (a target that is not https, an empty
// country set, too many rules, an unknown rule) answering 400 and changing nothing, the more
// specific rule saved above the wider one with every visitor sent once and kept where they
// belong, the decision answering the redirect with the path kept or a prompt, once per
// session, never to a verified crawler, and "test as a visitor from…".
import {
  DEFAULT_REDIRECT_PROMPT,
  geoRedirectMessages as m,
  type DecideResponse,
  type GeoRedirectRuleInput,
  type GeoRedirectsView,
  type GeoRedirectTestResult,
} from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { UPGRADE_MESSAGE } from '../../src/core/plan-gates.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const DE_IP = '88.198.0.1';
const US_IP = '8.8.8.8';
const GOOGLEBOT_IP = '66.249.66.1';
const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: TestApp;
let alice: SignedIn;
let carol: SignedIn;

const rule = (over: Partial<GeoRedirectRuleInput> = {}): GeoRedirectRuleInput => ({
  enabled: true,
  countries: ['DE'],
  continents: [],
  url: 'https://example.de',
  keepPath: false,
  mode: 'auto',
  prompt: DEFAULT_REDIRECT_PROMPT,
  ...over,
});

const save = (shop: SignedIn, rules: GeoRedirectRuleInput[]) =>
  t.call('saveGeoRedirects', shop.token, { rules });
/** The rules as stored once queued visits are written (their hits are part of them). */
const view = async (shop: SignedIn) => {
  await t.app.visits.flush();
  return (await t.call('getGeoRedirects', shop.token)).json<GeoRedirectsView>();
};

async function decide(
  shop: SignedIn,
  ip: string,
  path = '/products/hat?color=red',
  extra: Record<string, string> = {},
  userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36',
) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/storefront/decide',
    headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
    query: { shop: shop.shop, url: `https://${shop.shop}${path}`, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DecideResponse>();
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-redirects');
  carol = await t.signIn('carol-redirects');
  await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.domain, alice.shop));
  await t.app.protection.geo.ready;
});
afterAll(async () => {
  await t?.close();
});

describe('the plan gate', () => {
  it('answers 403 with the upgrade message on the Free plan', async () => {
    for (const [name, input] of [
      ['getGeoRedirects', {}],
      ['saveGeoRedirects', { rules: [] }],
      ['testGeoRedirect', { country: 'DE', url: 'https://a.example/' }],
    ] as const) {
      const res = await t.call(name, carol.token, input);
      expect(res.statusCode, name).toBe(403);
      expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
    }
  });
});

describe('saving and deciding', () => {
  it('starts empty', async () => {
    expect(await view(alice)).toEqual({ rules: [], limit: 100 });
    expect((await decide(alice, DE_IP)).action).toBe('allow');
  });

  it('redirects a visitor from a listed country, with the path and query kept', async () => {
    const res = await save(alice, [rule({ url: 'https://Example.de/de', keepPath: true })]);
    expect(res.statusCode, res.body).toBe(200);
    const [saved] = res.json<GeoRedirectsView>().rules;
    expect(saved).toMatchObject({ url: 'https://example.de/de', countries: ['DE'], hits: 0 });
    expect(await decide(alice, DE_IP)).toEqual({
      action: 'redirect',
      redirectUrl: 'https://example.de/de/products/hat?color=red',
    });
    expect((await decide(alice, US_IP)).action).toBe('allow');
  });

  it('redirects once per session: a session that had it is let through', async () => {
    const answer = await decide(alice, DE_IP, '/', { g: '1' });
    expect(answer.action).toBe('allow');
    expect(answer.token).toBeTruthy();
  });

  it('never redirects a verified search-engine crawler', async () => {
    await save(alice, [rule({ countries: ['US', 'DE'] })]);
    expect((await decide(alice, GOOGLEBOT_IP, '/', {}, GOOGLEBOT_UA)).action).toBe('allow');
    // The same user agent from elsewhere is an ordinary visitor.
    expect((await decide(alice, DE_IP, '/', {}, GOOGLEBOT_UA)).action).toBe('redirect');
  });

  it('answers a prompt rule with what to ask and an allow token', async () => {
    const prompt = { ...DEFAULT_REDIRECT_PROMPT, flag: 'de' };
    await save(alice, [rule({ mode: 'prompt', prompt })]);
    const answer = await decide(alice, DE_IP, '/');
    expect(answer).toMatchObject({
      action: 'redirect',
      redirectUrl: 'https://example.de/',
      prompt: { ...DEFAULT_REDIRECT_PROMPT, flag: 'DE' },
    });
    expect(answer.token).toBeTruthy();
  });

  it('applies the rules in the saved order and keeps ids on a reorder', async () => {
    let res = await save(alice, [
      rule({ url: 'https://example.eu', countries: [], continents: ['EU'] }),
      rule({ url: 'https://example.eu/de' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [eu, de] = res.json<GeoRedirectsView>().rules;
    expect((await decide(alice, DE_IP, '/')).redirectUrl).toBe('https://example.eu/');
    res = await save(
      alice,
      [de!, eu!].map(({ hits: _h, lastHitAt: _l, ...r }) => r),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GeoRedirectsView>().rules.map((r) => r.id)).toEqual([de!.id, eu!.id]);
    expect((await decide(alice, DE_IP, '/')).redirectUrl).toBe('https://example.eu/de');
  });
});

describe('refusals change nothing', () => {
  const tooMany = Array.from({ length: 500 }, () => rule());
  it.each([
    [
      'a target that is not https',
      [rule({ url: 'http://example.de' })],
      m.urlNotHttps('http://example.de'),
    ],
    ['an empty target', [rule({ url: ' ' })], m.url],
    ['an empty country set', [rule({ countries: [], continents: [] })], m.noCountries],
    ['500 rules', tooMany, m.tooMany],
    [
      'an unknown country',
      [rule({ countries: ['XX'] })],
      '"XX" is not a country code (use two letters, like US or DE)',
    ],
    [
      'an id that is not one of the shop’s rules',
      [rule({ id: '00000000-0000-4000-8000-000000000000' })],
      m.ruleId,
    ],
  ])('%s', async (_name, rules, message) => {
    const before = await view(alice);
    const res = await save(alice, rules);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
    expect(await view(alice)).toEqual(before);
  });
});

describe('refusals name the rule they are about', () => {
  it('lists a refused text with the path of its rule and field', async () => {
    const res = await save(alice, [
      rule(),
      rule({ mode: 'prompt', prompt: { ...DEFAULT_REDIRECT_PROMPT, accept: '' } }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      Message: 'Enter the text of the button that redirects.',
      code: 'invalid_input',
      issues: [
        {
          path: ['rules', 1, 'prompt', 'accept'],
          code: 'too_small',
          message: 'Enter the text of the button that redirects.',
        },
      ],
    });
  });

  it("lists the engine's refusal with the path of its rule, in the order sent", async () => {
    const before = await view(alice);
    const res = await save(alice, [rule(), rule(), rule({ countries: ['FR', 'XX'] })]);
    expect(res.statusCode).toBe(400);
    const message = '"XX" is not a country code (use two letters, like US or DE)';
    expect(res.json()).toEqual({
      Message: message,
      code: 'invalid_rules',
      issues: [{ path: ['rules', 2, 'countries', 1], code: 'invalidCountry', message }],
    });
    expect(await view(alice)).toEqual(before);
  });
});

describe('test as a visitor from…', () => {
  const test = async (country: string, url = `https://${alice.shop}/products/hat`) => {
    const res = await t.call('testGeoRedirect', alice.token, { country, url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GeoRedirectTestResult>();
  };

  it('says where a visitor from a country goes, and when they stay', async () => {
    await save(alice, [
      rule({ url: 'https://example.fr', countries: ['FR'], keepPath: true }),
      rule({ url: 'https://example.de', mode: 'prompt' }),
    ]);
    expect(await test('fr')).toEqual({
      action: 'redirect',
      redirectUrl: 'https://example.fr/products/hat',
      prompt: false,
      position: 1,
      message: 'A visitor from France is sent to https://example.fr/products/hat (redirect 1).',
    });
    expect(await test('DE')).toMatchObject({ action: 'redirect', prompt: true, position: 2 });
    expect(await test('DE', 'https://example.de/shop')).toMatchObject({ action: 'allow' });
    expect((await test('US')).message).toBe(
      'A visitor from United States stays on this page: no turned-on redirect sends them elsewhere from here.',
    );
  });

  it('saves Germany → German store above Europe → EU store; no visitor goes round', async () => {
    const res = await save(alice, [
      rule({ url: 'https://example.de' }),
      rule({ url: 'https://example.eu', countries: [], continents: ['EU'] }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GeoRedirectsView>().rules.map((r) => r.url)).toEqual([
      'https://example.de/',
      'https://example.eu/',
    ]);
    // Each visitor is sent once, to their store, and stays there.
    expect(await test('DE')).toMatchObject({ redirectUrl: 'https://example.de/', position: 1 });
    expect(await test('DE', 'https://example.de/products/hat')).toMatchObject({ action: 'allow' });
    expect(await test('DE', 'https://example.eu/products/hat')).toMatchObject({
      redirectUrl: 'https://example.de/',
      position: 1,
    });
    expect(await test('FR')).toMatchObject({ redirectUrl: 'https://example.eu/', position: 2 });
    expect(await test('FR', 'https://example.eu/products/hat')).toMatchObject({ action: 'allow' });
  });

  it('refuses a country that does not exist and a page that is no address', async () => {
    for (const input of [
      { country: 'QQ', url: 'https://a.example/' },
      { country: 'DE', url: 'not a page' },
    ]) {
      const res = await t.call('testGeoRedirect', alice.token, input);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ Message: string }>().Message).toMatch(
        /Choose a country|Enter the store page/,
      );
    }
  });
});

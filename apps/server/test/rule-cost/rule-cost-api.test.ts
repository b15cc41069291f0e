// The cost of a rule before it is saved, through the HTTP API: the replay's numbers are what
// the live rules then do to the same visits (the draft is saved and the visits sent through
// the storefront's decide call again); a change that would block the merchant's own country
// or address, or a verified search-engine crawler seen in the window, asks for confirmation;
// a draft the call would refuse gets that call's 400 and nothing changes; a shop replays only
// its own visits, and only with a session.
import { type RuleCostResult } from '@gatehouse/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../src/protection/protection-schema.js';
import { shops } from '../../src/core/db/schema.js';
import { visitBatches } from '../../src/features/rule-cost/visit-batches.js';
import { UPGRADE_MESSAGE } from '../../src/core/plan-gates.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const DE = '88.198.0.1';
const US = '8.8.8.8';
const FR = '212.27.48.10';
const GOOGLEBOT = '66.249.66.1';
const HOSTING = '159.89.0.1';
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0.0.0 Safari/537.36';
const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Sent {
  ip: string;
  path: string;
  ua?: string;
  ref?: string;
}

const VISITS: Sent[] = [
  { ip: DE, path: '/' },
  { ip: DE, path: '/products/hat' },
  { ip: DE, path: '/cart' },
  { ip: US, path: '/' },
  { ip: US, path: '/products/hat' },
  { ip: FR, path: '/' },
  { ip: FR, path: '/collections/all', ref: 'https://spam.example/' },
  { ip: GOOGLEBOT, path: '/', ua: GOOGLEBOT_UA },
  { ip: GOOGLEBOT, path: '/products/hat', ua: GOOGLEBOT_UA },
  { ip: HOSTING, path: '/' },
];

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;

async function shopIdOf(who: SignedIn) {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, who.shop));
  return row!.id;
}

/** Sends every visit through the storefront's decide call; answers whether each got in. */
async function sendVisits(who: SignedIn): Promise<boolean[]> {
  const allowed: boolean[] = [];
  for (const v of VISITS) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': v.ip, 'user-agent': v.ua ?? BROWSER },
      query: { shop: who.shop, url: `https://${who.shop}${v.path}`, ref: v.ref ?? '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    allowed.push(res.json<{ action: string }>().action === 'allow');
  }
  await t.app.visits.flush();
  return allowed;
}

function replay(who: SignedIn | null, call: string, draft: unknown, from = US) {
  return t.app.inject({
    method: 'POST',
    url: '/api/ruleCost/replay',
    headers: {
      'x-forwarded-for': from,
      'user-agent': BROWSER,
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
    },
    payload: { call, draft },
  });
}

async function cost(who: SignedIn, call: string, draft: unknown, from = US) {
  const res = await replay(who, call, draft, from);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RuleCostResult>();
}

const country = (mode: 'blacklist' | 'whitelist', countries: string[]) => ({
  mode,
  countries,
  action: { type: 'block' },
  monitor: false,
});

/** Visits (and distinct addresses) where `pick` holds, over `rounds` sends of VISITS. */
function tally(pick: (i: number) => boolean, rounds: number) {
  const hits = VISITS.filter((_, i) => pick(i));
  return { visits: hits.length * rounds, visitors: new Set(hits.map((v) => v.ip)).size };
}

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, carol] = [
    await t.signIn('alice-cost'),
    await t.signIn('bob-cost'),
    await t.signIn('carol-cost'),
  ];
  await t.app.protection.geo.ready;
});
afterAll(async () => {
  await t?.close();
});

describe('the replay', () => {
  it('counts what the live rules then do to the same visits, change after change', async () => {
    let before = await sendVisits(alice);
    let rounds = 1;
    const seen = { blocked: 0, released: 0 };
    const steps: [string, unknown, string[]][] = [
      ['saveCountryBlocker', country('blacklist', ['DE']), ['country']],
      ['addIpBlocker', { ip: '66.249.66.0/24', note: '' }, ['ip-block', 'ip-allow']],
      ['saveCountryBlocker', country('whitelist', ['DE']), ['country']],
    ];
    for (const [call, draft, kinds] of steps) {
      const result = await cost(alice, call, draft);
      expect(result.replayed).toBe(VISITS.length * rounds);
      expect(result.bounded).toBeNull();

      const save = await t.call(call as 'saveCountryBlocker', alice.token, draft);
      expect(save.statusCode, save.body).toBe(200);
      const after = await sendVisits(alice);
      expect(result.blocked, call).toEqual(tally((i) => before[i]! && !after[i]!, rounds));
      expect(result.released, call).toEqual(tally((i) => !before[i]! && after[i]!, rounds));
      // This blocker's own blocks, as the live decisions of the last round stored them.
      const stored = await t.app.db
        .select({ kind: visits.ruleKind, action: visits.action })
        .from(visits)
        .where(eq(visits.shopId, await shopIdOf(alice)))
        .orderBy(desc(visits.time), desc(visits.id))
        .limit(VISITS.length);
      const live = stored.filter((v) => v.action !== 'allow' && kinds.includes(v.kind ?? ''));
      expect(result.total.visits, call).toBe(live.length * rounds);
      expect(result.examples.length).toBe(Math.min(5, result.blocked.visits));
      seen.blocked += result.blocked.visits;
      seen.released += result.released.visits;
      before = after;
      rounds += 1;
    }
    // The steps block and release visits both: the comparison is never of zeros alone.
    expect(seen.blocked).toBeGreaterThan(0);
    expect(seen.released).toBeGreaterThan(0);
  });

  it('counts each visit of a visitor who repeats the same request', async () => {
    const erin = await t.signIn('erin-cost');
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/storefront/decide',
        headers: { 'x-forwarded-for': FR, 'user-agent': BROWSER },
        query: { shop: erin.shop, url: `https://${erin.shop}/cart`, ref: '' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.app.visits.flush();
    const result = await cost(erin, 'addIpBlocker', { ip: FR, note: '' });
    expect(result.replayed).toBe(30);
    expect(result.blocked).toEqual({ visits: 30, visitors: 1 });
    expect(result.total).toEqual({ visits: 30, visitors: 1 });
    const times = result.examples.map((e) => e.time);
    expect(times.length).toBe(5);
    expect(times).toEqual([...times].sort().reverse());
    const [newest] = await t.app.db
      .select({ time: visits.time })
      .from(visits)
      .where(eq(visits.shopId, await shopIdOf(erin)))
      .orderBy(desc(visits.time))
      .limit(1);
    expect(times[0]).toBe(newest!.time.toISOString());
  });

  it('links the visitor log to what the blocked visits share', async () => {
    const result = await cost(bob, 'addIpBlocker', { ip: FR, note: '' });
    expect(result.logFilters).toEqual({ range: '7d' });
    await sendVisits(bob);
    const again = await cost(bob, 'addIpBlocker', { ip: FR, note: '' });
    expect(again.blocked).toEqual({ visits: 2, visitors: 1 });
    expect(again.logFilters).toEqual({ range: '7d', action: 'allow', ip: FR });
    expect(again.examples.map((e) => e.ip)).toEqual([FR, FR]);
    // Two addresses in Germany (a home line and a Frankfurt data centre): the country links.
    const byCountry = await cost(bob, 'saveCountryBlocker', country('blacklist', ['DE']));
    expect(byCountry.blocked).toEqual({ visits: 4, visitors: 2 });
    expect(byCountry.logFilters).toEqual({ range: '7d', action: 'allow', country: 'DE' });
    // The United States and France: nothing shared but the window.
    const whitelist = await cost(bob, 'saveCountryBlocker', country('whitelist', ['DE']));
    expect(whitelist.blocked).toEqual({ visits: 4, visitors: 2 });
    expect(whitelist.logFilters).toEqual({ range: '7d', action: 'allow' });
  });
});

describe('the visits read', () => {
  const since = () => new Date(Date.now() - 86_400_000);
  const stored = async (who: SignedIn) =>
    (
      await t.app.db
        .select({ time: visits.time, ip: visits.ip, url: visits.url, ruleKind: visits.ruleKind })
        .from(visits)
        .where(eq(visits.shopId, await shopIdOf(who)))
        .orderBy(desc(visits.time), desc(visits.id))
    ).map((v) => ({
      time: v.time.getTime(),
      ip: v.ip ?? '',
      url: v.url,
      adminDevice: v.ruleKind === 'admin-access',
    }));
  const key = (v: { time: number; ip: string; url: string }) => `${v.time} ${v.ip} ${v.url}`;

  it('are the newest, at most as many as asked, each batch older than the one before', async () => {
    const read = [];
    for await (const batch of visitBatches(t.app.db, await shopIdOf(alice), since(), 7, 3)) {
      expect(batch.length).toBeGreaterThan(0);
      read.push(batch);
    }
    expect(read.flat().length).toBe(7);
    for (let i = 1; i < read.length; i++) {
      const older = Math.max(...read[i]!.map((v) => v.time));
      expect(older).toBeLessThanOrEqual(Math.min(...read[i - 1]!.map((v) => v.time)));
    }
    const newest = (await stored(alice)).slice(0, 7);
    expect(read.flat().map(key).sort()).toEqual(newest.map(key).sort());
  });

  it('are every visit of the window once, however thin the slices', async () => {
    const all = await stored(alice);
    expect(all.length).toBeGreaterThan(20);
    for (const batchSize of [1, 4, 1_000]) {
      const read = [];
      for await (const batch of visitBatches(
        t.app.db,
        await shopIdOf(alice),
        since(),
        1e6,
        batchSize,
      )) {
        read.push(...batch);
      }
      expect(read.map(key).sort(), String(batchSize)).toEqual(all.map(key).sort());
    }
  });

  it('give a device’s Admin Access and an address that was not an IP address as stored', async () => {
    const frank = await t.signIn('frank-cost');
    const shopId = await shopIdOf(frank);
    const now = Date.now();
    const time = (minutes: number) => new Date(now - minutes * 60_000);
    const url = `https://${frank.shop}/`;
    await t.app.db.insert(visits).values([
      { shopId, time: time(3), ip: null, url, action: 'allow' },
      { shopId, time: time(2), ip: DE, url, action: 'allow', ruleKind: 'admin-access' },
      { shopId, time: time(1), ip: '2001:db8::1', url, action: 'block', ruleKind: 'country' },
    ]);
    const read = [];
    for await (const batch of visitBatches(t.app.db, shopId, since(), 10)) read.push(...batch);
    read.sort((a, b) => a.time - b.time);
    expect(read).toEqual([
      { time: time(3).getTime(), ip: '', url, referrer: '', userAgent: '', adminDevice: false },
      { time: time(2).getTime(), ip: DE, url, referrer: '', userAgent: '', adminDevice: true },
      {
        time: time(1).getTime(),
        ip: '2001:db8::1',
        url,
        referrer: '',
        userAgent: '',
        adminDevice: false,
      },
    ]);
  });
});

describe('confirmation', () => {
  it('is asked before blocking the country the merchant is in', async () => {
    const blacklist = await cost(carol, 'saveCountryBlocker', country('blacklist', ['DE']), DE);
    expect(blacklist.confirm).toEqual([
      {
        reason: 'ownCountry',
        message:
          'Every visitor from Germany, the country you are in now, would be blocked, you included.',
      },
    ]);
    // The first case: a flip to a whitelist of other countries blocks the merchant's too.
    const whitelist = await cost(carol, 'saveCountryBlocker', country('whitelist', ['FR']), DE);
    expect(whitelist.confirm.map((c) => c.reason)).toEqual(['ownCountry']);
    const elsewhere = await cost(carol, 'saveCountryBlocker', country('blacklist', ['FR']), DE);
    expect(elsewhere.confirm).toEqual([]);
  });

  it('is asked before blocking the merchant’s own address', async () => {
    const result = await cost(carol, 'addIpBlocker', { ip: `${DE}`, note: '' }, DE);
    expect(result.confirm).toEqual([
      {
        reason: 'ownAddress',
        message: `Your own address, ${DE}, would be blocked: you could no longer open your store from where you are now.`,
      },
    ]);
  });

  it('is asked before blocking a verified crawler seen in the window', async () => {
    const none = await cost(carol, 'addIpBlocker', { ip: '66.249.66.0/24', note: '' });
    expect(none.confirm).toEqual([]);
    await sendVisits(carol);
    const result = await cost(carol, 'addIpBlocker', { ip: '66.249.66.0/24', note: '' });
    expect(result.confirm.map((c) => c.reason)).toEqual(['crawler']);
    expect(result.confirm[0]!.message).toContain('Google’s verified search-engine crawler');
    expect(result.confirm[0]!.message).toContain('visited 2 times');
  });
});

describe('refusals', () => {
  it('answer a draft the call refuses with the call’s own 400, and change nothing', async () => {
    const cases: [string, unknown][] = [
      ['saveCountryBlocker', { ...country('blacklist', []), mode: 'sometimes' }],
      ['saveCountryBlocker', country('blacklist', ['ZZ'])],
      ['addIpBlocker', { ip: '999.1.1.1', note: '' }],
      ['saveCountryBlocker', { ...country('blacklist', []), action: { type: 'redirect' } }],
    ];
    const rules = await t.call('getCountryBlocker', carol.token);
    for (const [call, draft] of cases) {
      const res = await replay(carol, call, draft);
      const direct = await t.call(call as 'saveCountryBlocker', carol.token, draft);
      expect(direct.statusCode, call).toBe(400);
      expect(res.statusCode, call).toBe(400);
      expect(res.json(), call).toEqual(direct.json());
    }
    expect((await t.call('getCountryBlocker', carol.token)).body).toBe(rules.body);
  });

  it('answer a call that cannot be replayed, or no draft, with a Message', async () => {
    for (const call of ['getCountryBlocker', 'nonsense', '__proto__', 'toString', '']) {
      const res = await replay(carol, call, {});
      expect(res.statusCode, call).toBe(400);
      expect(Object.keys(res.json()), call).toEqual(['Message', 'code', 'issues']);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ruleCost/replay',
      headers: { authorization: `Bearer ${carol.token}` },
      payload: { call: 'saveCountryBlocker' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['Message', 'code', 'issues']);
  });

  it('answer a paid blocker’s draft on a plan without it with the upgrade 403', async () => {
    const res = await replay(carol, 'addAsnBlocker', { value: 'AS14061', note: '' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
  });

  it('need a session, and replay only the caller’s own visits', async () => {
    expect((await replay(null, 'addIpBlocker', { ip: DE, note: '' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/ruleCost/replay',
      headers: { authorization: `Bearer ${alice.token}x` },
      payload: { call: 'addIpBlocker', draft: { ip: DE, note: '' } },
    });
    expect(forged.statusCode).toBe(401);
    const dave = await t.signIn('dave-cost');
    const result = await cost(dave, 'saveCountryBlocker', country('whitelist', ['JP']));
    expect(result.replayed).toBe(0);
    expect(result.blocked).toEqual({ visits: 0, visitors: 0 });
  });
});

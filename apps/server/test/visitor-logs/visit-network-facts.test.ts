// What a visit keeps about the visitor's network and agent, as the engine saw them when it
// decided: hosting/VPN/proxy/Tor/Private Relay, the Bot Blocker category and the crawler
// verdict are stored with the visit, shown on its row, filtered on (the shop's own visits
// only; a bad filter is a 400), kept in the CSV export, and the row's referrer is one click
// from the Referrer Blocker.
import {
  visitorLogMessages as m,
  type ReferrerBlockerView,
  type VisitPage,
  type VisitView,
} from '@gatehouse/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { filterConditions } from '../../src/features/visitor-logs/visit-query.js';
import { useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { TestApp } from '../helpers/test-app.js';

const DIGITALOCEAN = '159.89.0.1'; // AS14061, a hosting network
const GOOGLE_CRAWL = '66.249.66.1'; // Googlebot's published range, in Google's hosting network
const HOME = '212.27.48.10'; // AS12322 Free SAS, French home broadband
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CURL = 'curl/8.5.0';

let t: TestApp;
let alice: ShopSession;
let bob: ShopSession;

useSignedInShops(
  {
    alice: { name: 'alice-visit-network', plan: 'premium' },
    bob: { name: 'bob-visit-network', plan: 'premium' },
  },
  (s) => ({ t, alice, bob } = s),
  { geo: true },
);

async function decide(shop: ShopSession, ip: string, userAgent: string, ref = '', path = '/') {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/storefront/decide',
    headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
    query: { shop: shop.shop, url: `https://${shop.shop}${path}`, ref },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ action: string }>().action;
}

async function list(shop: ShopSession, query: Record<string, string> = {}): Promise<VisitView[]> {
  await t.app.visits.flush();
  const res = await t.call('listVisits', shop.token, { ...query, limit: 200 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<VisitPage>().visits;
}

const paths = (visits: VisitView[]) => visits.map((v) => new URL(v.url).pathname).sort();

describe('network facts on visits', () => {
  it('stores each visit’s network kinds, bot category and crawler verdict', async () => {
    await decide(alice, DIGITALOCEAN, CHROME, '', '/hosting');
    await decide(alice, GOOGLE_CRAWL, GOOGLEBOT, '', '/googlebot');
    await decide(alice, DIGITALOCEAN, GOOGLEBOT, '', '/fake-googlebot');
    await decide(alice, HOME, CURL, '', '/curl');
    await decide(alice, HOME, CHROME, 'https://spam.example/offer', '/shopper');
    await decide(bob, DIGITALOCEAN, CHROME, '', '/bob-hosting');

    const byPath = new Map((await list(alice)).map((v) => [new URL(v.url).pathname, v]));
    const facts = (path: string) => {
      const v = byPath.get(path)!;
      return { network: v.network, botCategory: v.botCategory, crawler: v.crawler };
    };
    expect(facts('/hosting')).toEqual({ network: ['hosting'], botCategory: null, crawler: null });
    expect(facts('/googlebot')).toEqual({
      network: ['hosting'],
      botCategory: null,
      crawler: 'verified',
    });
    expect(facts('/fake-googlebot')).toEqual({
      network: ['hosting'],
      botCategory: 'fake-crawlers',
      crawler: 'fake',
    });
    expect(facts('/curl')).toEqual({ network: [], botCategory: 'scripts', crawler: null });
    expect(facts('/shopper')).toEqual({ network: [], botCategory: null, crawler: null });
  });

  it('filters on them, within the shop’s own visits', async () => {
    expect(paths(await list(alice, { network: 'hosting' }))).toEqual([
      '/fake-googlebot',
      '/googlebot',
      '/hosting',
    ]);
    expect(paths(await list(alice, { crawler: 'verified' }))).toEqual(['/googlebot']);
    expect(paths(await list(alice, { crawler: 'fake' }))).toEqual(['/fake-googlebot']);
    expect(paths(await list(alice, { bot: 'scripts' }))).toEqual(['/curl']);
    expect(paths(await list(alice, { bot: 'fake-crawlers' }))).toEqual(['/fake-googlebot']);
    expect(await list(alice, { network: 'tor' })).toEqual([]);
    expect(await list(alice, { network: 'vpn' })).toEqual([]);
    expect(paths(await list(alice, { network: 'hosting', crawler: 'fake' }))).toEqual([
      '/fake-googlebot',
    ]);
    expect(paths(await list(bob, { network: 'hosting' }))).toEqual(['/bob-hosting']);
  });

  it('answers a bad filter with 400 and its message', async () => {
    for (const [query, message] of [
      [{ network: 'wifi' }, m.network],
      [{ network: '' }, m.network],
      [{ bot: 'robots' }, m.bot],
      [{ crawler: 'maybe' }, m.crawler],
    ] as const) {
      const res = await t.call('listVisits', alice.token, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ Message: message });
    }
  });

  it('keeps them in the CSV export, filtered the same way', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/visitors/export?network=hosting',
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = res.body.trim().split('\r\n');
    expect(header!.split(',').slice(-3)).toEqual(['network', 'bot_category', 'crawler']);
    expect(rows.map((row) => row.split(',').slice(-3)).sort()).toEqual([
      ['hosting', '', ''],
      ['hosting', '', 'verified'],
      ['hosting', 'fake-crawlers', 'fake'],
    ]);
  });

  it('blocks a row’s referrer in one call, and the next visit from it is blocked', async () => {
    const row = (await list(alice)).find((v) => v.referrer.startsWith('https://spam.example/'))!;
    const res = await t.call('visitQuickAction', alice.token, {
      action: 'blockReferrer',
      value: new URL(row.referrer).hostname,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changed).toBe(true);
    const entries = (await t.call('getReferrerBlocker', alice.token)).json<ReferrerBlockerView>();
    expect(entries.entries.map((e) => e.domain)).toEqual(['spam.example']);
    expect(await decide(alice, HOME, CHROME, 'https://spam.example/again', '/again')).toBe('block');
    expect(await decide(bob, HOME, CHROME, 'https://spam.example/again', '/again')).toBe('allow');
  });
});

/** The rows a raw statement answered. */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe('the network, crawler and bot filters', () => {
  it('read only the visits their partial index holds, not every visit of the shop', async () => {
    const found = await t.app.db.execute(sql`select id from shops where domain = ${alice.shop}`);
    const shopId = String(rowsOf(found)[0]?.id);
    /** The index as each weekly partition holds it. */
    const partsOf = async (index: string) => {
      const children = await t.app.db.execute(sql`
        select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
        where p.relname = ${index}`);
      return new Set(rowsOf(children).map((row) => String(row.name)));
    };
    for (const [filter, index] of [
      [{ network: 'tor' }, 'visits_shop_net_tor_time_idx'],
      [{ network: 'hosting' }, 'visits_shop_net_hosting_time_idx'],
      [{ crawler: 'fake' }, 'visits_shop_net_fake_time_idx'],
      [{ bot: 'scripts' }, 'visits_shop_bot_time_idx'],
    ] as const) {
      const names = await partsOf(index);
      expect(names.size, index).toBeGreaterThan(0);
      const where = sql.join(filterConditions(shopId, filter), sql` and `);
      const plan = await t.app.db.transaction(async (tx) => {
        // A test table is small enough for a sequential scan: ask what the planner can use.
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(
          sql`explain select v.id from visits v where ${where} order by v.time desc, v.id desc limit 50`,
        );
        return rowsOf(result)
          .map((row) => Object.values(row).join(' '))
          .join('\n');
      });
      const used = [...plan.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\S+)/g)].map(
        (m) => m[1],
      );
      expect(used.length, plan).toBeGreaterThan(0);
      expect(
        used.every((name) => names.has(name!)),
        `${JSON.stringify(filter)}\n${plan}`,
      ).toBe(true);
    }
  });
});

// One file past the usual size on purpose: the cases read one seeded log, and the IP lookup
// checks the rules that the quick actions before it added.
// Visitor logs, quick actions, CSV export, retention, IP lookup and the dashboard chart through
// the HTTP API, on a fresh database (PGlite, or Postgres with TEST_DATABASE_URL).
import type { IpLookupResult, TimeSeries, VisitPage } from '@gatehouse/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits, type VisitRow } from '../../src/protection/protection-schema.js';
import { blockerHourlyCounts, shops } from '../../src/core/db/schema.js';
import {
  VISIT_RETENTION_JOB,
  type RetentionRun,
} from '../../src/features/visitor-logs/retention.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let aliceId: string;
let bobId: string;

const HOUR = 3_600_000;
const allowed = {
  action: 'allow',
  ruleId: null,
  ruleKind: null,
  ruleLabel: null,
  ruleMode: null,
} as const;
const BASE = Date.now() - 10 * HOUR;

function visit(shopId: string, i: number, over: Partial<VisitRow> = {}): VisitRow {
  return {
    shopId,
    time: new Date(BASE + i * 1000),
    ip: `203.0.113.${i % 250}`,
    country: i % 3 === 0 ? 'DE' : 'US',
    region: null,
    city: null,
    asn: i % 2 === 0 ? 15169 : 3320,
    org: i % 2 === 0 ? 'Google LLC' : 'Deutsche Telekom AG',
    url: i % 5 === 0 ? `https://shop.example/products/hat-${i}` : 'https://shop.example/',
    referrer: '',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0.0.0 Safari/537.36',
    action: i % 10 === 0 ? 'block' : 'allow',
    ruleId: i % 10 === 0 ? 'country' : null,
    ruleKind: i % 10 === 0 ? 'country' : null,
    ruleLabel: i % 10 === 0 ? 'Country Blocker (blacklist)' : null,
    ruleMode: i % 10 === 0 ? 'blacklist' : null,
    monitor: false,
    monitorRuleId: null,
    ...over,
  };
}

async function shopIdOf(domain: string) {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, domain));
  return row!.id;
}

const list = (token: string, query: Record<string, unknown> = {}) =>
  t.call('listVisits', token, query);

async function allPages(token: string, query: Record<string, unknown>) {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await list(token, { ...query, ...(cursor ? { cursor } : {}) });
    expect(res.statusCode).toBe(200);
    const page = res.json<VisitPage>();
    ids.push(...page.visits.map((v) => v.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

beforeAll(async () => {
  t = await createTestApp({ VISIT_PURGE_SCHEDULE: '' });
  alice = await t.signIn('alice-logs');
  bob = await t.signIn('bob-logs');
  aliceId = await shopIdOf(alice.shop);
  bobId = await shopIdOf(bob.shop);
  await t.app.db.insert(visits).values(Array.from({ length: 120 }, (_, i) => visit(aliceId, i)));
  await t.app.db.insert(visits).values([
    visit(aliceId, 200, { ip: '2001:db8::5', country: null, asn: null, org: null, ...allowed }),
    visit(aliceId, 201, {
      ip: '198.51.100.9',
      country: 'US',
      monitor: true,
      monitorRuleId: 'country',
      monitorRuleKind: 'country',
      monitorLabel: 'Country Blocker (blacklist)',
      monitorMode: 'blacklist',
      monitorAction: 'block',
      ...allowed,
    }),
    visit(bobId, 5, { ip: '192.0.2.1', url: 'https://bob.example/secret' }),
  ]);
  // Stored straight into the table: their distinct URLs and minutes as the visit writer would
  // keep them.
  await t.app.db.execute(sql`
    insert into visit_urls (shop_id, url_hash, url, visits, last_seen)
    select shop_id, md5(url), url, count(*), max(time) from visits group by shop_id, url`);
  await t.app.db.execute(sql`
    insert into visit_url_minutes (shop_id, url_hash, minute)
    select distinct shop_id, md5(url), date_trunc('minute', time, 'UTC') from visits`);
  await t.app.protection.geo.ready;
});
afterAll(async () => {
  await t?.close();
});

describe('the visitor log list', () => {
  it('answers newest first with device and rule explained', async () => {
    const res = await list(alice.token, { limit: 5 });
    expect(res.statusCode).toBe(200);
    const page = res.json<VisitPage>();
    expect(page.visits.map((v) => v.ip)).toEqual([
      '198.51.100.9',
      '2001:db8::5',
      '203.0.113.119',
      '203.0.113.118',
      '203.0.113.117',
    ]);
    expect(page.visits[0]!.monitor).toMatchObject({ kind: 'country', action: 'block' });
    expect(page.visits[2]!.device).toBe('Chrome on Windows');
    expect(page.nextCursor).not.toBeNull();
    const blocked = (await list(alice.token, { action: 'block', limit: 1 })).json<VisitPage>();
    expect(blocked.visits[0]).toMatchObject({
      ip: '203.0.113.110',
      action: 'block',
      rule: {
        id: 'country',
        kind: 'country',
        label: 'Country Blocker (blacklist)',
        mode: 'blacklist',
        page: '/regionBlocker',
      },
    });
  });

  it.each([
    [{ action: 'block' }, 12],
    [{ action: 'allow' }, 110],
    [{ action: 'monitor' }, 1],
    [{ country: 'de' }, 40],
    [{ asn: 'AS15169' }, 60],
    [{ ip: '203.0.113.7' }, 1],
    [{ ip: '203.0.113.0/28' }, 16],
    [{ ip: '2001:db8::/32' }, 1],
    [{ url: 'HAT-1' }, 6],
    [{ from: new Date(BASE + 100_000).toISOString() }, 22],
    [{ from: new Date(BASE).toISOString(), to: new Date(BASE + 10_000).toISOString() }, 10],
    [{ range: '1h' }, 0],
    [{ range: '24h', country: 'US', action: 'block' }, 8],
  ])('filters %j to %i visits', async (query, n) => {
    expect(await allPages(alice.token, { ...query, limit: 7 })).toHaveLength(n);
  });

  it.each([
    [{ action: 'maybe' }, 'Choose allow, block, redirect or monitor.'],
    [{ country: 'USA' }, 'The country must be a two-letter code, like US or DE.'],
    [{ ip: '300.1.1.1' }, 'Enter an IP address or CIDR range, like 203.0.113.7 or 203.0.113.0/24.'],
    [
      { ip: '10.0.0.1/24' },
      'Enter an IP address or CIDR range, like 203.0.113.7 or 203.0.113.0/24.',
    ],
    [{ asn: 'google' }, 'The ASN must be a number, like 15169 or AS15169.'],
    [{ from: 'yesterday' }, 'Times must be dates and times, like 2030-01-31T00:00:00Z.'],
    [{ limit: '500' }, 'A page holds 1 to 200 visits.'],
    [{ cursor: 'not-a-cursor' }, 'The page cursor is not valid.'],
  ])('refuses %j with its message', async (query, message) => {
    const res = await list(alice.token, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
  });

  it('pages without duplicates or gaps while newer visits arrive', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let extra = 0;
    do {
      const page = (
        await list(alice.token, { limit: 9, ...(cursor ? { cursor } : {}) })
      ).json<VisitPage>();
      seen.push(...page.visits.map((v) => v.id));
      cursor = page.nextCursor ?? undefined;
      // Newer visits land between page fetches.
      await t.app.db.insert(visits).values(visit(aliceId, 1000 + extra++, { ip: '192.0.2.77' }));
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(122);
    await t.app.db.delete(visits).where(eq(visits.ip, '192.0.2.77'));
  });

  it("never shows another shop's visits", async () => {
    const ids = await allPages(bob.token, { limit: 200 });
    expect(ids).toHaveLength(1);
    expect(await allPages(alice.token, { url: 'bob.example' })).toHaveLength(0);
    const none = await t.call('listVisits', null, {});
    expect(none.statusCode).toBe(401);
  });
});

describe('the CSV export', () => {
  const exportCsv = (token: string, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/visitors/export${query}`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('is refused on the Free plan', async () => {
    const res = await exportCsv(alice.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().Message).toMatch(/Premium/);
  });

  it('streams the filtered visits with a header row and a row count', async () => {
    await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.id, aliceId));
    const res = await exportCsv(alice.token, '?action=block&country=DE');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['x-total-rows']).toBe('4');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'time,ip,country,region,city,asn,org,url,referrer,user_agent,device,action,rule,mode,monitor,monitor_action,network,bot_category,crawler',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(',203.0.113.90,DE,');
    expect(lines[1]).toContain(',Chrome on Windows,block,Country Blocker (blacklist),');
    expect(lines.slice(1).every((l) => l.includes(',DE,') && l.includes(',block,'))).toBe(true);
    const bobs = await exportCsv(bob.token);
    expect(bobs.statusCode).toBe(403);
    await t.app.db.update(shops).set({ plan: 'free' }).where(eq(shops.id, aliceId));
  });
});

describe('quick actions', () => {
  const decide = (shop: string, ip: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': ip },
      query: { shop, url: `https://${shop}/`, ref: '' },
    });

  it('block an IP at once, and say so when it is already blocked', async () => {
    expect((await decide(alice.shop, '81.2.69.142')).json().action).toBe('allow');
    const res = await t.call('visitQuickAction', alice.token, {
      action: 'blockIp',
      value: '81.2.69.142',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      changed: true,
      message: '81.2.69.142 was added to the IP block list.',
    });
    expect((await decide(alice.shop, '81.2.69.142')).json().action).toBe('block');
    expect((await decide(bob.shop, '81.2.69.142')).json().action).toBe('allow');
    const again = await t.call('visitQuickAction', alice.token, {
      action: 'blockIp',
      value: '81.2.69.142',
    });
    expect(again.json().changed).toBe(false);
    const entries = await t.call('listIpBlocker', alice.token, {});
    expect(entries.json().entries.map((e: { ip: string }) => e.ip)).toEqual(['81.2.69.142']);
  });

  it('block a country, and allow an IP over it', async () => {
    const res = await t.call('visitQuickAction', alice.token, {
      action: 'blockCountry',
      value: 'gb',
    });
    expect(res.json().changed).toBe(true);
    expect((await decide(alice.shop, '81.2.69.160')).json().action).toBe('block');
    const allowed = await t.call('visitQuickAction', alice.token, {
      action: 'allowIp',
      value: '81.2.69.160',
    });
    expect(allowed.json().message).toBe('81.2.69.160 was added to the IP allow list.');
    expect((await decide(alice.shop, '81.2.69.160')).json().action).toBe('allow');
    const country = await t.call('getCountryBlocker', alice.token, {});
    expect(country.json().countries).toEqual(['GB']);
  });

  it.each([
    [
      { action: 'blockUrl', value: 'spam.example' },
      'Choose block IP, allow IP, block country, block ASN or block referrer.',
    ],
    [
      { action: 'blockAsn', value: 'Google' },
      'The ASN must be a number from 1 to 4294967295, like 15169 or AS15169.',
    ],
    [{ action: 'blockIp', value: '1.2.3' }, 'Enter a valid IPv4 or IPv6 address.'],
    [{ action: 'blockIp', value: '10.0.0.0/8' }, 'Enter a valid IPv4 or IPv6 address.'],
    [
      { action: 'blockCountry', value: 'XX' },
      'The country must be a two-letter code, like US or DE.',
    ],
  ])('refuse %j and change nothing', async (body, message) => {
    const res = await t.call('visitQuickAction', bob.token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
    expect((await t.call('listIpBlocker', bob.token, {})).json().total).toBe(0);
    expect((await t.call('getCountryBlocker', bob.token, {})).json().countries).toEqual([]);
  });
});

describe('IP lookup', () => {
  it('answers geo, flags and the decision with its rule', async () => {
    const res = await t.call('lookupIp', alice.token, { ip: '8.8.8.8' });
    expect(res.statusCode).toBe(200);
    const r = res.json<IpLookupResult>();
    expect(r).toMatchObject({
      ip: '8.8.8.8',
      version: 4,
      country: 'US',
      countryName: 'United States',
      asn: 15169,
      org: 'Google LLC',
      flags: { reserved: false, inBlockList: false, inAllowList: false },
      decision: { action: 'allow', rule: null, monitor: null },
      attribution: 'IP Geolocation by DB-IP',
    });
    expect(r.city).toBeTruthy();
    const blocked = (
      await t.call('lookupIp', alice.token, { ip: '81.2.69.142' })
    ).json<IpLookupResult>();
    expect(blocked.flags.inBlockList).toBe(true);
    expect(blocked.decision.action).toBe('block');
    expect(blocked.decision.rule).toMatchObject({
      kind: 'ip-block',
      label: 'IP block list: 81.2.69.142',
      page: '/ipBlocker',
    });
    const uk = (await t.call('lookupIp', alice.token, { ip: '81.2.69.1' })).json<IpLookupResult>();
    expect(uk.decision.rule).toMatchObject({ id: 'country', label: 'Country Blocker (blacklist)' });
    const bobView = (
      await t.call('lookupIp', bob.token, { ip: '81.2.69.142' })
    ).json<IpLookupResult>();
    expect(bobView.decision.action).toBe('allow');
  });

  it('leaves out a region and city of another country than the rules use, and names sources', async () => {
    const paris = (
      await t.call('lookupIp', alice.token, { ip: '212.27.48.10' })
    ).json<IpLookupResult>();
    expect(paris).toMatchObject({
      country: 'FR',
      city: 'Paris',
      sources: { country: 'country', place: 'city' },
      placeWithheld: null,
    });
    // The city database says Quebec, Montreal (Canada) where the country database says US.
    const r = (await t.call('lookupIp', alice.token, { ip: '9.187.136.0' })).json<IpLookupResult>();
    expect(r).toMatchObject({
      country: 'US',
      region: null,
      city: null,
      latitude: null,
      longitude: null,
      sources: { country: 'country', place: null },
      placeWithheld: 'CA',
    });
  });

  it('flags reserved space and refuses what is not an address', async () => {
    const r = (await t.call('lookupIp', alice.token, { ip: '10.1.2.3' })).json<IpLookupResult>();
    expect(r).toMatchObject({ country: null, flags: { reserved: true } });
    for (const ip of ['', 'hello', '1.2.3.4/24', '999.1.1.1', '1::2::3']) {
      const res = await t.call('lookupIp', alice.token, { ip });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Message: 'Enter a valid IPv4 or IPv6 address.' });
    }
  });
});

describe('retention', () => {
  it("deletes visits older than each shop's retention, and only those", async () => {
    await t.app.visits.flush();
    const before = (await allPages(alice.token, {})).length;
    const old = new Date(Date.now() - 30 * HOUR);
    await t.app.db
      .insert(visits)
      .values([
        visit(aliceId, 1, { time: old, ip: '192.0.2.200' }),
        visit(bobId, 1, { time: old, ip: '192.0.2.201' }),
      ]);
    // Bob's plan keeps 90 days; Alice's Free plan keeps 24 hours.
    await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.id, bobId));
    const run = (await t.app.jobs.run(VISIT_RETENTION_JOB)) as RetentionRun;
    expect(run.deleted).toBe(1);
    expect(await allPages(alice.token, { ip: '192.0.2.200' })).toHaveLength(0);
    expect(await allPages(bob.token, { ip: '192.0.2.201' })).toHaveLength(1);
    expect(await allPages(alice.token, {})).toHaveLength(before);
    await t.app.db.update(shops).set({ plan: 'free' }).where(eq(shops.id, bobId));
  });
});

describe('the dashboard chart', () => {
  it('sums the hourly counters into hour or day buckets', async () => {
    const hour = Math.floor(Date.now() / HOUR) * HOUR;
    // The decisions above counted page views; start from known numbers.
    await t.app.visits.flush();
    await t.app.db.delete(blockerHourlyCounts);
    await t.app.db.insert(blockerHourlyCounts).values([
      { shopId: bobId, hour: new Date(hour), blocker: 'pageViews', count: 10 },
      { shopId: bobId, hour: new Date(hour), blocker: 'ipBlocker', count: 3 },
      { shopId: bobId, hour: new Date(hour - 2 * HOUR), blocker: 'pageViews', count: 5 },
      { shopId: bobId, hour: new Date(hour - 2 * HOUR), blocker: 'regionBlocker', count: 1 },
      { shopId: bobId, hour: new Date(hour - 5 * 24 * HOUR), blocker: 'pageViews', count: 7 },
      { shopId: aliceId, hour: new Date(hour), blocker: 'pageViews', count: 99 },
    ]);
    const day = (await t.call('getTimeSeries', bob.token, { days: 1 })).json<TimeSeries>();
    expect(day.bucket).toBe('hour');
    expect(day.buckets).toHaveLength(24);
    expect(day.buckets.at(-1)).toEqual({
      start: new Date(hour).toISOString(),
      allowed: 7,
      blocked: 3,
    });
    expect(day.buckets.at(-3)).toMatchObject({ allowed: 4, blocked: 1 });
    expect(day.buckets.reduce((s, b) => s + b.allowed + b.blocked, 0)).toBe(15);
    const week = (await t.call('getTimeSeries', bob.token, { days: 7 })).json<TimeSeries>();
    expect(week.bucket).toBe('day');
    expect(week.buckets).toHaveLength(7);
    expect(week.buckets.reduce((s, b) => s + b.allowed, 0)).toBe(18);
    expect(week.buckets.reduce((s, b) => s + b.blocked, 0)).toBe(4);
    const bad = await t.call('getTimeSeries', bob.token, { days: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Message: 'Report range must be 1, 3, 7 or 30 days.' });
  });
});

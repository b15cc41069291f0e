// The Bot (VPN/Proxy) Blocker's calls: a paid feature (403 on Free), settings and trusted
// networks stored only for the caller's shop, every bad input a 400 with a clear Message that
// changes nothing, one `network` rule per switch that is on (in a fixed order, trusted
// networks left out of each), and each change applied by the very next storefront decision: a
// DigitalOcean visitor meets the hosting switch, is let in by monitor mode with "would block"
// in the visitor log, and counts on the dashboard's Bot/VPN/Proxy card. The page also shows
// the address feeds as the refresh job stored them.
import {
  type DashboardData,
  maxTrustedAsns,
  protectionMessages as pm,
  type TrustedAsn,
  type VisitPage,
  type VpnBlockerSettings,
  type VpnBlockerView,
  vpnMessages as m,
} from '@gatehouse/contracts';
import { FEEDS } from '@gatehouse/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { networkFeeds } from '../../src/features/network-feeds/network-feeds-schema.js';
import {
  vpnBlockerSwitches,
  vpnTrustedAsns,
} from '../../src/features/vpn-blocker/vpn-blocker-schema.js';
import { UPGRADE_MESSAGE } from '../../src/core/plan-gates.js';
import { classifierReady } from '../helpers/classifier-ready.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const DIGITALOCEAN = '159.89.0.1'; // AS14061, a hosting network
const HOME = '212.27.48.10'; // AS12322 Free SAS, French home broadband

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;

const OFF = { enabled: false, action: { type: 'block' }, monitor: false } as const;
const ALL_OFF: VpnBlockerSettings = {
  switches: { hosting: OFF, vpn: OFF, proxy: OFF, tor: OFF },
  allowPrivateRelay: true,
};
const ON = { ...OFF, enabled: true } as const;

async function shopOf(who: SignedIn) {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, who.shop));
  return row!;
}

async function setPlan(who: SignedIn, plan: 'free' | 'premium' | 'payg') {
  const { id } = await shopOf(who);
  await t.app.db.update(shops).set({ plan }).where(eq(shops.id, id));
  await t.app.protection.policies.rebuild(id);
}

const view = async (token: string) => (await t.call('getVpnBlocker', token)).json<VpnBlockerView>();

async function save(who: SignedIn, settings: VpnBlockerSettings) {
  const res = await t.call('saveVpnBlocker', who.token, settings);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<VpnBlockerView>();
}

/** The blocker's rules in the shop's rule set, as the policy is built from them. */
async function networkRules(who: SignedIn) {
  const set = await t.app.blockers.ruleSet(t.app.db, await shopOf(who));
  return set.rules.filter((r) => r.kind === 'network');
}

const decide = async (who: SignedIn, ip: string, path = '/') =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': ip },
      query: { shop: who.shop, url: `https://${who.shop}${path}` },
    })
  ).json<{ action: string; redirectUrl?: string }>();

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-vpn');
  bob = await t.signIn('bob-vpn');
  carol = await t.signIn('carol-vpn');
  await setPlan(alice, 'premium');
  await setPlan(bob, 'payg');
  await classifierReady(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('the plan gate', () => {
  it('answers 403 with the upgrade message on the Free plan, for every call', async () => {
    for (const [name, input] of [
      ['getVpnBlocker', {}],
      ['saveVpnBlocker', ALL_OFF],
      ['addVpnTrustedAsn', { asn: 'AS14061' }],
      ['deleteVpnTrustedAsns', { ids: ['00000000-0000-4000-8000-000000000000'] }],
    ] as const) {
      const res = await t.call(name, carol.token, input);
      expect(res.statusCode, name).toBe(403);
      expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
    }
    expect(await t.app.db.select().from(vpnBlockerSwitches)).toEqual([]);
    expect(await t.app.db.select().from(vpnTrustedAsns)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.call('getVpnBlocker', null)).statusCode).toBe(401);
    expect((await t.call('saveVpnBlocker', null, ALL_OFF)).statusCode).toBe(401);
  });
});

describe('settings', () => {
  it('answer the defaults first: every switch off, iCloud Private Relay allowed', async () => {
    const v = await view(alice.token);
    expect({ switches: v.switches, allowPrivateRelay: v.allowPrivateRelay }).toEqual(ALL_OFF);
    expect(v.trusted).toEqual([]);
    expect(v.limit).toBe(maxTrustedAsns);
    expect(v.feeds.map((f) => f.name)).toEqual(FEEDS.map((f) => f.name));
    expect(await networkRules(alice)).toEqual([]);
  });

  it('save each switch with its own action and monitor mode, for the caller only', async () => {
    const settings: VpnBlockerSettings = {
      switches: {
        hosting: { ...ON, action: { type: 'redirect', url: ' https://example.com/no-bots ' } },
        vpn: { ...ON, monitor: true },
        proxy: OFF,
        tor: ON,
      },
      allowPrivateRelay: false,
    };
    const saved = await save(alice, settings);
    expect(saved.switches.hosting.action).toEqual({
      type: 'redirect',
      url: 'https://example.com/no-bots',
    });
    expect(saved).toEqual(await view(alice.token));
    expect((await view(bob.token)).switches).toEqual(ALL_OFF.switches);
  });

  it('make one network rule per switch that is on, narrowest kind first', async () => {
    expect(await networkRules(alice)).toEqual([
      {
        id: 'vpn-tor',
        kind: 'network',
        networks: ['tor'],
        action: { type: 'block' },
        monitor: false,
      },
      {
        id: 'vpn-vpn',
        kind: 'network',
        networks: ['vpn', 'privateRelay'],
        action: { type: 'block' },
        monitor: true,
      },
      {
        id: 'vpn-hosting',
        kind: 'network',
        networks: ['hosting'],
        action: { type: 'redirect', url: 'https://example.com/no-bots' },
        monitor: false,
      },
    ]);
    await save(alice, { ...ALL_OFF, switches: { ...ALL_OFF.switches, vpn: ON } });
    expect(await networkRules(alice)).toEqual([
      {
        id: 'vpn-vpn',
        kind: 'network',
        networks: ['vpn'],
        action: { type: 'block' },
        monitor: false,
      },
    ]);
  });

  const hostingWith = (hosting: unknown) => ({
    ...ALL_OFF,
    switches: { ...ALL_OFF.switches, hosting },
  });

  it.each([
    ['no switches', { allowPrivateRelay: true }, m.switches],
    ['switches not an object', { ...ALL_OFF, switches: 'all' }, m.switches],
    [
      'a switch missing',
      { ...ALL_OFF, switches: { vpn: OFF, proxy: OFF, tor: OFF } },
      m.switchSettings('hosting'),
    ],
    ['enabled not a boolean', hostingWith({ ...ON, enabled: 'yes' }), m.enabled],
    ['monitor not a boolean', hostingWith({ ...ON, monitor: 1 }), m.monitor],
    ['no relay choice', { switches: ALL_OFF.switches }, m.relay],
    [
      'a blank redirect address',
      hostingWith({ ...ON, action: { type: 'redirect', url: ' ' } }),
      pm.redirectUrl,
    ],
    [
      'a redirect address that is not http(s)',
      hostingWith({ ...ON, action: { type: 'redirect', url: 'ftp://example.com/' } }),
      '"ftp://example.com/" is not a valid redirect URL (use a full http:// or https:// address)',
    ],
    [
      'a bad redirect address on a switch that is off',
      hostingWith({ ...OFF, action: { type: 'redirect', url: 'javascript:alert(1)' } }),
      '"javascript:alert(1)" is not a valid redirect URL (use a full http:// or https:// address)',
    ],
    [
      'a control character in the address',
      hostingWith({ ...ON, action: { type: 'redirect', url: 'https://example.com/\u0000' } }),
      'The redirect address contains an invisible control character (such as NUL). Remove it and try again.',
    ],
  ])('refuse %s with a clear message and change nothing', async (_name, input, message) => {
    const before = await view(alice.token);
    const res = await t.call('saveVpnBlocker', alice.token, input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
    expect(await view(alice.token)).toEqual(before);
  });
});

describe('trusted networks', () => {
  let trustedId = '';

  it('are added by AS number with a note, for the caller only', async () => {
    const res = await t.call('addVpnTrustedAsn', alice.token, {
      asn: ' as 14061 ',
      note: 'our payment provider',
    });
    expect(res.statusCode, res.body).toBe(200);
    const entry = res.json<TrustedAsn>();
    expect(entry).toMatchObject({ asn: 14061, note: 'our payment provider' });
    trustedId = entry.id;
    expect((await view(alice.token)).trusted).toEqual([entry]);
    expect((await view(bob.token)).trusted).toEqual([]);
    expect((await networkRules(alice))[0]).toMatchObject({ id: 'vpn-vpn', exceptAsns: [14061] });
  });

  it.each([
    [{}, m.asnValue],
    [{ asn: '' }, m.asnValue],
    [{ asn: 14061 }, m.asnValue],
    [{ asn: 'DigitalOcean' }, m.asnValue],
    [{ asn: 'AS0' }, pm.asnRange],
    [{ asn: 'AS4294967296' }, pm.asnRange],
    [{ asn: 'AS14061' }, m.duplicate],
    [{ asn: '15169', note: 'x'.repeat(501) }, pm.noteTooLong],
    [
      { asn: '15169', note: 'a\u202enote' },
      'The note contains a hidden text-direction character (U+202A–U+202E or U+2066–U+2069). Remove it and try again.',
    ],
  ])('refuse %j with a clear message and change nothing', async (input, message) => {
    const before = await view(alice.token);
    const res = await t.call('addVpnTrustedAsn', alice.token, input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
    expect(await view(alice.token)).toEqual(before);
  });

  it(`hold at most ${maxTrustedAsns}`, async () => {
    const { id } = await shopOf(bob);
    await t.app.db
      .insert(vpnTrustedAsns)
      .values(Array.from({ length: maxTrustedAsns }, (_, i) => ({ shopId: id, asn: 64512 + i })));
    const res = await t.call('addVpnTrustedAsn', bob.token, { asn: 'AS14061' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: m.cap });
    const { trusted } = await view(bob.token);
    expect(trusted).toHaveLength(maxTrustedAsns);
    const del = await t.call('deleteVpnTrustedAsns', bob.token, { ids: trusted.map((e) => e.id) });
    expect(del.json()).toEqual({ deleted: maxTrustedAsns });
  });

  it('refuse bad deletes, and never touch another shop’s networks', async () => {
    for (const [input, message] of [
      [{ ids: [] }, pm.noEntries],
      [{}, pm.noEntries],
      [{ ids: ['nope'] }, pm.entryId],
    ] as const) {
      const res = await t.call('deleteVpnTrustedAsns', alice.token, input);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Message: message });
    }
    const res = await t.call('deleteVpnTrustedAsns', bob.token, { ids: [trustedId] });
    expect(res.json()).toEqual({ deleted: 0 });
    expect((await view(alice.token)).trusted.map((e) => e.id)).toEqual([trustedId]);
  });

  it('stop the switches from blocking a visitor from that network, until removed', async () => {
    await save(alice, { ...ALL_OFF, switches: { ...ALL_OFF.switches, hosting: ON } });
    expect((await decide(alice, DIGITALOCEAN)).action).toBe('allow');
    const res = await t.call('deleteVpnTrustedAsns', alice.token, { ids: [trustedId] });
    expect(res.json()).toEqual({ deleted: 1 });
    expect((await decide(alice, DIGITALOCEAN)).action).toBe('block');
  });
});

describe('storefront decisions', () => {
  it('block a hosting address once the hosting switch is on, and leave home broadband alone', async () => {
    await save(alice, ALL_OFF);
    expect((await decide(alice, DIGITALOCEAN)).action).toBe('allow');
    await save(alice, { ...ALL_OFF, switches: { ...ALL_OFF.switches, hosting: ON } });
    expect((await decide(alice, DIGITALOCEAN)).action).toBe('block');
    expect((await decide(alice, HOME)).action).toBe('allow');
    expect((await decide(bob, DIGITALOCEAN)).action).toBe('allow');
  });

  it('redirect as the switch says, and leave it to the VPN switch alone to block VPNs', async () => {
    await save(alice, {
      ...ALL_OFF,
      switches: {
        ...ALL_OFF.switches,
        hosting: { ...ON, action: { type: 'redirect', url: 'https://example.com/welcome' } },
      },
    });
    expect(await decide(alice, DIGITALOCEAN)).toMatchObject({
      action: 'redirect',
      redirectUrl: 'https://example.com/welcome',
    });
    await save(alice, { ...ALL_OFF, switches: { ...ALL_OFF.switches, vpn: ON } });
    expect((await decide(alice, DIGITALOCEAN)).action).toBe('allow');
  });

  it('stop applying when the plan no longer includes the blocker, and the settings stay', async () => {
    await save(alice, { ...ALL_OFF, switches: { ...ALL_OFF.switches, hosting: ON } });
    await setPlan(alice, 'free');
    expect((await decide(alice, DIGITALOCEAN)).action).toBe('allow');
    await setPlan(alice, 'premium');
    expect((await decide(alice, DIGITALOCEAN)).action).toBe('block');
  });

  it('name the switch in the visitor log, log "would block" in monitor mode, and count real blocks', async () => {
    const blocked = async () => {
      await t.app.visits.flush();
      return (await t.call('getDashboardData', alice.token, { days: 1 })).json<DashboardData>().vpn;
    };
    const before = await blocked();
    await decide(alice, DIGITALOCEAN, '/products/from-a-server');
    await save(alice, {
      ...ALL_OFF,
      switches: { ...ALL_OFF.switches, hosting: { ...ON, monitor: true } },
    });
    expect((await decide(alice, DIGITALOCEAN, '/products/from-a-server')).action).toBe('allow');
    expect((await blocked()) - before).toBe(1);

    const page = (
      await t.call('listVisits', alice.token, { url: '/products/from-a-server' })
    ).json<VisitPage>();
    const hosting = {
      id: 'vpn-hosting',
      kind: 'network',
      label: 'Bot (VPN/Proxy) Blocker: hosting or data-centre network',
      mode: null,
      page: '/vpnBlocker',
    };
    expect(page.visits.map((v) => [v.action, v.rule, v.monitor])).toEqual([
      ['allow', null, { ...hosting, action: 'block' }],
      ['block', hosting, null],
    ]);
  });
});

describe('the address feeds', () => {
  it('show each feed as the refresh job stored it: loaded, its age, its last error without the publisher’s address', async () => {
    const fetchedAt = new Date(Date.now() - 10 * 24 * 3600 * 1000);
    await t.app.db.insert(networkFeeds).values([
      {
        name: 'tor-exits',
        body: '185.220.101.1\n185.220.101.2\n',
        ranges: 2,
        sourceUrl: 'http://127.0.0.1:9/tor',
        fetchedAt,
        checkedAt: new Date(),
        lastError: 'http://127.0.0.1:9/tor: the download timed out',
      },
      { name: 'bingbot', checkedAt: new Date(), lastError: 'http://127.0.0.1:9/bing: HTTP 404' },
    ]);
    const feeds = new Map((await view(alice.token)).feeds.map((f) => [f.name, f]));
    expect(feeds.get('tor-exits')).toEqual({
      name: 'tor-exits',
      title: 'Tor exit addresses',
      network: 'tor',
      aiAgent: false,
      loaded: true,
      ranges: 2,
      fetchedAt: fetchedAt.toISOString(),
      checkedAt: expect.any(String),
      lastError: 'the download timed out',
      stale: true,
      // Tests run without the refresh schedule.
      nextTryAt: null,
    });
    expect(feeds.get('bingbot')).toMatchObject({
      network: null,
      loaded: false,
      ranges: 0,
      fetchedAt: null,
      lastError: 'HTTP 404',
      stale: false,
    });
    expect(feeds.get('icloud-private-relay')).toMatchObject({
      network: 'privateRelay',
      loaded: false,
      checkedAt: null,
      lastError: null,
    });
  });
});

// One file past the usual size on purpose: the settings, the URL Blocker, the snapshot and the
// firewall in front of the demo store build on the same shop, set up once, as a merchant would.
// The Firewall end to end: its calls are Premium (403 on Free) and refuse bad input with a
// 400 that changes nothing; a domain serves one shop only; the URL Blocker checks patterns
// with the engine when they are added; the snapshot is for firewalls only (their key) and
// answers 304 when unchanged; and a real firewall reading that snapshot, in front of the
// platform emulator's demo store, blocks a visitor from a blocked country and a URL probe with
// the block page while no request reaches the store, and lets everyone else shop. The
// connection check probes the shop's domain through that firewall.
import {
  ACCESS_REQUEST_PATH,
  accessRequestMessages,
  DEFAULT_BLOCK_PAGE,
  FIREWALL_POLICIES_PATH,
  firewallMessages,
  type FirewallSettings,
  type FirewallSnapshot,
  type UrlBlockerView,
} from '@gatehouse/contracts';
import type { createPolicySource } from '@gatehouse/firewall';
import { buildFirewall, probeSignature } from '@gatehouse/firewall';
import { loadGeo, parseDevOrigins, type Geo } from '@gatehouse/engine';
import { reservePort } from '@gatehouse/test-support';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { probeHost } from '../../src/features/firewall/waf-probe.js';
import { UPGRADE_MESSAGE } from '../../src/core/plan-gates.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { policySourceOf, storeRequests, visitThrough } from './firewall-helpers.js';

const DE = '88.198.0.1';
const US = '8.8.8.8';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let firewallPort: number;
/** The firewall's port, held from the start (the app's probe is sent there) until it listens. */
let heldPort: Awaited<ReturnType<typeof reservePort>>;
let firewall: FastifyInstance;
let source: ReturnType<typeof createPolicySource>;
let geo: Geo;

async function setPlan(shop: SignedIn, plan: 'free' | 'premium') {
  await t.app.db.update(shops).set({ plan }).where(eq(shops.domain, shop.shop));
}

const settings = (over: Partial<FirewallSettings> = {}): FirewallSettings => ({
  enabled: true,
  origin: `${t.emulatorUrl}/shops/${alice.shop}`,
  hosts: ['alice.example.com'],
  enforce: ['country-blocker'],
  rateLimit: { enabled: false, max: 300, windowSeconds: 60, action: 'challenge' },
  ...over,
});

beforeAll(async () => {
  heldPort = await reservePort();
  firewallPort = heldPort.port;
  t = await createTestApp({
    FIREWALL_PROBE_URL: `http://127.0.0.1:${firewallPort}`,
    // The store's origin is the emulator on loopback.
    FIREWALL_DEV_ORIGINS: '127.0.0.1',
  });
  alice = await t.signIn('alice-firewall');
  bob = await t.signIn('bob-firewall');
  geo = await loadGeo({ city: false });
});

afterAll(async () => {
  source?.close();
  await firewall?.close();
  await t?.close();
});

const visit = (path: string, ip: string, headers: Record<string, string> = {}) =>
  visitThrough(firewallPort, 'alice.example.com', path, { 'x-forwarded-for': ip, ...headers });

describe('Firewall Settings', () => {
  it('is a Premium feature', async () => {
    const res = await t.call('getFirewallSettings', alice.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
    await setPlan(alice, 'premium');
    await setPlan(bob, 'premium');
  });

  it('starts off, with no origin or domains', async () => {
    const res = await t.call('getFirewallSettings', alice.token);
    expect(res.json()).toMatchObject({ enabled: false, origin: '', hosts: [], enforce: [] });
  });

  it.each([
    [
      'an origin that is not http(s)',
      { origin: 'ftp://store.example' },
      firewallMessages.origin,
      ['origin'],
    ],
    [
      'an origin with a query',
      { origin: 'https://store.example/?a=1' },
      firewallMessages.origin,
      ['origin'],
    ],
    [
      'a domain that is not a host name',
      { hosts: ['not a host'] },
      firewallMessages.host,
      ['hosts', 0],
    ],
    ['on without an origin', { origin: '' }, firewallMessages.origin, ['origin']],
    [
      'a rate limit of 0',
      { rateLimit: { enabled: true, max: 0, windowSeconds: 60, action: 'block' as const } },
      firewallMessages.limit,
      ['rateLimit', 'max'],
    ],
  ])('refuses %s, naming the field, and changes nothing', async (_name, over, message, path) => {
    const res = await t.call('saveFirewallSettings', alice.token, settings(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message, issues: [{ path, message }] });
    expect((await t.call('getFirewallSettings', alice.token)).json()).toMatchObject({
      enabled: false,
    });
  });

  it('saves the settings, and a domain serves one shop only', async () => {
    const res = await t.call('saveFirewallSettings', alice.token, settings());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(settings());
    const taken = await t.call('saveFirewallSettings', bob.token, {
      ...settings(),
      origin: 'https://bob.example',
      hosts: ['www.bob.example', 'ALICE.example.com'],
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      Message: firewallMessages.hostTaken,
      issues: [{ path: ['hosts'], message: firewallMessages.hostTaken }],
    });
  });
});

describe('URL Blocker', () => {
  it('refuses a regular expression a linear-time engine cannot run, naming what', async () => {
    const res = await t.call('addUrlBlocker', alice.token, {
      match: 'regex',
      pattern: '^/(admin)/\\1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      Message:
        '"^/(admin)/\\1": a backreference, like \\1 or \\k<name>, is not supported in URL patterns',
    });
    const view = (await t.call('getUrlBlocker', alice.token)).json<UrlBlockerView>();
    expect(view.entries).toEqual([]);
  });

  it('refuses a path pattern without a leading slash', async () => {
    const res = await t.call('addUrlBlocker', alice.token, { match: 'exact', pattern: 'wp-login' });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toContain('must start with /');
  });

  it('adds patterns once each', async () => {
    const add = await t.call('addUrlBlocker', alice.token, {
      match: 'exact',
      pattern: '/wp-login.php',
      note: 'WordPress probes',
    });
    expect(add.statusCode).toBe(200);
    expect(add.json<UrlBlockerView>().entries).toMatchObject([
      {
        match: 'exact',
        pattern: '/wp-login.php',
        target: 'path',
        methods: [],
        note: 'WordPress probes',
      },
    ]);
    const again = await t.call('addUrlBlocker', alice.token, {
      match: 'exact',
      pattern: '/wp-login.php',
    });
    expect(again.statusCode).toBe(400);
  });
});

describe('the policy snapshot', () => {
  it('is for firewalls only', async () => {
    const res = await t.app.inject({ method: 'GET', url: FIREWALL_POLICIES_PATH });
    expect(res.statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: FIREWALL_POLICIES_PATH,
      headers: { authorization: `Bearer ${'x'.repeat(64)}` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it("holds the shop's firewall rules and the storefront rules it enforces", async () => {
    const save = await t.call('saveCountryBlocker', alice.token, {
      mode: 'blacklist',
      countries: ['DE'],
      action: { type: 'block' },
      monitor: false,
    });
    expect(save.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: FIREWALL_POLICIES_PATH,
      headers: { authorization: `Bearer ${t.config.firewall.key}` },
    });
    expect(res.statusCode).toBe(200);
    const snapshot = res.json<FirewallSnapshot>();
    expect(snapshot.shops.map((s) => s.domain)).toEqual([alice.shop]);
    const [shop] = snapshot.shops;
    expect(shop!.hosts).toEqual(['alice.example.com']);
    // The store's contact email from the platform, for the block page.
    expect(shop!.contactEmail).toBe('hello@alice-firewall.example');
    const kinds = (shop!.ruleSet as { rules: { kind: string }[] }).rules.map((r) => r.kind);
    expect(kinds).toContain('country');
    expect(kinds).toContain('url');
    const unchanged = await t.app.inject({
      method: 'GET',
      url: FIREWALL_POLICIES_PATH,
      headers: {
        authorization: `Bearer ${t.config.firewall.key}`,
        'if-none-match': res.headers.etag as string,
      },
    });
    expect(unchanged.statusCode).toBe(304);
  });
});

describe('a firewall in front of the demo store', () => {
  beforeAll(async () => {
    source = await policySourceOf(t);
    expect(source.status().shops).toBe(1);
    firewall = await buildFirewall({
      source,
      geo: () => geo,
      key: t.config.firewall.key,
      originTimeoutMs: 5000,
      trustedProxies: ['127.0.0.1'],
      // The store's origin is the emulator on loopback.
      devOrigins: parseDevOrigins('127.0.0.1'),
    });
    await firewall.listen(heldPort.listenOptions);
    await heldPort.release();
  });

  it('serves the store to an allowed visitor', async () => {
    const before = await storeRequests(t, alice.shop);
    const res = await visit('/', US);
    expect(res.status).toBe(200);
    expect(res.body).toContain('</html>');
    expect(await storeRequests(t, alice.shop)).toBe(before + 1);
  });

  it('shows a visitor from a blocked country the block page; the store never sees them', async () => {
    const before = await storeRequests(t, alice.shop);
    const res = await visit('/products/anything', DE);
    expect(res.status).toBe(403);
    expect(res.body).toContain(DEFAULT_BLOCK_PAGE.title);
    expect(res.body).toMatch(/Reason:<\/dt>\s*<dd>your country or region<\/dd>/);
    expect(res.body).toContain('>hello@alice-firewall.example</a>');
    expect(res.body).toMatch(/Reference:<\/dt>\s*<dd>[0-9A-Z]{5}-[0-9A-Z]{5} \(/);
    expect(await storeRequests(t, alice.shop)).toBe(before);
  });

  it('lets the blocked visitor ask the app for access with the page’s reference', async () => {
    const res = await visit('/products/anything', DE);
    expect(res.status).toBe(403);
    const reference = /data-reference="([0-9A-Z-]+)"/.exec(res.body)?.[1];
    expect(reference).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(res.body).toContain(JSON.stringify(`${t.config.appUrl}${ACCESS_REQUEST_PATH}`));
    expect(res.body).toContain(JSON.stringify(alice.shop));
    // What the page's script sends, from the visitor's own address.
    const sent = await t.app.inject({
      method: 'POST',
      url: ACCESS_REQUEST_PATH,
      headers: { 'x-forwarded-for': DE, origin: 'https://alice.example.com' },
      payload: { shop: alice.shop, reference, email: 'hans@example.de', message: 'Bitte.' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: accessRequestMessages.sent });
    const list = await t.call('listAccessRequests', alice.token, {});
    expect(list.json()).toMatchObject({ requests: [{ reference, ip: DE }] });
  });

  it('blocks a URL probe of the URL Blocker', async () => {
    const before = await storeRequests(t, alice.shop);
    const res = await visit('/wp-login.php?action=register', US);
    expect(res.status).toBe(403);
    expect(await storeRequests(t, alice.shop)).toBe(before);
  });

  it("says the shop's domain is connected, by a probe only the firewall can answer", async () => {
    expect((await t.call('getWafConnected', alice.token)).json()).toBe(true);
    expect((await t.call('getWafConnected', bob.token)).json()).toBe(false);
    // A firewall holding another key cannot pass for Gatehouse's.
    expect(
      await probeHost('alice.example.com', {
        key: 'another-key'.repeat(4),
        probeUrl: `http://127.0.0.1:${firewallPort}`,
        timeoutMs: 2000,
      }),
    ).toBe(false);
    expect(probeSignature('k', 'a', 'n')).not.toBe(probeSignature('k', 'b', 'n'));
  });
});

describe("the firewall's own Referrer and ISP/ASN Blockers", () => {
  it('refuse what the storefront lists refuse, and change nothing', async () => {
    const referrer = await t.call('addFirewallReferrerBlocker', alice.token, {
      value: 'not a domain',
    });
    expect(referrer.statusCode).toBe(400);
    const asn = await t.call('addFirewallAsnBlocker', alice.token, { value: 'AS-15169' });
    expect(asn.statusCode).toBe(400);
    expect((await t.call('getFirewallAsnBlocker', alice.token)).json()).toMatchObject({
      entries: [],
    });
  });

  it("block at the firewall with the engine's referrer and ASN matchers", async () => {
    const referrer = await t.call('addFirewallReferrerBlocker', alice.token, {
      value: '*.spam.example',
    });
    expect(referrer.statusCode).toBe(200);
    const asn = await t.call('addFirewallAsnBlocker', alice.token, {
      value: 'AS15169',
      note: 'Google',
    });
    expect(asn.statusCode).toBe(200);
    expect(asn.json()).toMatchObject({ entries: [{ value: 'AS15169', note: 'Google' }] });
    const again = await t.call('addFirewallAsnBlocker', alice.token, { value: '15169' });
    expect(again.statusCode).toBe(400);
    await source.refresh();
    const before = await storeRequests(t, alice.shop);
    expect((await visit('/', US)).status).toBe(403);
    const fromSpam = await visit('/', '1.1.1.1', { referer: 'https://www.spam.example/x' });
    expect(fromSpam.status).toBe(403);
    expect(await storeRequests(t, alice.shop)).toBe(before);
    expect((await visit('/', '1.1.1.1')).status).toBe(200);
    // The storefront's own decision does not apply the firewall's lists.
    const decided = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': US },
      query: { shop: alice.shop, url: `https://${alice.shop}/` },
    });
    expect(decided.json()).toMatchObject({ action: 'allow' });
  });
});

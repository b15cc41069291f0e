// The store origin a merchant saves in Firewall Settings is a public address of the store: its
// myshopify.com domain, or a domain whose every address is public. Loopback, private and
// link-local addresses in any spelling, names that resolve to them or to the firewall's own
// address, names that do not resolve and domains pointed at the firewall are refused with a
// 400 saying what the origin is and what to enter instead, and nothing is saved. A name that
// resolved to a public address when saved and resolves to loopback when the firewall connects
// (DNS rebinding) is refused by the firewall: the store behind that address is never reached.
import { firewallMessages, type FirewallSettings } from '@gatehouse/contracts';
import { parseDevOrigins, systemLookup, type HostLookup } from '@gatehouse/engine';
import { buildFirewall } from '@gatehouse/firewall';
import { eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { policySourceOf, storeRequests, visitThrough } from './firewall-helpers.js';

const FIREWALL_ADDRESS = '23.227.38.99';
const NAMES: Record<string, string[]> = {
  'store.example': ['23.227.38.65', '2620:127:f00f:5::'],
  'rebind.example': ['23.227.38.66'],
  'inside.example': ['10.0.0.7'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': ['23.227.38.65', '127.0.0.1'],
  'mapped.example': ['::ffff:7f00:1'],
  'firewall-ip.example': [FIREWALL_ADDRESS],
};
/** The test names resolve as listed; any other name (localhost) as the system resolves it. */
const lookup: HostLookup = async (hostname) => NAMES[hostname] ?? systemLookup(hostname);

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let firewall: FastifyInstance | undefined;
let source: Awaited<ReturnType<typeof policySourceOf>> | undefined;

const settings = (over: Partial<FirewallSettings> = {}): FirewallSettings => ({
  enabled: true,
  origin: `https://${alice.shop}`,
  hosts: ['alice-origin.example.com'],
  enforce: [],
  rateLimit: { enabled: false, max: 300, windowSeconds: 60, action: 'challenge' },
  ...over,
});

beforeAll(async () => {
  t = await createTestApp({ FIREWALL_ADDRESS }, {}, undefined, { originLookup: lookup });
  alice = await t.signIn('alice-origin');
  bob = await t.signIn('bob-origin');
  for (const shop of [alice, bob]) {
    await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.domain, shop.shop));
  }
  const bobs = await t.call('saveFirewallSettings', bob.token, {
    ...settings({ origin: `https://${bob.shop}` }),
    hosts: ['www.bob-origin.example'],
  });
  expect(bobs.statusCode).toBe(200);
});

afterAll(async () => {
  source?.close();
  await firewall?.close();
  await t?.close();
});

const notPublic = firewallMessages.originNotPublic;

describe('the store origin in Firewall Settings', () => {
  it("accepts the shop's myshopify.com domain and a domain whose addresses are all public", async () => {
    for (const origin of [`https://${alice.shop}`, 'https://store.example/shop']) {
      const res = await t.call('saveFirewallSettings', alice.token, settings({ origin }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ origin });
    }
  });

  it.each([
    ['http://127.0.0.1:3000', '127.0.0.1 is a loopback address'],
    ['http://2130706433/', '127.0.0.1 is a loopback address'],
    ['http://0x7f.1/', '127.0.0.1 is a loopback address'],
    ['http://017700000001/', '127.0.0.1 is a loopback address'],
    ['http://[::1]:4000', '::1 is a loopback address'],
    ['http://[::ffff:127.0.0.1]/', '127.0.0.1 is a loopback address'],
    ['http://[64:ff9b::7f00:1]/', '64:ff9b::7f00:1 is a loopback address'],
    ['http://10.1.2.3/', '10.1.2.3 is a private network address'],
    ['http://192.168.1.1/', '192.168.1.1 is a private network address'],
    ['http://100.64.0.1/', '100.64.0.1 is a carrier-grade NAT address'],
    ['http://[fd00::1]/', 'fd00::1 is a private network address'],
    ['http://169.254.169.254/latest', '169.254.169.254 is a link-local address'],
    ['http://[fe80::1]/', 'fe80::1 is a link-local address'],
    ['http://0.0.0.0/', '0.0.0.0 is the unspecified address'],
    ['http://192.0.2.1/', '192.0.2.1 is a reserved address'],
    ['http://localhost:3000', 'localhost resolves to 127.0.0.1, a loopback address'],
    ['https://inside.example', 'inside.example resolves to 10.0.0.7, a private network address'],
    [
      'https://metadata.example',
      'metadata.example resolves to 169.254.169.254, a link-local address',
    ],
    ['https://mixed.example', 'mixed.example resolves to 127.0.0.1, a loopback address'],
    ['https://mapped.example', 'mapped.example resolves to 127.0.0.1, a loopback address'],
    [
      'https://firewall-ip.example',
      `firewall-ip.example resolves to ${FIREWALL_ADDRESS}, the firewall's own address`,
    ],
    ['https://nowhere.example', 'nowhere.example does not resolve'],
    [
      'https://alice-origin.example.com',
      'alice-origin.example.com is pointed at the firewall, so every request would come back to it',
    ],
    [
      'https://www.bob-origin.example',
      'www.bob-origin.example is pointed at the firewall, so every request would come back to it',
    ],
  ])('refuses %s, saying why, and saves nothing', async (origin, problem) => {
    const before = (await t.call('getFirewallSettings', alice.token)).json();
    const res = await t.call('saveFirewallSettings', alice.token, settings({ origin }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      Message: notPublic(problem),
      issues: [{ path: ['origin'], message: notPublic(problem) }],
    });
    expect((await t.call('getFirewallSettings', alice.token)).json()).toEqual(before);
  });

  it('says what to enter instead', () => {
    expect(notPublic('127.0.0.1 is a loopback address')).toBe(
      "The store origin must be a public address of your store, and 127.0.0.1 is a loopback address. Enter your store's myshopify.com address, like https://your-store.myshopify.com.",
    );
  });
});

describe('a name that resolves elsewhere once saved', () => {
  it('is refused by the firewall, which never reaches the address it now names', async () => {
    // Public when the merchant saves it; loopback (the emulator's store) when the firewall
    // connects. The emulator's address is even on the firewall's allowance: only the listed
    // host may use it, not a name that resolves to it.
    const port = new URL(t.emulatorUrl).port;
    const origin = `http://rebind.example:${port}/shops/${alice.shop}`;
    const saved = await t.call(
      'saveFirewallSettings',
      alice.token,
      settings({ origin, hosts: ['rebind-shop.example.com'] }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    source = await policySourceOf(t);
    firewall = await buildFirewall({
      source,
      geo: () => null,
      key: t.config.firewall.key,
      originTimeoutMs: 5000,
      devOrigins: parseDevOrigins(`127.0.0.1:${port}`),
      lookup: async (hostname) => (hostname === 'rebind.example' ? ['127.0.0.1'] : []),
    });
    // The system picks the port as it listens: one picked beforehand may be taken meanwhile by
    // another test file running beside this one.
    await firewall.listen({ port: 0, host: '127.0.0.1' });
    const firewallPort = (firewall.server.address() as AddressInfo).port;
    const before = await storeRequests(t, alice.shop);
    const res = await visitThrough(firewallPort, 'rebind-shop.example.com', '/');
    expect(res.status).toBe(502);
    expect(res.body).toContain('The store cannot be reached through this firewall');
    expect(await storeRequests(t, alice.shop)).toBe(before);
  });
});

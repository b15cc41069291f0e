// Store origins naming a forbidden address, generated in every spelling an address parser
// accepts (one number, octal, hex, fewer parts, IPv4-mapped and NAT64 IPv6, the IPv6 ranges of
// the same kinds), with any scheme, port and path: Firewall Settings always refuses them with
// a 400 that says the origin must be public, and nothing the shop has stored changes. The test
// server has no development allowance, as in production.
import { firewallMessages } from '@gatehouse/contracts';
import { forbiddenHost } from '@gatehouse/test-support/forbidden-addresses';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { SEED, shopRowOf } from './fuzz-shops.js';
import { shopTables, snapshotShop } from './shop-snapshot.js';

let t: TestApp;
let token: string;
let shopId: string;
let tables: string[];

beforeAll(async () => {
  t = await createTestApp();
  const shop = await t.signIn('origin-fuzz');
  token = shop.token;
  await t.support('POST', '/api/support/set', { shop: shop.shop, values: { plan: 'premium' } });
  shopId = (await shopRowOf(t, shop.shop)).id;
  tables = await shopTables(t.app.db);
});

afterAll(async () => {
  await t?.close();
});

const origins = fc
  .tuple(
    fc.constantFrom('http', 'https', 'HTTP'),
    forbiddenHost,
    fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
    fc.constantFrom('', '/', '/shops/demo', '/a/b/'),
  )
  .map(([scheme, host, port, path]) => `${scheme}://${host}${port ? `:${port}` : ''}${path}`);

describe('Firewall Settings origin fuzz', () => {
  it('refuses every spelling of a forbidden address and changes nothing', async () => {
    const before = await snapshotShop(t.app.db, tables, shopId);
    const prefix = firewallMessages.originNotPublic('').split(',')[0]!;
    await fc.assert(
      fc.asyncProperty(origins, async (origin) => {
        const res = await t.call('saveFirewallSettings', token, {
          enabled: true,
          origin,
          hosts: ['fuzz-origin.example.com'],
          enforce: [],
          rateLimit: { enabled: false, max: 300, windowSeconds: 60, action: 'challenge' },
        });
        expect(res.statusCode, `${origin} → ${res.body}`).toBe(400);
        expect(res.json<{ Message: string }>().Message, origin).toContain(prefix);
      }),
      { seed: SEED, numRuns: 150 },
    );
    expect(await snapshotShop(t.app.db, tables, shopId)).toEqual(before);
  });
});

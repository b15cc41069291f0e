// Decisions for shop names that do not use the app: a flood of invented names is answered
// "allow" from the set of installed shops, without a lookup and without pushing real shops'
// policies out of memory; a shop installed after the server started is known from its first
// change.
import { describe, expect, it } from 'vitest';
import { useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { TestApp } from '../helpers/test-app.js';

let t: TestApp;
let known: ShopSession;

const decide = (shop: string, n: number) =>
  t.app.inject({
    method: 'GET',
    url: '/api/storefront/decide',
    headers: { 'x-forwarded-for': `8.8.${(n >> 8) & 255}.${n & 255}` },
    query: { shop, url: `https://${shop}/`, ref: '' },
  });

useSignedInShops({ known: 'known-flood' }, (s) => ({ t, known } = s), {
  env: { POLICY_CACHE_MAX: '2', RATE_LIMIT_DECIDE_PER_MINUTE: '100000' },
});

describe('decisions for unknown shop names', () => {
  it('leave the known shops cached through a flood of invented names', async () => {
    expect((await decide(known.shop, 0)).statusCode).toBe(200);
    const policies = t.app.protection.policies;
    const cached = policies.peek(known.shop);
    expect(cached).toBeTruthy();

    const invented = Array.from({ length: 60 }, (_, i) => `invented-${i}.myshopify.com`);
    // No installed shop has these names: that is known before any of them is asked about.
    for (const name of invented) expect(policies.peek(name)).toBeNull();
    for (const [i, name] of invented.entries()) {
      const res = await decide(name, i + 1);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ action: 'allow' });
    }
    // The same compiled policy is still there: not evicted, not rebuilt.
    expect(policies.peek(known.shop)).toBe(cached);
    expect(policies.size()).toBe(1);
    // Repeats are known to be missing without building anything.
    for (const name of invented) expect(policies.peek(name)).toBeNull();
    expect((await decide(known.shop, 999)).statusCode).toBe(200);
    expect(policies.peek(known.shop)).toBe(cached);
  });

  it('decide by its rules for a shop installed after the server started, from its first change', async () => {
    const late = await t.signIn('installed-later');
    const added = await t.call('addIpBlocker', late.token, { ip: '8.8.4.4' });
    expect(added.statusCode, added.body).toBe(200);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      remoteAddress: '8.8.4.4',
      query: { shop: late.shop, url: `https://${late.shop}/`, ref: '' },
    });
    expect(res.json()).toMatchObject({ action: 'block' });
  });
});

// app/scopes_update: when the merchant changes Gatehouse's access on the platform, the
// account's theme-scope flag follows.
import { describe, expect, it } from 'vitest';
import { useSignedInShops, type ShopSession } from './helpers/signed-in-shops.js';
import type { TestApp } from './helpers/test-app.js';

let t: TestApp;
let owner: ShopSession;
useSignedInShops({ owner: 'scopes-store' }, (s) => ({ t, owner } = s));

describe('app/scopes_update', () => {
  it('turns isThemeScopeEnabled off when read_themes is revoked, and on again', async () => {
    const info = () => t.call('getAccountInfo', owner.token).then((r) => r.json());
    expect((await info()).isThemeScopeEnabled).toBe(true);

    await t.emulator.setScopes(owner.shop, ['read_orders', 'write_orders']);
    await expect
      .poll(async () => (await info()).isThemeScopeEnabled, { timeout: 10_000 })
      .toBe(false);
    // Without the theme scope the embed cannot be read: it answers false without asking.
    expect((await t.call('getExtensionEnabned', owner.token)).json()).toEqual({ isEnabled: false });

    await t.emulator.setScopes(owner.shop, ['read_orders', 'write_orders', 'read_themes']);
    await expect
      .poll(async () => (await info()).isThemeScopeEnabled, { timeout: 10_000 })
      .toBe(true);
  });

  it('refuses a delivery whose signature is wrong, changing nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: {
        'content-type': 'application/json',
        'x-shopify-hmac-sha256': 'AAAA',
        'x-shopify-topic': 'app/scopes_update',
        'x-shopify-shop-domain': owner.shop,
        'x-shopify-webhook-id': 'forged-scopes-1',
      },
      payload: JSON.stringify({ current: [] }),
    });
    expect(res.statusCode).toBe(401);
    const info = (await t.call('getAccountInfo', owner.token)).json();
    expect(info.isThemeScopeEnabled).toBe(true);
  });
});

// The fallback for stores without the app embed: the post-install job adds the app's script tag
// once (where the store granted script tags), the merchant's call says whether the store has it,
// and the public loader and script are served to any store, refusing a bad shop with a 400.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/db/schema.js';
import { installFallback } from '../../src/features/storefront-fallback/post-install-step.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const SCRIPT = '/* the built storefront script */ window.builtScript = true;';

let t: TestApp;
let alice: SignedIn;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-fallback-'));
  writeFileSync(join(dir, 'gatehouse.js'), SCRIPT);
  t = await createTestApp({ STOREFRONT_SCRIPT: join(dir, 'gatehouse.js') });
  alice = await t.signIn('alice-store');
});
afterAll(async () => {
  await t?.close();
});

const scriptTags = async (shop: string) => (await t.emulator.shop(shop)).scriptTags;

describe('the fallback script tag', () => {
  it('is added once after install, and the merchant call reports it', async () => {
    const loader = `${t.config.appUrl}/storefront/fallback.js`;
    await expect
      .poll(() => scriptTags('alice-store.myshopify.com'), { timeout: 10_000, interval: 100 })
      .toEqual([expect.objectContaining({ src: loader, displayScope: 'ONLINE_STORE' })]);
    const res = await t.call('getStorefrontFallback', alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ scriptTag: true, allowed: true });

    // Every sign-in runs the step again: it finds the tag and adds no second one.
    expect(await installFallback(t.app, 'alice-store.myshopify.com')).toBe('present');
    expect(await scriptTags('alice-store.myshopify.com')).toHaveLength(1);
  });

  it('is neither added nor claimed where the store did not grant script tags', async () => {
    const bob = await t.signIn('bob-store');
    await t.app.db
      .update(shops)
      .set({ grantedScopes: 'read_orders,write_orders,read_themes' })
      .where(eq(shops.domain, 'bob-store.myshopify.com'));
    expect((await t.call('getStorefrontFallback', bob.token)).json()).toEqual({
      scriptTag: false,
      allowed: false,
    });
    expect(await installFallback(t.app, 'bob-store.myshopify.com')).toBe('notAllowed');
  });

  it('refuses a body with fields and a missing session', async () => {
    const extra = await t.call('getStorefrontFallback', alice.token, { x: 1 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toHaveProperty('Message');
    expect((await t.call('getStorefrontFallback', null)).statusCode).toBe(401);
  });
});

describe('the public loader and script', () => {
  it('serve a loader that writes the config and loads the same script', async () => {
    const res = await t.app.inject('/storefront/fallback.js?shop=alice-store.myshopify.com');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.body).toContain('alice-store.myshopify.com');
    expect(res.body).toContain(JSON.stringify(`${t.config.appUrl}/storefront/gatehouse.js`));
    expect(res.body).toContain("getElementById('gatehouse-config')");

    const script = await t.app.inject('/storefront/gatehouse.js');
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe(SCRIPT);
  });

  it.each(['', 'shop=', 'shop=evil.example.com', 'shop=a%3Cscript%3E.myshopify.com'])(
    'refuses the loader query %j with a 400 message',
    async (query) => {
      const res = await t.app.inject(`/storefront/fallback.js?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ Message: 'shop must be the store’s myshopify.com domain.' });
    },
  );
});

// The page the platform's admin frames: framed by the shop's admin only, App Bridge first in
// its head with the app's key, the shop installed by the query's session token before the page
// asks for anything, and another shop's token refused. Standalone pages still refuse framing.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { API_KEY, API_SECRET, createTestApp, type TestApp } from '../helpers/test-app.js';

const STAND_IN = 'http://localhost:4999/app-bridge.js';
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'gatehouse-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><meta charset="UTF-8" /><title>Gatehouse admin</title>' +
      '<script type="module" src="/assets/index.js"></script></head><body></body></html>',
  );
  t = await createTestApp({ ADMIN_DIST: dist, APP_BRIDGE_URL: STAND_IN });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The app's URL as the admin opens it: its query signed as the platform signs it. */
function embeddedUrl(
  path: string,
  shop: string,
  idToken?: string,
  { secret = API_SECRET, at = Date.now() } = {},
): string {
  const query = new URLSearchParams({
    embedded: '1',
    host: Buffer.from(`admin.shopify.com/store/${shop.split('.')[0]}`).toString('base64url'),
    shop,
    locale: 'en',
    timestamp: String(Math.floor(at / 1000)),
    ...(idToken ? { id_token: idToken } : {}),
  });
  query.sort();
  const signed = query.toString().replace(/\+/g, '%20');
  query.set('hmac', createHmac('sha256', secret).update(signed).digest('hex'));
  return `${path}?${query.toString()}`;
}

async function shopRow(shop: string) {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, shop));
  return row;
}

describe('embedded page', () => {
  it('keeps standalone pages from being framed', async () => {
    for (const url of ['/', '/dashboard', '/login']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(page.body, url).not.toContain('shopify-api-key');
    }
  });

  it("lets the shop's admin frame it, loads App Bridge first and installs the shop from its token", async () => {
    const shop = 'framed-shop.myshopify.com';
    await t.emulator.managedInstall(shop);
    expect(await shopRow(shop)).toBeUndefined();
    const page = await t.app.inject({
      url: embeddedUrl('/', shop, await t.emulator.sessionToken(shop)),
    });
    expect(page.statusCode, page.body).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(
      `frame-ancestors https://${shop} https://admin.shopify.com ${t.emulatorUrl}`,
    );
    expect(csp).toContain("script-src 'self' http://localhost:4999");
    expect(page.headers['x-frame-options']).toBeUndefined();
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toContain(`<meta name="shopify-api-key" content="${API_KEY}" />`);
    expect(head.indexOf(`<script src="${STAND_IN}"></script>`)).toBeLessThan(
      head.indexOf('<script type="module"'),
    );
    expect(head.indexOf('<meta charset')).toBeLessThan(head.indexOf('shopify-api-key'));
    expect((await shopRow(shop))?.uninstalledAt).toBeNull();

    // A page opened again from the admin with an old token still opens, framed the same way.
    const again = await t.app.inject({
      url: embeddedUrl(
        '/dashboard',
        shop,
        await t.emulator.sessionToken(shop, {
          at: new Date(Date.now() - 10 * 60_000).toISOString(),
        }),
      ),
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-security-policy']).toContain(`https://${shop}`);
  });

  it('trusts the shop only under a valid, fresh signature of the platform', async () => {
    const shop = 'signed-shop.myshopify.com';
    await t.emulator.managedInstall(shop);
    const token = await t.emulator.sessionToken(shop);
    const good = new URL(embeddedUrl('/dashboard', shop, token), 'http://app');
    const unsigned = new URL(good);
    unsigned.searchParams.delete('hmac');
    const otherShop = new URL(good);
    otherShop.searchParams.set('shop', 'evil-shop.myshopify.com');
    const refused = {
      forged: embeddedUrl('/dashboard', shop, token, { secret: 'not-the-app-secret' }),
      stale: embeddedUrl('/dashboard', shop, token, { at: Date.now() - 10 * 60_000 }),
      unsigned: `${unsigned.pathname}${unsigned.search}`,
      'shop changed': `${otherShop.pathname}${otherShop.search}`,
    };
    for (const [why, url] of Object.entries(refused)) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, why).toBe(401);
      expect(page.body, why).toContain('not signed by Shopify or is too old');
      expect(page.headers['content-security-policy'], why).toContain("frame-ancestors 'none'");
      expect(page.body, why).not.toContain('shopify-api-key');
    }
    expect(await shopRow(shop)).toBeUndefined();
    expect(await shopRow('evil-shop.myshopify.com')).toBeUndefined();
  });

  it("refuses another shop's token and an address that names no shop", async () => {
    const mine = 'mine-shop.myshopify.com';
    const theirs = 'theirs-shop.myshopify.com';
    await t.emulator.managedInstall(mine);
    await t.emulator.managedInstall(theirs);
    const page = await t.app.inject({
      url: embeddedUrl('/dashboard', mine, await t.emulator.sessionToken(theirs)),
    });
    expect(page.statusCode).toBe(401);
    expect(page.body).toContain('belongs to another store');
    expect(await shopRow(mine)).toBeUndefined();
    expect(await shopRow(theirs)).toBeUndefined();

    const noShop = await t.app.inject({ url: '/?embedded=1&shop=evil.example.com' });
    expect(noShop.statusCode).toBe(400);
    expect(noShop.body).toContain('does not name a Shopify store');
    expect(noShop.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

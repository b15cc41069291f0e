import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { install, startEmulator } from './helpers.js';

const SHOP = 'demo.myshopify.com';
const CONFIG_SCRIPT =
  '<script id="gatehouse-config" type="application/json">{"shop":"demo.myshopify.com","timeoutMs":2500}</script>';

let app: FastifyInstance;
beforeEach(async () => {
  app = await startEmulator();
});
afterEach(() => app.close());

function setEmbed(enabled: boolean) {
  return app.inject({
    method: 'POST',
    url: `/_emulator/shops/${SHOP}/app-embed`,
    payload: { enabled },
  });
}

describe('demo storefront', () => {
  it('shows a home page, a collection and product pages', async () => {
    const home = await app.inject(`/shops/${SHOP}/`);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Demo Store');
    expect(home.body).toContain('Featured products');
    // Styles are markup, not text: quotes inside <style> must survive unescaped.
    expect(home.body).toContain('"Helvetica Neue"');
    const collection = await app.inject(`/shops/${SHOP}/collections/all`);
    expect(collection.body.match(/class="card-product"/g)).toHaveLength(6);
    const product = await app.inject(`/shops/${SHOP}/products/cirrus-down-jacket`);
    expect(product.body).toContain('Cirrus Down Jacket');
    expect(product.body).toContain('$289.00');
    expect(product.body).toContain('<option>XL</option>');
    expect(product.body).toContain('Add to cart');
    const missing = await app.inject(`/shops/${SHOP}/products/no-such-thing`);
    expect(missing.statusCode).toBe(404);
  });

  it('carries the config script in <head> only while the embed is enabled', async () => {
    await install(app, SHOP);
    const before = await app.inject(`/shops/${SHOP}/`);
    expect(before.body).not.toContain('gatehouse');

    await setEmbed(true);
    for (const path of ['/', '/collections/all', '/products/ridgeline-2-tent']) {
      const page = await app.inject(`/shops/${SHOP}${path}`);
      const head = page.body.slice(0, page.body.indexOf('</head>'));
      expect(head).toContain(CONFIG_SCRIPT);
    }

    await setEmbed(false);
    const after = await app.inject(`/shops/${SHOP}/`);
    expect(after.body).not.toContain('gatehouse');
  });

  it('drops the embed from the storefront once the app is uninstalled', async () => {
    await install(app, SHOP);
    await setEmbed(true);
    await app.inject({ method: 'POST', url: `/_emulator/shops/${SHOP}/uninstall` });
    const page = await app.inject(`/shops/${SHOP}/`);
    expect(page.body).not.toContain('gatehouse-config');
  });

  it('answers 404 for extension assets that do not exist and for unknown shops', async () => {
    const asset = await app.inject(
      `/shops/${SHOP}/cdn/extensions/gatehouse-embed/assets/missing.js`,
    );
    expect(asset.statusCode).toBe(404);
    const traversal = await app.inject(
      `/shops/${SHOP}/cdn/extensions/gatehouse-embed/assets/..%2Fblocks%2Fapp-embed.liquid`,
    );
    expect(traversal.statusCode).toBe(404);
    const unknownShop = await app.inject('/shops/nobody-here.myshopify.com/');
    expect(unknownShop.statusCode).toBe(404);
  });
});

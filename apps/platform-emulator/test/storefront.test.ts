import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_URL, graphql, install, startEmulator } from './helpers.js';

const SHOP = 'demo.myshopify.com';
const ASSETS = `${PUBLIC_URL}/shops/${SHOP}/cdn/extensions/gatehouse-embed/assets`;

const SET_METAFIELDS = /* GraphQL */ `
  mutation Set($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      userErrors {
        message
      }
    }
  }
`;

/** Sets app-data metafields the way the app does: on its own installation, over GraphQL. */
async function setAppMetafields(
  target: FastifyInstance,
  token: string,
  metafields: { namespace: string; key: string; type: string; value: string }[],
) {
  const installation = await graphql<{ currentAppInstallation: { id: string } }>(
    target,
    SHOP,
    token,
    '{ currentAppInstallation { id } }',
  );
  const ownerId = installation.body.data?.currentAppInstallation.id;
  const { body } = await graphql<{ metafieldsSet: { userErrors: unknown[] } }>(
    target,
    SHOP,
    token,
    SET_METAFIELDS,
    { metafields: metafields.map((m) => ({ ownerId, ...m })) },
  );
  expect(body.data?.metafieldsSet.userErrors).toEqual([]);
}

function headOf(body: string): string {
  return body.slice(0, body.indexOf('</head>'));
}

/** The embed's JSON config from a page's <head>, parsed. */
function embedConfig(head: string): Record<string, unknown> {
  const match = /<script id="gatehouse-config" type="application\/json">([\s\S]*?)<\/script>/.exec(
    head,
  );
  expect(match, 'config script in <head>').not.toBeNull();
  return JSON.parse(match?.[1] ?? 'null') as Record<string, unknown>;
}

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
    expect(product.body).toContain('<option value="CIRRUS-DOWN-JACKET-XL">XL</option>');
    expect(product.body).toContain('Add to cart');
    const missing = await app.inject(`/shops/${SHOP}/products/no-such-thing`);
    expect(missing.statusCode).toBe(404);
  });

  it("counts the requests its storefront answers, and not its admin's", async () => {
    const count = async () =>
      (await app.inject(`/_emulator/shops/${SHOP}/storefront-requests`)).json<{ count: number }>()
        .count;
    expect(await count()).toBe(0);
    await app.inject(`/shops/${SHOP}/`);
    await app.inject(`/shops/${SHOP}/products/cirrus-down-jacket`);
    await app.inject(`/shops/${SHOP}/admin`);
    expect(await count()).toBe(2);
  });

  it('renders the app embed into <head> only while the embed is enabled', async () => {
    await install(app, SHOP);
    const before = await app.inject(`/shops/${SHOP}/`);
    expect(before.body).not.toContain('gatehouse');

    await setEmbed(true);
    for (const path of ['/', '/collections/all', '/products/ridgeline-2-tent']) {
      const page = await app.inject(`/shops/${SHOP}${path}`);
      const head = headOf(page.body);
      // No api_origin metafield yet: Liquid prints nil as an empty string.
      expect(embedConfig(head)).toEqual({
        shop: SHOP,
        api: '',
        timeoutMs: 2500,
        version: '',
        extras: `${ASSETS}/gatehouse-extras.js`,
      });
      // The guard hides the page and reveals it by itself 500 ms after the time-out.
      expect(head).toMatch(
        /<style id="gatehouse-guard">html\{visibility:hidden;animation:gatehouse-reveal 0s 3000ms forwards\}/,
      );
      expect(head).toContain(`<script src="${ASSETS}/gatehouse.js" async></script>`);
      expect(head.indexOf('gatehouse-guard')).toBeLessThan(head.indexOf('gatehouse.js'));
    }

    await setEmbed(false);
    const after = await app.inject(`/shops/${SHOP}/`);
    expect(after.body).not.toContain('gatehouse');
  });

  it('puts the api_origin and policy_version app-data metafields set over GraphQL into the config', async () => {
    const token = await install(app, SHOP);
    await setEmbed(true);
    await setAppMetafields(app, token, [
      {
        namespace: 'gatehouse',
        key: 'api_origin',
        type: 'single_line_text_field',
        value: 'https://gatehouse.example',
      },
      {
        namespace: 'gatehouse',
        key: 'policy_version',
        type: 'single_line_text_field',
        value: '3f9c2a7b1d04',
      },
    ]);
    const page = await app.inject(`/shops/${SHOP}/`);
    expect(embedConfig(headOf(page.body))).toEqual({
      shop: SHOP,
      api: 'https://gatehouse.example',
      timeoutMs: 2500,
      version: '3f9c2a7b1d04',
      extras: `${ASSETS}/gatehouse-extras.js`,
    });
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

describe('app.metafields in an app embed', () => {
  let dir: string;
  let custom: FastifyInstance;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'embed-'));
    mkdirSync(join(dir, 'blocks'));
    writeFileSync(join(dir, 'shopify.extension.toml'), 'name = "probe"\nuid = "probe-uid"\n');
    writeFileSync(
      join(dir, 'blocks', 'probe.liquid'),
      [
        '<meta name="printed" content="{{ app.metafields.gatehouse.api_origin }}">',
        '<meta name="value" content="{{ app.metafields.gatehouse.api_origin.value }}">',
        '<meta name="mode" content="{{ app.metafields.gatehouse.config.value.mode }}">',
        '<meta name="flag" content="{% if app.metafields.gatehouse.strict.value %}on{% else %}off{% endif %}">',
        '<meta name="type" content="{{ app.metafields.gatehouse.config.type }}">',
        '<meta name="missing" content="{{ app.metafields.other.key }}">',
        '{% schema %}{"name": "Probe", "target": "head", "settings": []}{% endschema %}',
      ].join('\n'),
    );
    custom = await startEmulator({ extensionDir: dir });
  });
  afterEach(async () => {
    await custom.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the value, gives .value typed (json as an object) and nil when unset', async () => {
    const token = await install(custom, SHOP);
    await custom.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/app-embed`,
      payload: { enabled: true, handle: 'probe' },
    });
    await setAppMetafields(custom, token, [
      { namespace: 'gatehouse', key: 'api_origin', type: 'url', value: 'https://g.example' },
      { namespace: 'gatehouse', key: 'config', type: 'json', value: '{"mode":"strict"}' },
      { namespace: 'gatehouse', key: 'strict', type: 'boolean', value: 'false' },
    ]);
    const head = headOf((await custom.inject(`/shops/${SHOP}/`)).body);
    const meta = (name: string) =>
      new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(head)?.[1];
    expect(meta('printed')).toBe('https://g.example');
    expect(meta('value')).toBe('https://g.example');
    expect(meta('mode')).toBe('strict');
    expect(meta('flag')).toBe('off');
    expect(meta('type')).toBe('json');
    expect(meta('missing')).toBe('');
  });
});

// App-specific webhook subscriptions: the topics the app's shopify.app.toml declares reach every
// shop that installed the app, at the declared uri (relative to the app's URL when it begins
// with `/`), in the configuration's API version, with no subscription made through the API; a
// topic whose scope the app lacks is not sent, and a configuration the platform would refuse
// stops the emulator at start.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG_FILE } from '../src/app-config.js';
import { webhookHmac } from '../src/webhooks/webhook-hmac.js';
import {
  API_SECRET,
  APP_URL,
  approve,
  authorizeParams,
  exchangeCode,
  startEmulator,
} from './helpers.js';
import { SHOP, placeOrder } from './order-helpers.js';
import { startReceiver, until } from './receiver.js';

let app: FastifyInstance | undefined;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
afterEach(async () => {
  await app?.close();
  app = undefined;
  await receiver.close();
});

/** Installs the app; its URL is the receiver's origin unless `appUrl` says otherwise. */
async function installWith(
  target: FastifyInstance,
  scope: string,
  appUrl = new URL(receiver.url).origin,
) {
  const params = authorizeParams({ scope, redirect_uri: `${appUrl}/api/auth/callback` });
  const callback = await approve(target, SHOP, params);
  const response = await exchangeCode(target, SHOP, callback.searchParams.get('code') ?? '');
  expect(response.statusCode).toBe(200);
}

const topics = () => receiver.received.map((r) => r.headers['x-shopify-topic']);

function configFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'emulator-app-config-'));
  writeFileSync(join(dir, 'shopify.app.toml'), text);
  return join(dir, 'shopify.app.toml');
}

describe("the app's declared webhooks", () => {
  it('reach an installed shop at the app URL in the declared version, none made per shop', async () => {
    receiver = await startReceiver([]);
    app = await startEmulator({
      appUrl: new URL(receiver.url).origin,
      appConfigFile: DEFAULT_APP_CONFIG_FILE,
      webhookRetryBaseMs: 10,
    });
    // Not installed yet: nothing is sent for the shop.
    const early = await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/themes`,
      payload: { name: 'Before install', publish: true },
    });
    expect(early.statusCode).toBe(201);

    await installWith(app, 'read_orders,write_orders,read_themes');
    await placeOrder(app);
    const published = await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/themes`,
      payload: { name: 'Horizon', publish: true },
    });
    expect(published.json()).toMatchObject({ name: 'Horizon', role: 'MAIN' });
    await until(() => topics().includes('themes/publish') && topics().includes('orders/create'));

    expect(topics().filter((t) => t === 'themes/publish')).toHaveLength(1);
    for (const delivery of receiver.received) {
      expect(delivery.headers['x-shopify-api-version']).toBe('2026-10');
      expect(delivery.headers['x-shopify-shop-domain']).toBe(SHOP);
      expect(delivery.headers['x-shopify-hmac-sha256']).toBe(
        webhookHmac(API_SECRET, delivery.body),
      );
    }
    const publish = receiver.received.find(
      (r) => r.headers['x-shopify-topic'] === 'themes/publish',
    );
    expect(JSON.parse(publish?.body ?? '{}')).toMatchObject({ name: 'Horizon', role: 'main' });
    const state = (await app.inject(`/_emulator/shops/${SHOP}`)).json();
    expect(state).toMatchObject({ webhookSubscriptions: [] });
    expect(
      (state as { themes: { name: string; role: string }[] }).themes.map((t) => [t.name, t.role]),
    ).toEqual([
      ['Dawn', 'UNPUBLISHED'],
      ['Before install', 'UNPUBLISHED'],
      ['Horizon', 'MAIN'],
    ]);
  });

  it('carry themes/publish when the merchant publishes a theme from the store admin', async () => {
    receiver = await startReceiver([]);
    app = await startEmulator({
      appUrl: new URL(receiver.url).origin,
      appConfigFile: DEFAULT_APP_CONFIG_FILE,
    });
    await installWith(app, 'read_themes');
    const added = await app.inject({ method: 'POST', url: `/shops/${SHOP}/admin/themes` });
    expect(added.statusCode).toBe(302);
    const home = await app.inject(`/shops/${SHOP}/admin`);
    expect(home.body).toContain('Publish Horizon');
    const id = /\/admin\/themes\/(\d+)\/publish/.exec(home.body)?.[1];
    const published = await app.inject({
      method: 'POST',
      url: `/shops/${SHOP}/admin/themes/${id}/publish`,
    });
    expect(published.statusCode).toBe(302);
    await until(() => topics().includes('themes/publish'));
    expect((await app.inject(`/shops/${SHOP}/admin`)).body).toContain('Publish Dawn');
    const unknown = await app.inject({
      method: 'POST',
      url: `/shops/${SHOP}/admin/themes/1/publish`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('leave out a topic whose scope the app was not granted', async () => {
    receiver = await startReceiver([]);
    app = await startEmulator({
      appUrl: new URL(receiver.url).origin,
      appConfigFile: DEFAULT_APP_CONFIG_FILE,
    });
    await installWith(app, 'read_themes');
    await placeOrder(app);
    await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/themes`,
      payload: { name: 'Horizon', publish: true },
    });
    await until(() => topics().includes('themes/publish'));
    expect(topics()).not.toContain('orders/create');
  });

  it('go to an absolute uri as declared', async () => {
    receiver = await startReceiver([]);
    app = await startEmulator({
      appConfigFile: configFile(
        `[webhooks]\napi_version = "2026-07"\n[[webhooks.subscriptions]]\ntopics = ["themes/publish"]\nuri = "${receiver.url}"\n`,
      ),
    });
    // The app's URL is another origin: the absolute uri is used as it is.
    await installWith(app, 'read_themes', APP_URL);
    await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/themes`,
      payload: { name: 'Horizon', publish: true },
    });
    await until(() => receiver.received.length === 1);
    expect(receiver.received[0]?.headers['x-shopify-api-version']).toBe('2026-07');
  });

  it.each([
    [
      'an unknown topic',
      '[webhooks]\napi_version = "2026-10"\n[[webhooks.subscriptions]]\ntopics = ["orders/whatever"]\nuri = "/x"\n',
    ],
    [
      'no api_version',
      '[webhooks]\n[[webhooks.subscriptions]]\ntopics = ["app/uninstalled"]\nuri = "/x"\n',
    ],
    [
      'a uri that is not http(s)',
      '[webhooks]\napi_version = "2026-10"\n[[webhooks.subscriptions]]\ntopics = ["app/uninstalled"]\nuri = "ftp://x.example/"\n',
    ],
    ['a file that is not TOML', '[webhooks\n'],
  ])('refuse to start with %s', async (_case, text) => {
    receiver = await startReceiver([]);
    const file = configFile(text);
    await expect(startEmulator({ appConfigFile: file })).rejects.toThrow(
      `The app configuration ${file} is not valid`,
    );
  });
});

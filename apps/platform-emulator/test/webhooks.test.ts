import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webhookHmac } from '../src/webhooks/webhook-hmac.js';
import { API_SECRET, graphql, install, startEmulator, subscribe } from './helpers.js';
import { startReceiver, until } from './receiver.js';

const SHOP = 'demo.myshopify.com';

interface LoggedDelivery {
  webhookId: string;
  status: string;
  attempts: { statusCode: number | null; error: string | null }[];
}

async function deliveryLog(app: FastifyInstance, query = ''): Promise<LoggedDelivery[]> {
  const response = await app.inject(`/_emulator/webhooks/deliveries${query}`);
  return (response.json() as { deliveries: LoggedDelivery[] }).deliveries;
}

let app: FastifyInstance;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
afterEach(async () => {
  await app.close();
  await receiver.close();
});

describe('webhook delivery', () => {
  beforeEach(async () => {
    app = await startEmulator({ webhookRetryBaseMs: 10 });
  });

  it('delivers app/uninstalled with a valid HMAC and the platform headers, then forgets the token', async () => {
    receiver = await startReceiver([200]);
    const token = await install(app, SHOP);
    await subscribe(app, token, ['APP_UNINSTALLED'], receiver.url);
    const uninstall = await app.inject({
      method: 'POST',
      url: `/shops/${SHOP}/admin/apps/gatehouse/uninstall`,
    });
    expect(uninstall.statusCode).toBe(302);
    await until(() => receiver.received.length === 1);

    const [delivery] = receiver.received;
    expect(delivery?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-shopify-topic': 'app/uninstalled',
      'x-shopify-shop-domain': SHOP,
      'x-shopify-api-version': '2026-10',
      'x-shopify-webhook-id': expect.any(String),
      'x-shopify-event-id': expect.any(String),
    });
    expect(Number.isNaN(Date.parse(String(delivery?.headers['x-shopify-triggered-at'])))).toBe(
      false,
    );
    expect(delivery?.headers['x-shopify-hmac-sha256']).toBe(
      webhookHmac(API_SECRET, delivery?.body ?? ''),
    );
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({
      id: 548380009,
      name: 'Demo Store',
      email: 'owner@demo-store.example',
      domain: SHOP,
      myshopify_domain: SHOP,
      plan_display_name: 'Basic',
      currency: 'USD',
      iana_timezone: 'America/New_York',
      country_code: 'US',
    });

    const unauthorized = await graphql(app, SHOP, token, '{ shop { id } }');
    expect(unauthorized.status).toBe(401);
    const state = await app.inject(`/_emulator/shops/${SHOP}`);
    expect(state.json()).toMatchObject({ installation: null, webhookSubscriptions: [] });
    await until(async () => (await deliveryLog(app))[0]?.status === 'delivered');
  });

  it('retries after 500s with the same webhook id and body, logging every attempt', async () => {
    receiver = await startReceiver([500, 500, 200]);
    const token = await install(app, SHOP);
    await subscribe(app, token, ['THEMES_UPDATE'], receiver.url);
    await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/app-embed`,
      payload: { enabled: true },
    });
    await until(() => receiver.received.length === 3);

    const ids = new Set(receiver.received.map((r) => r.headers['x-shopify-webhook-id']));
    const bodies = new Set(receiver.received.map((r) => r.body));
    expect(ids.size).toBe(1);
    expect(bodies.size).toBe(1);
    expect(receiver.received[0]?.headers['x-shopify-topic']).toBe('themes/update');
    expect(JSON.parse(receiver.received[0]?.body ?? '{}')).toMatchObject({
      name: 'Dawn',
      role: 'main',
    });

    const query = `?shop=${SHOP}&topic=themes/update`;
    await until(async () => (await deliveryLog(app, query))[0]?.status === 'delivered');
    const log = await deliveryLog(app, query);
    expect(log).toHaveLength(1);
    expect(log[0]?.webhookId).toBe([...ids][0]);
    expect(log[0]?.attempts.map((a) => a.statusCode)).toEqual([500, 500, 200]);
  });

  it('gives up after webhookMaxAttempts and marks the delivery failed', async () => {
    await app.close();
    app = await startEmulator({ webhookRetryBaseMs: 5, webhookMaxAttempts: 3 });
    receiver = await startReceiver([503, 503, 503, 503]);
    const token = await install(app, SHOP);
    await subscribe(app, token, ['THEMES_UPDATE'], receiver.url);
    await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/app-embed`,
      payload: { enabled: true },
    });
    // Marked failed once the last attempt is answered: no retry is scheduled after that.
    await until(async () => (await deliveryLog(app, `?shop=${SHOP}`))[0]?.status === 'failed');
    expect(receiver.received).toHaveLength(3);
    const log = await deliveryLog(app, `?shop=${SHOP}`);
    expect(log[0]).toMatchObject({
      status: 'failed',
      attempts: [{ statusCode: 503 }, { statusCode: 503 }, { statusCode: 503 }],
    });
  });

  it('counts a receiver that does not answer in time as a failed attempt', async () => {
    await app.close();
    app = await startEmulator({
      webhookRetryBaseMs: 5,
      webhookMaxAttempts: 1,
      webhookTimeoutMs: 100,
    });
    const hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    receiver = {
      url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/`,
      received: [],
      close: () => {
        hanging.closeAllConnections();
        return new Promise<void>((resolve) => hanging.close(() => resolve()));
      },
    };
    const token = await install(app, SHOP);
    await subscribe(app, token, ['THEMES_UPDATE'], receiver.url);
    await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/app-embed`,
      payload: { enabled: true },
    });
    await until(async () => (await deliveryLog(app))[0]?.status === 'failed');
    const log = await deliveryLog(app);
    expect(log[0]?.attempts[0]?.error).toContain('timed out');
  });
});

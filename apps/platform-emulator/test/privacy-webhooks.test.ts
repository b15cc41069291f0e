// The mandatory privacy webhooks: sent to the app's compliance address (not to subscriptions),
// signed like the others, with the customer and order ids the platform holds; shop/redact only
// once the app is uninstalled.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webhookHmac } from '../src/webhooks/webhook-hmac.js';
import { API_SECRET, approve, authorizeParams, exchangeCode, startEmulator } from './helpers.js';
import { SHOP, placeOrder } from './order-helpers.js';
import { startReceiver, until } from './receiver.js';

let app: FastifyInstance;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
  receiver = await startReceiver([]);
  app = await startEmulator({ appUrl: new URL(receiver.url).origin, webhookRetryBaseMs: 10 });
});
afterEach(async () => {
  await app.close();
  await receiver.close();
});

/** Installs the app whose address is the receiver's origin (its compliance address follows). */
async function install(target: FastifyInstance, shop: string) {
  const params = authorizeParams({
    redirect_uri: `${new URL(receiver.url).origin}/api/auth/callback`,
  });
  const callback = await approve(target, shop, params);
  const response = await exchangeCode(target, shop, callback.searchParams.get('code') ?? '');
  expect(response.statusCode).toBe(200);
}

const post = (path: string, payload: object = {}) =>
  app.inject({ method: 'POST', url: `/_emulator/shops/${SHOP}/privacy/${path}`, payload });

describe('privacy webhooks', () => {
  it('sends customers/data_request and customers/redact with the customer’s orders', async () => {
    await install(app, SHOP);
    const first = await placeOrder(app, { email: 'Ada@Example.com' });
    const second = await placeOrder(app);
    await placeOrder(app, { email: 'someone-else@example.com' });

    expect((await post('customers-data-request', { email: 'ada@example.com' })).statusCode).toBe(
      200,
    );
    expect((await post('customers-redact', { customerId: first.customer?.id })).statusCode).toBe(
      200,
    );
    await until(() => receiver.received.length === 2);

    const [request, redact] = receiver.received;
    expect(request?.headers['x-shopify-topic']).toBe('customers/data_request');
    expect(request?.headers['x-shopify-hmac-sha256']).toBe(
      webhookHmac(API_SECRET, request?.body ?? ''),
    );
    expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
      shop_id: 548380009,
      shop_domain: SHOP,
      orders_requested: [first.id, second.id],
      customer: { id: first.customer?.id, email: 'Ada@Example.com', phone: '+447700900123' },
      data_request: { id: expect.any(Number) },
    });
    expect(redact?.headers['x-shopify-topic']).toBe('customers/redact');
    expect(JSON.parse(redact?.body ?? '{}')).toMatchObject({
      customer: { id: first.customer?.id },
      orders_to_redact: [first.id, second.id],
    });
  });

  it('sends shop/redact only after the app is uninstalled', async () => {
    await install(app, SHOP);
    expect((await post('shop-redact')).statusCode).toBe(409);
    await app.inject({ method: 'POST', url: `/_emulator/shops/${SHOP}/uninstall` });
    // Customer requests need the app installed; a missing customer is a 404.
    expect((await post('customers-redact', { email: 'x@example.com' })).statusCode).toBe(409);
    expect((await post('shop-redact')).statusCode).toBe(200);
    await until(() =>
      receiver.received.some((r) => r.headers['x-shopify-topic'] === 'shop/redact'),
    );
    const delivery = receiver.received.find((r) => r.headers['x-shopify-topic'] === 'shop/redact');
    expect(JSON.parse(delivery?.body ?? '{}')).toEqual({ shop_id: 548380009, shop_domain: SHOP });
  });

  it('answers 404 for an unknown customer and 400 without one', async () => {
    await install(app, SHOP);
    expect((await post('customers-data-request', { email: 'nobody@example.com' })).statusCode).toBe(
      404,
    );
    expect((await post('customers-data-request', {})).statusCode).toBe(400);
  });
});

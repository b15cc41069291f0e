// POST /api/webhooks: signed on the raw body, deduplicated by webhook id, one handler per topic.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, shops, webhookEvents } from '../src/core/db/schema.js';
import { webhookHmac } from '../src/core/platform/webhook-hmac.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { deliverWebhook, type DeliverOptions } from './helpers/webhooks.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const deliver = (topic: string, shop: string, options: DeliverOptions = {}) =>
  deliverWebhook(t, topic, shop, options);

async function shopRow(domain: string) {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, domain));
  return row!;
}

describe('webhooks', () => {
  it('refuses a bad signature with 401 and records nothing', async () => {
    const id = randomUUID();
    const res = await deliver('app/uninstalled', 'demo.myshopify.com', {
      id,
      hmac: webhookHmac('{}', 'wrong-secret'),
    });
    expect(res.statusCode).toBe(401);
    const seen = await t.app.db.select().from(webhookEvents).where(eq(webhookEvents.webhookId, id));
    expect(seen).toHaveLength(0);
  });

  it('refuses an unsigned delivery (no or an empty signature) with 401', async () => {
    const missing = await deliver('themes/update', 'demo.myshopify.com', {
      omit: 'x-shopify-hmac-sha256',
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ Message: 'The webhook signature is missing.' });
    const empty = await deliver('themes/update', 'demo.myshopify.com', { hmac: '' });
    expect(empty.statusCode).toBe(401);
  });

  it('refuses a signed delivery missing its other headers with 400', async () => {
    for (const header of ['x-shopify-topic', 'x-shopify-webhook-id']) {
      const res = await deliver('themes/update', 'demo.myshopify.com', { omit: header });
      expect(res.statusCode, header).toBe(400);
    }
  });

  it('records a delivery whose payload can never be processed as failed, changing nothing', async () => {
    const { shop } = await t.signIn('scoped-shop');
    const before = (await shopRow(shop)).grantedScopes;
    const id = randomUUID();
    const refused = await deliver('app/scopes_update', shop, {
      id,
      body: JSON.stringify({ current: ['read_themes\u0000'] }),
    });
    // Answered at once: the platform's redelivery of the same payload would fail the same way.
    expect(refused.statusCode).toBe(200);
    await expect
      .poll(
        async () =>
          (await t.app.db.select().from(webhookEvents).where(eq(webhookEvents.webhookId, id)))[0]
            ?.status,
        { timeout: 20_000 },
      )
      .toBe('failed');
    const [row] = await t.app.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.webhookId, id));
    expect(row!.lastError).toMatch(/not valid/);
    expect((await shopRow(shop)).grantedScopes).toBe(before);
  });

  it('ignores a subscription update naming anything but a subscription id', async () => {
    const { shop } = await t.signIn('billed-shop');
    const before = await shopRow(shop);
    for (const id of ['gid://shopify/AppSubscription/1\u0000', "1' or 1=1", '']) {
      const body = JSON.stringify({
        app_subscription: { admin_graphql_api_id: id, status: 'ACTIVE' },
      });
      const res = await deliver('app_subscriptions/update', shop, { body });
      expect(res.statusCode, id).toBe(200);
    }
    expect(await shopRow(shop)).toEqual(before);
  });

  it('answers 200 to a topic it does not handle', async () => {
    const res = await deliver('products/update', 'demo.myshopify.com');
    expect(res.statusCode).toBe(200);
  });

  it('uninstall from the platform revokes sessions and forgets the token', async () => {
    const { token, shop } = await t.signIn('leaving-shop');
    expect((await t.call('getAccountInfo', token)).statusCode).toBe(200);

    await t.emulator.uninstall(shop);
    await expect
      .poll(async () => (await t.call('getAccountInfo', token)).statusCode, { timeout: 5000 })
      .toBe(401);
    const row = await shopRow(shop);
    expect(row.uninstalledAt).not.toBeNull();
    expect(row.accessTokenCiphertext).toBeNull();

    // Safe twice: a second delivery changes nothing and is logged once.
    expect((await deliver('app/uninstalled', shop)).statusCode).toBe(200);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.shopId, row.id), eq(auditLog.action, 'shop.uninstalled')));
    expect(entries).toHaveLength(1);

    // Reinstalling brings the shop back, with a fresh session.
    const back = await t.signIn('leaving-shop');
    expect((await t.call('getAccountInfo', back.token)).statusCode).toBe(200);
    expect((await shopRow(shop)).uninstalledAt).toBeNull();
    expect((await t.call('getAccountInfo', token)).statusCode).toBe(401);
  });

  it('processes a webhook id once, even when delivered again', async () => {
    const { token, shop } = await t.signIn('dedupe-shop');
    const id = randomUUID();
    expect((await deliver('app/uninstalled', shop, { id })).statusCode).toBe(200);
    expect((await t.call('getAccountInfo', token)).statusCode).toBe(401);

    const back = await t.signIn('dedupe-shop');
    // The platform retries the same delivery: acknowledged, not processed again.
    const retry = await deliver('app/uninstalled', shop, { id });
    expect(retry.statusCode).toBe(200);
    expect((await t.call('getAccountInfo', back.token)).statusCode).toBe(200);
    expect((await shopRow(shop)).uninstalledAt).toBeNull();
  });
});

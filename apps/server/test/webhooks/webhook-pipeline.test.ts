// The webhook pipeline: a signed delivery is recorded (deduplicated by webhook id, its body
// sealed) with its job in one transaction and answered 200 at once; the job runs the topic's
// handler, retries with back-off what may succeed later, and records what can never be
// processed as failed with the reason. Hostile input gets 400 or 401 with a Message, never 5xx.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops, webhookEvents } from '../../src/core/db/schema.js';
import { WEBHOOK_JOB } from '../../src/features/webhooks/deliveries.js';
import { STUCK_AFTER_MS, sweepWebhooks } from '../../src/features/webhooks/webhook-sweep.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { deliverWebhook, deliveryRow, settled, QUICK_RETRIES } from '../helpers/webhooks.js';

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp(QUICK_RETRIES);
  owner = await t.signIn('pipeline-shop');
});
afterAll(async () => {
  await t?.close();
});

const scopesBody = (current: string[]) => JSON.stringify({ previous: [], current });

describe('recording and processing', () => {
  it('answers 200, processes the delivery in a job and drops the body afterwards', async () => {
    const id = randomUUID();
    const res = await deliverWebhook(t, 'app/scopes_update', owner.shop, {
      id,
      body: scopesBody(['read_orders', 'write_orders', 'read_themes', 'read_customers']),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const row = await settled(t, id);
    expect(row).toMatchObject({
      status: 'processed',
      topic: 'app/scopes_update',
      shopDomain: owner.shop,
      apiVersion: '2026-10',
      attempts: 1,
      lastError: null,
      bodyCiphertext: null,
    });
    expect(row.triggeredAt).toBeInstanceOf(Date);
    const [shop] = await t.app.db.select().from(shops).where(eq(shops.domain, owner.shop));
    expect(shop?.grantedScopes).toBe('read_orders,write_orders,read_themes,read_customers');
    const job = await t.app.jobs.find(WEBHOOK_JOB, row.jobId ?? '');
    expect(job?.state).toBe('completed');
  });

  it('records a webhook id once: a repeat is answered 200 and queues nothing', async () => {
    const id = randomUUID();
    expect((await deliverWebhook(t, 'products/update', owner.shop, { id })).statusCode).toBe(200);
    const again = await deliverWebhook(t, 'products/update', owner.shop, { id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, duplicate: true });
    const rows = await t.app.db.select().from(webhookEvents).where(eq(webhookEvents.webhookId, id));
    expect(rows).toHaveLength(1);
    // A topic nobody handles is not dropped silently: it is recorded as ignored, with why.
    expect(await settled(t, id)).toMatchObject({
      status: 'ignored',
      lastError: 'No handler for products/update.',
    });
  });

  it('records a payload that can never be processed as failed, with the reason, at once', async () => {
    const id = randomUUID();
    const res = await deliverWebhook(t, 'app/scopes_update', owner.shop, {
      id,
      body: 'this is not json',
    });
    expect(res.statusCode).toBe(200);
    const row = await settled(t, id);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'The app/scopes_update payload is not JSON.',
    });
    // Kept (sealed) so support can replay it once the cause is fixed; never in clear.
    expect(row.bodyCiphertext).not.toBeNull();
    expect(row.bodyCiphertext).not.toContain('json');

    const wrongShape = randomUUID();
    await deliverWebhook(t, 'app_subscriptions/update', owner.shop, {
      id: wrongShape,
      body: JSON.stringify({ app_subscription: { status: 'ACTIVE' } }),
    });
    expect((await settled(t, wrongShape)).lastError).toMatch(
      /^The app_subscriptions\/update payload is not valid at app_subscription\.admin_graphql_api_id: /,
    );
  });

  it('retries a delivery the platform cannot serve yet, with back-off, until it succeeds', async () => {
    await t.emulator.placeOrder(owner.shop, {
      email: 'retry@example.com',
      lines: [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }],
      browserIp: '198.51.100.40',
    });
    await t.emulator.addFault({
      kind: 'server-error',
      shop: owner.shop,
      endpoint: 'graphql',
      times: 2,
    });
    const [webhookId] = (
      await t.emulator.requestCustomerData(owner.shop, { email: 'retry@example.com' })
    ).webhookIds;
    const row = await settled(t, webhookId ?? '', 30_000);
    expect(row).toMatchObject({ status: 'processed', attempts: 3 });
    expect(row.outcome).toMatchObject({ orders: 1 });
  });

  it('fails a delivery after its last retry, with the last error, and support can replay it', async () => {
    const fault = await t.emulator.addFault({
      kind: 'server-error',
      shop: owner.shop,
      endpoint: 'graphql',
    });
    const [webhookId] = (
      await t.emulator.requestCustomerData(owner.shop, { email: 'retry@example.com' })
    ).webhookIds;
    const row = await settled(t, webhookId ?? '', 30_000);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(3);
    expect(row.lastError).toMatch(/Shopify|503|unavailable/i);

    const listed = await t.support('GET', '/api/support/webhooks', {
      shop: owner.shop,
      status: 'failed',
    });
    expect(listed.json().deliveries.map((d: { webhookId: string }) => d.webhookId)).toContain(
      webhookId,
    );
    expect(JSON.stringify(listed.json())).not.toContain('bodyCiphertext');

    await t.emulator.removeFault(fault.id);
    const replay = await t.support('POST', '/api/support/webhooks/retry', { webhookId });
    expect(replay.statusCode).toBe(200);
    expect((await settled(t, webhookId ?? '', 30_000)).status).toBe('processed');
    const again = await t.support('POST', '/api/support/webhooks/retry', { webhookId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      Message: 'Only a failed delivery can be processed again.',
    });
  });
});

describe('hostile deliveries', () => {
  const cases: [string, Parameters<typeof deliverWebhook>[3], number][] = [
    ['no signature', { omit: 'x-shopify-hmac-sha256' }, 401],
    ['a wrong signature', { hmac: 'AAAA' }, 401],
    ['no webhook id', { omit: 'x-shopify-webhook-id' }, 400],
    ['a bad topic', { headers: { 'x-shopify-topic': '../../etc/passwd' } }, 400],
    ['an overlong id', { headers: { 'x-shopify-webhook-id': 'x'.repeat(300) } }, 400],
    ['an id with spaces', { headers: { 'x-shopify-webhook-id': 'a b' } }, 400],
    ['a bad API version', { headers: { 'x-shopify-api-version': 'latest; drop' } }, 400],
    [
      'a shop that is not a shop',
      { headers: { 'x-shopify-shop-domain': 'evil.example.com' } },
      400,
    ],
    ['an empty body', { body: '' }, 400],
  ];
  for (const [name, options, status] of cases) {
    it(`answers ${status} with a Message for ${name}, recording nothing`, async () => {
      const before = await t.app.db.select().from(webhookEvents);
      const res = await deliverWebhook(t, 'app/uninstalled', owner.shop, options);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ Message: expect.any(String) });
      expect(await t.app.db.select().from(webhookEvents)).toHaveLength(before.length);
    });
  }

  it('answers a body of any type, or none, or too large, with 4xx and a Message', async () => {
    const post = (headers: Record<string, string>, payload: string | Buffer) =>
      t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload });
    const signed = { 'x-shopify-hmac-sha256': 'AAAA', 'x-shopify-topic': 'orders/create' };
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml']) {
      const res = await post({ ...signed, 'content-type': type }, '<a/>');
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toMatchObject({ Message: expect.any(String) });
    }
    const bare = await post({}, 'x');
    expect(bare.statusCode).toBe(401);
    const huge = await post(
      { ...signed, 'content-type': 'application/json', 'x-shopify-webhook-id': 'big' },
      Buffer.alloc(2 * 1024 * 1024, 0x20),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ Message: expect.any(String) });
  });

  it('ignores a garbled trigger time instead of failing', async () => {
    const id = randomUUID();
    const res = await deliverWebhook(t, 'shop/update', owner.shop, {
      id,
      headers: { 'x-shopify-triggered-at': 'yesterday-ish' },
    });
    expect(res.statusCode).toBe(200);
    expect((await deliveryRow(t, id))?.triggeredAt).toBeNull();
  });
});

describe('the sweep', () => {
  it('fails a delivery whose job is gone, and trims old finished deliveries', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - STUCK_AFTER_MS - 60_000);
    const ancient = new Date(now.getTime() - 40 * 24 * 60 * 60 * 1000);
    const stuck = randomUUID();
    const done = randomUUID();
    await t.app.db.insert(webhookEvents).values([
      {
        webhookId: stuck,
        shopDomain: owner.shop,
        topic: 'shop/update',
        jobId: randomUUID(),
        receivedAt: old,
      },
      {
        webhookId: done,
        shopDomain: owner.shop,
        topic: 'shop/update',
        status: 'processed',
        receivedAt: ancient,
      },
    ]);
    const result = await sweepWebhooks(t.app.db, t.app.jobs, now);
    expect(result.failed).toBe(1);
    expect(result.purged).toBeGreaterThanOrEqual(1);
    expect(await deliveryRow(t, stuck)).toMatchObject({
      status: 'failed',
      lastError: 'Processing stopped without a result (job missing).',
    });
    expect(await deliveryRow(t, done)).toBeUndefined();
  });
});

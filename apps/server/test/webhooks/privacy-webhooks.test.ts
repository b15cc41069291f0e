// The mandatory privacy webhooks through the pipeline, sent by the platform emulator: a data
// request gathers what Gatehouse stores about the customer (visits from their orders' browser
// addresses, IP list entries for them) for support; a customer redact anonymises those visits
// and deletes the export; a shop redact after uninstall deletes all the shop's data and no
// other shop's. app/uninstalled stops the shop's protection at once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../src/protection/protection-schema.js';
import { auditLog, customerDataRequests, shops, webhookEvents } from '../../src/core/db/schema.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { deliverWebhook, settled } from '../helpers/webhooks.js';

const ADA_HOME = '198.51.100.7';
const ADA_WORK = '198.51.100.8';
const SOMEONE = '198.51.100.99';

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let ownerId: string;
let otherId: string;

async function shopId(domain: string): Promise<string> {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, domain));
  if (!row) throw new Error(`no shop ${domain}`);
  return row.id;
}

async function visit(shop: string, ip: string, minutesAgo: number) {
  await t.app.db.insert(visits).values({
    shopId: shop,
    time: new Date(Date.now() - minutesAgo * 60_000),
    ip,
    country: 'US',
    url: `https://example.com/products/${minutesAgo}`,
    userAgent: 'Mozilla/5.0 (Ada)',
    action: 'allow',
  });
}

const visitsOf = (shop: string) => t.app.db.select().from(visits).where(eq(visits.shopId, shop));

beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_INTERVAL_SECONDS: '0.5' });
  owner = await t.signIn('privacy-shop');
  other = await t.signIn('privacy-other');
  ownerId = await shopId(owner.shop);
  otherId = await shopId(other.shop);
  const line = [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }];
  await t.emulator.placeOrder(owner.shop, {
    email: 'ada@example.com',
    lines: line,
    browserIp: ADA_HOME,
  });
  await t.emulator.placeOrder(owner.shop, {
    email: 'ada@example.com',
    lines: line,
    browserIp: ADA_WORK,
  });
  await t.emulator.placeOrder(owner.shop, {
    email: 'bob@example.com',
    lines: line,
    browserIp: SOMEONE,
  });
  await visit(ownerId, ADA_HOME, 1);
  await visit(ownerId, ADA_HOME, 2);
  await visit(ownerId, ADA_WORK, 3);
  await visit(ownerId, SOMEONE, 4);
  await visit(otherId, ADA_HOME, 5);
  const added = await t.call('addIpBlocker', owner.token, {
    ip: ADA_HOME,
    note: 'chargeback in May',
  });
  expect(added.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('customers/data_request', () => {
  it('stores the customer’s visits and IP list entries for support, sealed', async () => {
    const [webhookId] = (
      await t.emulator.requestCustomerData(owner.shop, { email: 'ada@example.com' })
    ).webhookIds;
    const row = await settled(t, webhookId ?? '');
    expect(row).toMatchObject({ status: 'processed', outcome: { orders: 2, visits: 3 } });

    const [stored] = await t.app.db
      .select()
      .from(customerDataRequests)
      .where(eq(customerDataRequests.shopId, ownerId));
    expect(stored?.dataCiphertext).not.toContain(ADA_HOME);

    const list = await t.support('GET', '/api/support/data-requests', { shop: owner.shop });
    expect(list.statusCode).toBe(200);
    const [entry] = list.json().dataRequests;
    expect(entry).toMatchObject({ shop: owner.shop, customerId: expect.stringMatching(/^\d+$/) });
    const opened = await t.support('GET', `/api/support/data-requests/${entry.id}`);
    const { data } = opened.json();
    expect(data.customer).toMatchObject({ email: 'ada@example.com' });
    expect(data.orders.map((o: { browserIp: string }) => o.browserIp).sort()).toEqual([
      ADA_HOME,
      ADA_WORK,
    ]);
    expect(data.visitsTotal).toBe(3);
    expect(new Set(data.visits.map((v: { ip: string }) => v.ip))).toEqual(
      new Set([ADA_HOME, ADA_WORK]),
    );
    expect(data.ipListEntries).toEqual([
      expect.objectContaining({ list: 'block', note: 'chargeback in May' }),
    ]);
    expect(data.notes[0]).toContain('kept until the merchant removes them');
    expect(data.blockListEntries).toEqual([]);
    const read = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.shopId, ownerId), eq(auditLog.action, 'support.customer_data_read')));
    expect(read).toHaveLength(1);

    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/support/data-requests/${entry.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a forged compliance webhook with 401 and changes nothing', async () => {
    const res = await deliverWebhook(t, 'customers/redact', owner.shop, {
      body: JSON.stringify({ customer: { id: 1 }, orders_to_redact: [] }),
      hmac: 'AAAA',
    });
    expect(res.statusCode).toBe(401);
    expect(await visitsOf(ownerId)).toHaveLength(4);
  });
});

describe('customers/redact', () => {
  it('anonymises the customer’s visits and deletes their export, nothing else', async () => {
    const [webhookId] = (await t.emulator.redactCustomer(owner.shop, { email: 'ada@example.com' }))
      .webhookIds;
    const row = await settled(t, webhookId ?? '');
    expect(row).toMatchObject({
      status: 'processed',
      outcome: {
        addresses: 2,
        visitsAnonymised: 3,
        dataExportsDeleted: 1,
        blockListEntriesKept: 0,
        ipListEntriesKept: 1,
      },
    });
    expect((row.outcome as { kept: string }).kept).toMatch(
      /^1 of the merchant’s block list entry stays \(1 with their orders’ IP addresses\)/,
    );
    const ownerVisits = await visitsOf(ownerId);
    expect(ownerVisits.map((v) => v.ip).sort()).toEqual([
      '198.51.100.0',
      '198.51.100.0',
      '198.51.100.0',
      SOMEONE,
    ]);
    expect(
      ownerVisits.filter((v) => v.ip === '198.51.100.0').every((v) => v.userAgent === ''),
    ).toBe(true);
    expect((await visitsOf(otherId))[0]?.ip).toBe(ADA_HOME);
    const list = await t.support('GET', '/api/support/data-requests', { shop: owner.shop });
    expect(list.json().dataRequests).toEqual([]);
  });
});

describe('app/uninstalled and shop/redact', () => {
  it('stops protection the moment the platform has its 200', async () => {
    await t.call('addIpBlocker', other.token, { ip: '203.0.113.5', note: '' });
    const decide = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/storefront/decide',
        headers: { 'x-forwarded-for': '203.0.113.5' },
        query: { shop: other.shop, url: `https://${other.shop}/` },
      });
    expect((await decide()).json().action).toBe('block');
    const res = await deliverWebhook(t, 'app/uninstalled', other.shop);
    expect(res.statusCode).toBe(200);
    expect((await decide()).json().action).not.toBe('block');
  });

  it('deletes all of an uninstalled shop’s data on shop/redact, and no other shop’s', async () => {
    await expect(t.emulator.redactShop(owner.shop)).rejects.toThrow(/409/);
    // The decision above logged a visit of the other shop: written before counting.
    await t.app.visits.flush();
    const otherVisits = (await visitsOf(otherId)).length;
    await t.emulator.uninstall(owner.shop);
    await expect
      .poll(async () => (await t.call('getAccountInfo', owner.token)).statusCode, {
        timeout: 10_000,
      })
      .toBe(401);
    const [webhookId] = (await t.emulator.redactShop(owner.shop)).webhookIds;
    const row = await settled(t, webhookId ?? '');
    expect(row).toMatchObject({
      status: 'processed',
      outcome: { shopDeleted: true, visitsDeleted: 4 },
    });
    expect(await t.app.db.select().from(shops).where(eq(shops.id, ownerId))).toEqual([]);
    expect(await visitsOf(ownerId)).toEqual([]);
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.shopId, ownerId))).toEqual([]);
    const deliveries = await t.app.db
      .select({ topic: webhookEvents.topic })
      .from(webhookEvents)
      .where(eq(webhookEvents.shopDomain, owner.shop));
    expect(deliveries).toEqual([{ topic: 'shop/redact' }]);
    expect(await visitsOf(otherId)).toHaveLength(otherVisits);
    expect(await t.app.db.select().from(shops).where(eq(shops.id, otherId))).toHaveLength(1);
  });
});

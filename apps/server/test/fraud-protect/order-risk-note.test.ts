// What Gatehouse found about an order is written into the order's risk on the platform, end to
// end against the emulator (real webhooks and jobs): the browser IP on the store's block list,
// a data-centre address, a Tor exit and the auto-cancel filter that matched, as facts with a
// level they bear out, once however often the order is heard of, after the filters are done
// with the order; Fraud Protect's decision told as a neutral fact, and Fraud Protect never
// acting on Gatehouse's own assessment; a throttled or failing platform retried, an answer
// lost in transit not written twice; nothing written when the merchant turned it off or the
// plan has no Fraud Protect. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is given.
import {
  DEFAULT_FRAUD_PROTECT,
  NEW_AUTO_CANCEL_FILTER,
  type OrderLogPage,
  type FraudProtectView,
} from '@gatehouse/contracts';
import { buildNetworkClassifier, FEEDS, loadNetworkTable, parseFeed } from '@gatehouse/engine';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../src/core/db/schema.js';
import { FRAUD_ORDER_JOB } from '../../src/features/fraud-protect/fraud-protect-job.js';
import { noteOrderRisk, RISK_NOTE_JOB } from '../../src/features/fraud-protect/risk-note-job.js';
import { orderRiskNotes } from '../../src/features/fraud-protect/risk-note-schema.js';
import { HOME, saveFilterAs } from '../helpers/auto-cancel.js';
import { fraudProtectShop } from '../helpers/fraud-protect-shop.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { deliverWebhook, QUICK_RETRIES } from '../helpers/webhooks.js';

const DIGITALOCEAN = '159.89.0.1'; // AS14061, a hosting network
const LISTED = '198.51.100.7'; // a documentation address: no country, no network kind
const ORDINARY = '203.0.113.9';
const TOR_EXIT = '185.220.101.1';
const LINES = [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }];
const ON_BLOCK_LIST = 'The browser IP of the order is on the store’s IP block list.';
/** The note of an order Fraud Protect cancelled, and nothing else was found about. */
const FRAUD_PROTECT_CANCELLED = {
  status: 'done',
  riskLevel: 'NONE',
  facts: [
    {
      description: 'Gatehouse Fraud Protect cancelled the order, rated high risk.',
      sentiment: 'NEUTRAL',
    },
  ],
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(QUICK_RETRIES);
});
afterAll(async () => {
  await t?.close();
});

/** A Premium shop with Fraud Protect on and `ip` on its IP block list. */
async function shopBlocking(handle: string, ip: string) {
  const shop = await fraudProtectShop(t, handle);
  const added = await t.call('addIpBlocker', shop.owner.token, { ip });
  expect(added.statusCode, added.body).toBe(200);
  return shop;
}

const place = (
  owner: SignedIn,
  order: { email?: string; browserIp: string; level: 'LOW' | 'HIGH' | 'PENDING' },
) =>
  t.emulator.placeOrder(owner.shop, {
    email: order.email ?? 'buyer@example.com',
    lines: LINES,
    billingAddress: HOME,
    shippingAddress: HOME,
    browserIp: order.browserIp,
    risk: { level: order.level },
  });

/** Gatehouse's own assessments on the order, as the platform shows them. */
async function gatehouseAssessments(owner: SignedIn, orderId: number) {
  const order = await t.emulator.order(owner.shop, orderId);
  return order.risk.assessments.filter((a) => a.provider?.title === 'Gatehouse');
}

async function noteRow(shopId: string, orderId: number) {
  const [row] = await t.app.db
    .select()
    .from(orderRiskNotes)
    .where(and(eq(orderRiskNotes.shopId, shopId), eq(orderRiskNotes.orderId, String(orderId))));
  return row;
}

/** Waits for the order's note to be finished; answers its row. */
async function finishedNote(shopId: string, orderId: number) {
  await expect
    .poll(async () => (await noteRow(shopId, orderId))?.status ?? 'none', {
      timeout: 30_000,
      interval: 100,
    })
    .toMatch(/^(done|failed|skipped)$/);
  return (await noteRow(shopId, orderId))!;
}

/**
 * The outcomes the order's deliveries of `topic` gave, once `count` of them are handled (with
 * no order id: the shop's deliveries of the topic).
 */
async function deliveryOutcomes(owner: SignedIn, orderId: number | null, topic: string, count = 1) {
  let mine: Record<string, unknown>[] = [];
  await expect
    .poll(
      async () => {
        const rows = await t.app.db
          .select()
          .from(webhookEvents)
          .where(and(eq(webhookEvents.topic, topic), eq(webhookEvents.shopDomain, owner.shop)));
        mine = rows
          .map((r) => r.outcome ?? {})
          .filter(
            (o) =>
              (orderId === null && 'orderRisk' in o) ||
              (o as { orderId?: string }).orderId === String(orderId),
          );
        return mine.length >= count;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
  return mine;
}

/** Waits for a queued job to finish; answers its output. */
async function jobOutput(queue: string, id: string) {
  let output: unknown;
  await expect
    .poll(
      async () => {
        const job = await t.app.jobs.find(queue, id);
        output = job?.output;
        return job?.state;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe('completed');
  return output;
}

describe('writing what Gatehouse found into the order’s risk', () => {
  it('writes the block list, the data-centre address and the filter that cancelled, once', async () => {
    const { owner, shopId } = await shopBlocking('risk-note-facts', DIGITALOCEAN);
    await saveFilterAs(t, owner, {
      name: 'Risky',
      mode: 'on',
      match: {
        any: false,
        groups: [
          {
            any: false,
            conditions: [{ field: 'email', operator: 'contains', value: 'mailinator' }],
          },
        ],
      },
      actions: { ...NEW_AUTO_CANCEL_FILTER.actions, reason: 'FRAUD' },
    });
    const placed = await place(owner, {
      email: 'buyer@mailinator.com',
      browserIp: DIGITALOCEAN,
      level: 'LOW',
    });
    const note = await finishedNote(shopId, placed.id);
    expect(note).toMatchObject({ status: 'done', riskLevel: 'HIGH', error: null });
    const [written, ...more] = await gatehouseAssessments(owner, placed.id);
    expect(more).toEqual([]);
    expect(written).toMatchObject({
      riskLevel: 'HIGH',
      facts: [
        { description: ON_BLOCK_LIST, sentiment: 'NEGATIVE' },
        {
          description:
            'The browser IP of the order belongs to a data centre or cloud host, not a home or mobile network.',
          sentiment: 'NEGATIVE',
        },
        {
          description:
            'The order matches the auto-cancel filter "Risky"; Gatehouse cancelled the order.',
          sentiment: 'NEGATIVE',
        },
      ],
    });

    // The order log shows what was written beside what was done, on Fraud Protect's log only,
    // and to this shop only.
    const log = await t.call('getFraudProtectLog', owner.token, { page: '1' });
    expect(log.json<OrderLogPage>().riskNotes).toEqual([
      {
        orderId: String(placed.id),
        status: 'written',
        riskLevel: 'HIGH',
        facts: written!.facts.map((fact) => fact.description),
        error: null,
      },
    ]);
    const filterLog = await t.call('getAutoCancelLog', owner.token, { page: '1' });
    expect(filterLog.json<OrderLogPage>()).not.toHaveProperty('riskNotes');
    const other = await fraudProtectShop(t, 'risk-note-other');
    const otherLog = await t.call('getFraudProtectLog', other.owner.token, { page: '1' });
    expect(otherLog.json<OrderLogPage>()).toMatchObject({ entries: [], riskNotes: [] });

    // The order heard of again: three more deliveries and two workers at once.
    const body = JSON.stringify({ id: placed.id, name: placed.name });
    await Promise.all([
      deliverWebhook(t, 'orders/create', owner.shop, { id: 'note-dup-1', body }),
      deliverWebhook(t, 'orders/create', owner.shop, { id: 'note-dup-2', body }),
      deliverWebhook(t, 'orders/create', owner.shop, { id: 'note-dup-3', body }),
      noteOrderRisk(t.app, { shopId, orderId: String(placed.id), since: new Date().toISOString() }),
      noteOrderRisk(t.app, { shopId, orderId: String(placed.id), since: new Date().toISOString() }),
    ]);
    const outcomes = await deliveryOutcomes(owner, placed.id, 'orders/create', 4);
    for (const outcome of outcomes) {
      const queued = (outcome.orderRisk as { queued: string }).queued;
      await jobOutput(RISK_NOTE_JOB, queued);
    }
    expect(await gatehouseAssessments(owner, placed.id)).toHaveLength(1);
    expect((await noteRow(shopId, placed.id))?.attempts).toBe(1);
  }, 60_000);

  it('waits for a filter that is slow to decide, and tells what it decided', async () => {
    const { owner, shopId } = await fraudProtectShop(t, 'risk-note-wait');
    await saveFilterAs(t, owner, {
      name: 'Watch list',
      mode: 'monitor',
      match: {
        any: false,
        groups: [
          { any: false, conditions: [{ field: 'email', operator: 'contains', value: 'watch' }] },
        ],
      },
    });
    // The filters' read of the order takes three seconds: the note is decided after it.
    await t.emulator.addFault({
      kind: 'slow',
      delayMs: 3000,
      shop: owner.shop,
      operation: 'GatehouseFilterOrder',
      times: 1,
    });
    const placed = await place(owner, {
      email: 'watch@example.com',
      browserIp: ORDINARY,
      level: 'LOW',
    });
    expect(await finishedNote(shopId, placed.id)).toMatchObject({
      status: 'done',
      riskLevel: 'LOW',
      facts: [
        {
          description:
            'The order matches the auto-cancel filter "Watch list", which is in monitor mode: it did nothing.',
          sentiment: 'NEGATIVE',
        },
      ],
    });
  }, 60_000);

  it('rates an order from a Tor exit medium', async () => {
    // The Tor exits' feed as the refresh job would have stored it, with one exit in it.
    const tor = FEEDS.find((feed) => feed.name === 'tor-exits')!;
    const ranges = parseFeed(tor.format, `${TOR_EXIT}\n`);
    await t.app.protection.geo.setClassifier(
      buildNetworkClassifier(loadNetworkTable(), [{ definition: tor, ranges }]),
    );
    const { owner, shopId } = await fraudProtectShop(t, 'risk-note-tor');
    const placed = await place(owner, { browserIp: TOR_EXIT, level: 'LOW' });
    expect(await finishedNote(shopId, placed.id)).toMatchObject({
      status: 'done',
      riskLevel: 'MEDIUM',
      facts: [
        { description: 'The browser IP of the order is a Tor exit node.', sentiment: 'NEGATIVE' },
      ],
    });
    expect((await gatehouseAssessments(owner, placed.id))[0]?.riskLevel).toBe('MEDIUM');
  }, 60_000);

  it('never lets Fraud Protect act on Gatehouse’s own assessment', async () => {
    const { owner, shopId } = await shopBlocking('risk-note-own', LISTED);
    const placed = await place(owner, { browserIp: LISTED, level: 'LOW' });
    expect(await finishedNote(shopId, placed.id)).toMatchObject({
      status: 'done',
      riskLevel: 'HIGH',
      facts: [{ description: ON_BLOCK_LIST, sentiment: 'NEGATIVE' }],
    });
    // The platform announced its own assessment, then Gatehouse's: Fraud Protect read the
    // order again each time, and found only the platform's low risk.
    const changes = await deliveryOutcomes(owner, placed.id, 'orders/risk_assessment_changed', 2);
    for (const change of changes) {
      const output = await jobOutput(FRAUD_ORDER_JOB, (change as { queued: string }).queued);
      expect(output).toEqual({ untouched: true, risk: 'LOW' });
    }
    const order = await t.emulator.order(owner.shop, placed.id);
    expect(order.risk.recommendation).toBe('CANCEL');
    expect(order.cancelledAt).toBeNull();
  }, 60_000);

  it('tells what Fraud Protect did as a neutral fact that raises nothing', async () => {
    const { owner, shopId } = await fraudProtectShop(t, 'risk-note-fraud');
    const placed = await place(owner, { browserIp: ORDINARY, level: 'HIGH' });
    expect(await finishedNote(shopId, placed.id)).toMatchObject(FRAUD_PROTECT_CANCELLED);
    expect((await gatehouseAssessments(owner, placed.id))[0]?.riskLevel).toBe('NONE');
  }, 60_000);

  it('waits for Shopify to rate the order, so it tells what Fraud Protect then did', async () => {
    const { owner, shopId } = await fraudProtectShop(t, 'risk-note-pending');
    const placed = await place(owner, { browserIp: ORDINARY, level: 'PENDING' });
    // Fraud Protect has seen the order and left it: Shopify's rating is pending. The note
    // waits for it rather than write before Fraud Protect decides.
    const [created] = await deliveryOutcomes(owner, placed.id, 'orders/create');
    expect(await jobOutput(FRAUD_ORDER_JOB, (created as { queued: string }).queued)).toEqual({
      untouched: true,
      risk: 'PENDING',
    });
    const since = new Date().toISOString();
    expect(await noteOrderRisk(t.app, { shopId, orderId: String(placed.id), since })).toEqual({
      waiting: 'Shopify has not rated the order’s risk yet.',
    });
    expect(await noteRow(shopId, placed.id)).toBeUndefined();
    await t.emulator.assessOrderRisk(owner.shop, placed.id, { level: 'HIGH' });
    expect(await finishedNote(shopId, placed.id)).toMatchObject(FRAUD_PROTECT_CANCELLED);
  }, 60_000);

  it('retries a rate-limited and a failing platform, and writes once', async () => {
    const { owner, shopId } = await shopBlocking('risk-note-retry', LISTED);
    const operation = 'GatehouseOrderRiskAssessmentCreate';
    await t.emulator.addFault({
      kind: 'rate-limited',
      retryAfterSeconds: 0,
      shop: owner.shop,
      operation,
      times: 1,
    });
    await t.emulator.addFault({ kind: 'server-error', shop: owner.shop, operation, times: 1 });
    const placed = await place(owner, { browserIp: LISTED, level: 'LOW' });
    expect(await finishedNote(shopId, placed.id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(await gatehouseAssessments(owner, placed.id)).toHaveLength(1);
  }, 60_000);

  it('finds the note written when the platform’s answer was lost, and does not write it again', async () => {
    const { owner, shopId } = await shopBlocking('risk-note-lost', LISTED);
    await t.emulator.addFault({
      kind: 'lost-answer',
      shop: owner.shop,
      operation: 'GatehouseOrderRiskAssessmentCreate',
      times: 1,
    });
    const placed = await place(owner, { browserIp: LISTED, level: 'LOW' });
    expect(await finishedNote(shopId, placed.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await gatehouseAssessments(owner, placed.id)).toHaveLength(1);
  }, 60_000);

  it('writes nothing when the merchant turned it off, and says so', async () => {
    const { owner, shopId } = await shopBlocking('risk-note-off', LISTED);
    const before = await t.call('getFraudProtect', owner.token);
    expect(before.json<FraudProtectView>().settings.writeOrderRisk).toBe(true);
    const saved = await t.call('saveFraudProtect', owner.token, {
      ...DEFAULT_FRAUD_PROTECT,
      enabled: true,
      writeOrderRisk: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<FraudProtectView>().settings.writeOrderRisk).toBe(false);
    const placed = await place(owner, { browserIp: LISTED, level: 'LOW' });
    const [outcome] = await deliveryOutcomes(owner, placed.id, 'orders/create');
    expect(outcome?.orderRisk).toEqual({
      note: 'Writing what Gatehouse found into order risk is off.',
    });
    expect(await noteRow(shopId, placed.id)).toBeUndefined();
    expect(await gatehouseAssessments(owner, placed.id)).toEqual([]);
  }, 60_000);

  it('writes nothing for a shop whose plan has no Fraud Protect', async () => {
    const owner = await t.signIn('risk-note-free');
    expect((await t.call('addIpBlocker', owner.token, { ip: LISTED })).statusCode).toBe(200);
    const placed = await place(owner, { browserIp: LISTED, level: 'LOW' });
    // Its only order: no feature queued anything, so the delivery names no order.
    const [outcome] = await deliveryOutcomes(owner, null, 'orders/create');
    expect(outcome?.orderRisk).toEqual({
      note: 'The shop’s plan does not include Fraud Protect.',
    });
    expect(await gatehouseAssessments(owner, placed.id)).toEqual([]);
  }, 60_000);

  it('refuses a setting that is not true or false, changing nothing', async () => {
    const { owner } = await fraudProtectShop(t, 'risk-note-bad');
    const res = await t.call('saveFraudProtect', owner.token, {
      ...DEFAULT_FRAUD_PROTECT,
      writeOrderRisk: 'no',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Message: string }>().Message).toBe('"writeOrderRisk" must be true or false.');
    const after = await t.call('getFraudProtect', owner.token);
    expect(after.json<FraudProtectView>().settings).toMatchObject({
      enabled: true,
      writeOrderRisk: true,
    });
  });
});

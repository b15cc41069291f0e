// Fraud Protect end to end against the platform emulator over HTTP: the emulator's order
// webhooks reach the real endpoint, the job reads the order and acts through Admin GraphQL.
// A high-risk order is cancelled, refunded, restocked and tagged once and logged; a low-risk
// one is untouched; the same webhook twice, another webhook for the same order and several
// workers at once cancel once; a worker that died after sending the cancel is resumed without
// a second refund; a platform that keeps failing is shown to the merchant, and Retry finishes.
import { type DashboardData, type OrderLogPage, type OrderActionEntry } from '@gatehouse/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderActions } from '../../src/orders/order-actions-schema.js';
import { webhookEvents } from '../../src/core/db/schema.js';
import { FRAUD_ORDER_JOB } from '../../src/features/fraud-protect/fraud-protect-job.js';
import { processOrder } from '../../src/features/fraud-protect/process-order.js';
import { claimLeaseMs } from '../../src/orders/held-claim.js';
import { claimAction, markSent, recordActions } from '../../src/orders/order-actions.js';
import { cancelOrder } from '../../src/orders/platform-orders.js';
import { fraudProtectShop } from '../helpers/fraud-protect-shop.js';
import { failOrderReads, uncheckedOrderError } from '../helpers/order-faults.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { deliverWebhook, settled, QUICK_RETRIES } from '../helpers/webhooks.js';

const LINES = [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 2 }];

let t: TestApp;
let owner: SignedIn;
let shopId: string;

beforeAll(async () => {
  t = await createTestApp(QUICK_RETRIES);
  ({ owner, shopId } = await fraudProtectShop(t, 'fraud-pipeline'));
});
afterAll(async () => {
  await t?.close();
});

async function log(): Promise<OrderActionEntry[]> {
  const res = await t.call('getFraudProtectLog', owner.token, { page: '1' });
  expect(res.statusCode).toBe(200);
  return res.json<OrderLogPage>().entries;
}

async function entriesOf(orderId: number | string) {
  return (await log()).filter((e) => e.orderId === String(orderId));
}

/** Waits until every action on the order has finished; answers them. */
async function settledEntries(orderId: number | string, count: number, timeout = 20_000) {
  await expect
    .poll(
      async () => {
        const entries = await entriesOf(orderId);
        return (
          entries.length === count &&
          entries.every((e) => !['pending', 'sending'].includes(e.status))
        );
      },
      { timeout, interval: 100 },
    )
    .toBe(true);
  return entriesOf(orderId);
}

/** The outputs of the fraud jobs the order's deliveries of `topic` queued, once all finished. */
async function jobOutputs(orderId: number | string, topic = 'orders/create', count = 1) {
  const outputs: unknown[] = [];
  await expect
    .poll(
      async () => {
        const rows = await t.app.db
          .select()
          .from(webhookEvents)
          .where(and(eq(webhookEvents.topic, topic), eq(webhookEvents.shopDomain, owner.shop)));
        const mine = rows.filter(
          (r) => (r.outcome as { orderId?: string } | null)?.orderId === String(orderId),
        );
        if (mine.length < count) return false;
        outputs.length = 0;
        for (const row of mine) {
          const jobId = (row.outcome as { queued?: string }).queued ?? '';
          const job = await t.app.jobs.find(FRAUD_ORDER_JOB, jobId);
          if (job?.state !== 'completed') return false;
          outputs.push(job.output);
        }
        return true;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return outputs;
}

/** The output of the job the order's orders/create delivery queued. */
async function createJobOutput(orderId: number) {
  return (await jobOutputs(orderId))[0];
}

async function dashboardCount() {
  const res = await t.call('getDashboardData', owner.token, { days: '1' });
  return res.json<DashboardData>().fraudProtect;
}

describe('Fraud Protect on the order pipeline', () => {
  it('cancels, refunds, restocks, emails and tags a high-risk order once, and logs it', async () => {
    const before = await dashboardCount();
    const placed = await t.emulator.placeOrder(owner.shop, {
      email: 'risky@example.com',
      lines: LINES,
      risk: { level: 'HIGH' },
    });
    const stockBefore = placed.lines[0]!.inStock;
    const entries = await settledEntries(placed.id, 2);
    const cancel = entries.find((e) => e.action === 'cancel')!;
    expect(cancel).toMatchObject({
      status: 'done',
      orderName: placed.name,
      riskLevel: 'HIGH',
      error: null,
      params: { reason: 'FRAUD', refund: true, restock: true, notifyCustomer: true },
      result: { refunded: placed.total, currency: 'USD', restocked: true },
    });
    expect(cancel.orderUrl).toBe(`${t.emulatorUrl}/shops/${owner.shop}/admin/orders/${placed.id}`);
    expect(entries.find((e) => e.action === 'tag')).toMatchObject({ status: 'done' });

    const order = await t.emulator.order(owner.shop, placed.id);
    expect(order.cancelledAt).not.toBeNull();
    expect(order.cancelReason).toBe('FRAUD');
    expect(order.refunds).toHaveLength(1);
    expect(order.refunds[0]?.amount).toBe(placed.total);
    expect(order.restocked).toBe(true);
    expect(order.lines[0]!.inStock).toBe(stockBefore + 2);
    expect(order.tags).toContain('gatehouse-fraud');
    expect(order.notifications.map((n) => n.kind)).toContain('order_cancelled');
    expect(await dashboardCount()).toBe(before + 1);
    // A cancelled order is not a blocked visit: the visit chart does not count it.
    const chart = await t.call('getTimeSeries', owner.token, { days: '1' });
    const buckets = chart.json<{ buckets: { blocked: number }[] }>().buckets;
    expect(buckets.reduce((n, b) => n + b.blocked, 0)).toBe(0);
  });

  it('leaves a low-risk order untouched and logs nothing', async () => {
    const placed = await t.emulator.placeOrder(owner.shop, {
      email: 'fine@example.com',
      lines: LINES,
      risk: { level: 'LOW' },
    });
    expect(await createJobOutput(placed.id)).toEqual({ untouched: true, risk: 'LOW' });
    expect(await entriesOf(placed.id)).toEqual([]);
    const order = await t.emulator.order(owner.shop, placed.id);
    expect(order.cancelledAt).toBeNull();
    expect(order.refunds).toHaveLength(0);
    expect(order.tags).not.toContain('gatehouse-fraud');
  });

  it('cancels once when the webhook comes twice, under another id, and to several workers', async () => {
    const placed = await t.emulator.placeOrder(owner.shop, {
      email: 'twice@example.com',
      lines: LINES,
      risk: { level: 'PENDING' },
    });
    expect(await createJobOutput(placed.id)).toEqual({ untouched: true, risk: 'PENDING' });
    const before = await dashboardCount();
    // The platform rates it high: its webhook, two workers and two more deliveries at once.
    await t.emulator.assessOrderRisk(owner.shop, placed.id, { level: 'HIGH' });
    const body = JSON.stringify({ id: placed.id });
    const sameId = 'fraud-duplicate-1';
    const results = await Promise.all([
      processOrder(t.app, shopId, String(placed.id)),
      processOrder(t.app, shopId, String(placed.id)),
      deliverWebhook(t, 'orders/create', owner.shop, { id: sameId, body }),
      deliverWebhook(t, 'orders/create', owner.shop, { id: sameId, body }),
      deliverWebhook(t, 'orders/create', owner.shop, { id: 'fraud-duplicate-2', body }),
    ]);
    expect(results.slice(2).map((r) => (r as { statusCode: number }).statusCode)).toEqual([
      200, 200, 200,
    ]);
    const entries = await settledEntries(placed.id, 2);
    expect(entries.map((e) => e.status).sort()).toEqual(['done', 'done']);
    // Let every queued job finish (the risk change's, the second id's), then check nothing
    // was done twice.
    await jobOutputs(placed.id, 'orders/risk_assessment_changed');
    await jobOutputs(placed.id, 'orders/create', 2);
    const order = await t.emulator.order(owner.shop, placed.id);
    expect(order.refunds).toHaveLength(1);
    expect(order.notifications.filter((n) => n.kind === 'order_cancelled')).toHaveLength(1);
    expect(await dashboardCount()).toBe(before + 1);
  });

  it('resumes a cancel whose worker died after sending it, without a second refund', async () => {
    const placed = await t.emulator.placeOrder(owner.shop, {
      email: 'crash@example.com',
      lines: LINES,
      risk: { level: 'PENDING' },
    });
    expect(await createJobOutput(placed.id)).toEqual({ untouched: true, risk: 'PENDING' });
    const orderId = String(placed.id);
    // A worker decides and records, claims the cancel, sends it… and dies before recording
    // the answer: the row stays `sending`, the platform has cancelled and refunded.
    await recordActions(t.app.db, [
      {
        shopId,
        feature: 'fraud-protect',
        orderId,
        orderName: placed.name,
        riskLevel: 'HIGH',
        action: 'cancel',
        status: 'pending',
        params: { reason: 'FRAUD', refund: true, restock: true, notifyCustomer: false },
      },
      {
        shopId,
        feature: 'fraud-protect',
        orderId,
        orderName: placed.name,
        riskLevel: 'HIGH',
        action: 'tag',
        status: 'pending',
        params: { tag: 'gatehouse-fraud' },
      },
    ]);
    const [cancelRow] = await t.app.db
      .select()
      .from(orderActions)
      .where(and(eq(orderActions.orderId, orderId), eq(orderActions.action, 'cancel')));
    const claimed = await claimAction(t.app.db, cancelRow!.id, claimLeaseMs(t.app));
    expect(claimed?.status).toBe('sending');
    await markSent(t.app.db, claimed!.id);
    const token = t.app.tokens.accessTokenOf((await t.app.tokens.forShopId(shopId))!.shop)!;
    expect(
      await cancelOrder(t.app, { domain: owner.shop, token }, orderId, claimed!.params, 'crash'),
    ).toEqual({ kind: 'cancelled' });
    expect((await t.emulator.order(owner.shop, placed.id)).refunds).toHaveLength(1);

    // While the dead worker's claim holds, nobody else sends it.
    await processOrder(t.app, shopId, orderId);
    expect((await entriesOf(orderId)).find((e) => e.action === 'cancel')?.status).toBe('sending');

    // Its lease runs out; the platform's next webhook for the order resumes it.
    await t.app.db
      .update(orderActions)
      .set({ claimedUntil: new Date(Date.now() - 1000) })
      .where(eq(orderActions.id, cancelRow!.id));
    await t.emulator.assessOrderRisk(owner.shop, placed.id, { level: 'HIGH' });
    const entries = await settledEntries(orderId, 2);
    expect(entries.find((e) => e.action === 'cancel')).toMatchObject({
      status: 'done',
      attempts: 2,
      result: { refunded: placed.total },
    });
    expect(entries.find((e) => e.action === 'tag')?.status).toBe('done');
    const order = await t.emulator.order(owner.shop, placed.id);
    expect(order.refunds).toHaveLength(1);
    expect(order.tags).toContain('gatehouse-fraud');
  });

  it('shows a platform failure that persists, and Retry finishes the action', async () => {
    const decided = await t.emulator.placeOrder(owner.shop, {
      email: 'down2@example.com',
      lines: LINES,
      risk: { level: 'PENDING' },
    });
    expect(await createJobOutput(decided.id)).toEqual({ untouched: true, risk: 'PENDING' });
    await recordActions(t.app.db, [
      {
        shopId,
        feature: 'fraud-protect',
        orderId: String(decided.id),
        orderName: decided.name,
        riskLevel: 'HIGH',
        action: 'cancel',
        status: 'pending',
        params: { reason: 'FRAUD', refund: true, restock: true, notifyCustomer: true },
      },
    ]);
    const down = await t.emulator.addFault({
      kind: 'server-error',
      shop: owner.shop,
      endpoint: 'graphql',
    });
    await t.app.jobs.send(FRAUD_ORDER_JOB, { shopId, orderId: String(decided.id) });
    const [entry] = await settledEntries(decided.id, 1);
    expect(entry).toMatchObject({ status: 'failed', attempts: 3 });
    expect(entry?.error).toBe(
      `Shopify is having trouble right now, so we could not cancel order ${decided.name}.`,
    );
    expect((await t.emulator.order(owner.shop, decided.id)).cancelledAt).toBeNull();

    await t.emulator.removeFault(down.id);
    const retried = await t.call('retryFraudProtectAction', owner.token, { id: entry!.id });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ id: entry!.id, status: 'pending', error: null });
    const [done] = await settledEntries(decided.id, 1);
    expect(done).toMatchObject({ status: 'done', result: { refunded: decided.total } });
    expect((await t.emulator.order(owner.shop, decided.id)).refunds).toHaveLength(1);
  });

  it('logs an order it could not check while the platform was down, and Retry checks it', async () => {
    // Every read of the order fails, through all the job's attempts: nothing was decided yet.
    const down = await failOrderReads(t, owner.shop, 'GatehouseOrder');
    const placed = await t.emulator.placeOrder(owner.shop, {
      email: 'unchecked@example.com',
      lines: LINES,
      risk: { level: 'HIGH' },
    });
    // Both of its webhooks' jobs give up; the entry has the name orders/create gave.
    await jobOutputs(placed.id, 'orders/create');
    await jobOutputs(placed.id, 'orders/risk_assessment_changed');
    const [entry] = await settledEntries(placed.id, 1);
    expect(entry).toMatchObject({
      feature: 'fraud-protect',
      action: 'check',
      status: 'failed',
      orderName: placed.name,
      orderUrl: `${t.emulatorUrl}/shops/${owner.shop}/admin/orders/${placed.id}`,
      error: uncheckedOrderError(placed.name),
    });
    expect((await t.emulator.order(owner.shop, placed.id)).cancelledAt).toBeNull();

    // While the platform is still down, Retry fails again, with the reason.
    const early = await t.call('retryFraudProtectAction', owner.token, { id: entry!.id });
    expect(early.json()).toMatchObject({ id: entry!.id, status: 'pending', error: null });
    await expect
      .poll(async () => (await entriesOf(placed.id))[0]?.status, { timeout: 20_000 })
      .toBe('failed');
    expect((await entriesOf(placed.id))[0]?.error).toBe(entry!.error);

    await t.emulator.removeFault(down.id);
    const retried = await t.call('retryFraudProtectAction', owner.token, { id: entry!.id });
    expect(retried.statusCode).toBe(200);
    const entries = await settledEntries(placed.id, 3);
    expect(entries.find((e) => e.action === 'check')).toMatchObject({
      status: 'done',
      error: null,
      result: { note: 'what was done is listed in this log.' },
    });
    expect(entries.find((e) => e.action === 'cancel')).toMatchObject({
      status: 'done',
      result: { refunded: placed.total },
    });
    const order = await t.emulator.order(owner.shop, placed.id);
    expect(order.cancelledAt).not.toBeNull();
    expect(order.refunds).toHaveLength(1);
  }, 60_000);

  it('gives up at once on an order the platform refuses to show, says why, and Retry checks it', async () => {
    const placed = await t.emulator.placeOrder(owner.shop, {
      email: 'refused@example.com',
      lines: LINES,
      risk: { level: 'LOW' },
    });
    expect(await createJobOutput(placed.id)).toEqual({ untouched: true, risk: 'LOW' });
    await jobOutputs(placed.id, 'orders/risk_assessment_changed');
    const granted = (await t.emulator.shop(owner.shop)).installation!.scopes;
    // The store takes back Gatehouse's access to orders; the order's webhook comes again.
    await t.emulator.setScopes(
      owner.shop,
      granted.filter((s) => s !== 'read_orders' && s !== 'write_orders'),
    );
    const body = JSON.stringify({ id: placed.id, name: placed.name });
    expect((await deliverWebhook(t, 'orders/create', owner.shop, { body })).statusCode).toBe(200);
    // A refusal is not retried: the platform would answer it the same way.
    const outputs = await jobOutputs(placed.id, 'orders/create', 2);
    const [entry] = await settledEntries(placed.id, 1);
    expect(entry).toMatchObject({ action: 'check', status: 'failed', orderName: placed.name });
    expect(entry?.error).toMatch(/^Shopify refused: .*read_orders/);
    expect(outputs).toContainEqual({ failed: entry!.error });

    await t.emulator.setScopes(owner.shop, granted);
    const retried = await t.call('retryFraudProtectAction', owner.token, { id: entry!.id });
    expect(retried.statusCode).toBe(200);
    await expect
      .poll(async () => (await entriesOf(placed.id))[0]?.status, { timeout: 20_000 })
      .toBe('done');
    expect((await entriesOf(placed.id))[0]?.result).toEqual({
      note: 'nothing to do for this order.',
    });
  }, 60_000);

  it('gives the customer’s log entries to a data request, and deletes them on a redact', async () => {
    const placed = await t.emulator.placeOrder(owner.shop, {
      email: 'erase-me@example.com',
      lines: LINES,
      risk: { level: 'HIGH' },
    });
    await settledEntries(placed.id, 2);
    const [requestId] = (
      await t.emulator.requestCustomerData(owner.shop, { email: 'erase-me@example.com' })
    ).webhookIds;
    const request = await settled(t, requestId ?? '');
    const exportId = (request.outcome as { dataRequestId: string }).dataRequestId;
    const opened = await t.support('GET', `/api/support/data-requests/${exportId}`);
    expect(opened.json().data.orderActions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ orderName: placed.name, action: 'cancel', status: 'done' }),
      ]),
    );

    const [redactId] = (
      await t.emulator.redactCustomer(owner.shop, { email: 'erase-me@example.com' })
    ).webhookIds;
    expect((await settled(t, redactId ?? '')).outcome).toMatchObject({ orderActionsDeleted: 2 });
    expect(await entriesOf(placed.id)).toEqual([]);
  });
});

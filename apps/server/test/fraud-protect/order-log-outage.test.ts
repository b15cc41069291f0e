// The order log while the platform fails, through the real webhook endpoint and job against
// the emulator: a risky order shows from the first failed attempt as being checked, with what
// the attempt met, the next attempt's number and time; Retry brings that attempt forward, and
// once the platform answers the order is cancelled and refunded once, however often Retry is
// pressed. A cancel the platform refuses for good offers no Retry. The log is one line per
// order: its total counts orders, and an order's entries come together.
import { type OrderLogPage, type OrderActionEntry } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fraudProtectShop } from '../helpers/fraud-protect-shop.js';
import { failOrderReads } from '../helpers/order-faults.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const LINES = [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }];

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  // Nine attempts a minute or more apart: the retries never come by themselves in this test.
  t = await createTestApp({
    WEBHOOK_RETRY_LIMIT: '8',
    WEBHOOK_RETRY_DELAY_SECONDS: '60',
    PLATFORM_MAX_ATTEMPTS: '1',
    JOB_POLL_INTERVAL_SECONDS: '0.5',
  });
  ({ owner } = await fraudProtectShop(t, 'order-log-outage'));
});
afterAll(async () => {
  await t?.close();
});

async function logPage(): Promise<OrderLogPage> {
  const res = await t.call('getFraudProtectLog', owner.token, { page: '1' });
  expect(res.statusCode).toBe(200);
  return res.json<OrderLogPage>();
}

const entriesOf = async (orderId: number) =>
  (await logPage()).entries.filter((e) => e.orderId === String(orderId));

/** Waits for the order's entries to match `ready`; answers them. */
async function waitFor(
  orderId: number,
  ready: (entries: OrderActionEntry[]) => boolean,
): Promise<OrderActionEntry[]> {
  await expect.poll(async () => ready(await entriesOf(orderId)), { timeout: 20_000 }).toBe(true);
  return entriesOf(orderId);
}

/** The order's one entry waits for a next attempt not yet due, under the order's name. */
const waitingUnder = (entries: OrderActionEntry[], name: string) =>
  entries.length === 1 && entries[0]?.orderName === name && entries[0].nextAttempt?.at != null;

describe('an order during an outage', () => {
  it('is logged from the first failed attempt, Retry tries at once, and it is cancelled once', async () => {
    const down = await failOrderReads(t, owner.shop, 'GatehouseOrder');
    const placed = await t.emulator.placeOrder(owner.shop, {
      email: 'outage@example.com',
      lines: LINES,
      risk: { level: 'HIGH' },
    });
    // Both of the order's webhooks queue a job; the entry shows once either attempt failed,
    // under the name orders/create gave.
    const [first] = await waitFor(placed.id, (e) => waitingUnder(e, placed.name));
    expect(first).toMatchObject({
      action: 'check',
      status: 'pending',
      orderName: placed.name,
      permanent: false,
      error: `Shopify is having trouble right now, so we could not check order ${placed.name}.`,
      nextAttempt: { attempt: 2, of: 9 },
    });
    const due = new Date(first!.nextAttempt!.at!).getTime();
    expect(due).toBeGreaterThan(Date.now() + 30_000);

    // Retry now: attempt 2 runs at once (the platform still fails), and attempt 3 is next.
    const early = await t.call('retryFraudProtectAction', owner.token, { id: first!.id });
    expect(early.statusCode).toBe(200);
    const [again] = await waitFor(placed.id, (e) => e[0]?.nextAttempt?.attempt === 3);
    expect(again).toMatchObject({ id: first!.id, status: 'pending', action: 'check' });

    // The platform answers again; Retry pressed twice and the order's webhook once more.
    await t.emulator.removeFault(down.id);
    const retries = await Promise.all([
      t.call('retryFraudProtectAction', owner.token, { id: first!.id }),
      t.call('retryFraudProtectAction', owner.token, { id: first!.id }),
    ]);
    for (const res of retries) expect([200, 409]).toContain(res.statusCode);
    const settled = await waitFor(
      placed.id,
      (e) => e.length === 3 && e.every((x) => x.status === 'done'),
    );
    expect(settled.map((e) => e.action)).toEqual(['check', 'cancel', 'tag']);
    expect(settled.find((e) => e.action === 'cancel')).toMatchObject({
      result: { refunded: placed.total },
      nextAttempt: null,
    });
    const order = await t.emulator.order(owner.shop, placed.id);
    expect(order.cancelledAt).not.toBeNull();
    expect(order.refunds).toHaveLength(1);
  }, 60_000);
});

describe('a cancel while Shopify fails', () => {
  it('waits, saying Gatehouse retries by itself and when, with nothing to try by hand', async () => {
    const down = await t.emulator.addFault({
      kind: 'server-error',
      shop: owner.shop,
      endpoint: 'graphql',
      operation: 'GatehouseOrderCancel',
    });
    const placed = await t.emulator.placeOrder(owner.shop, {
      email: 'cancel-outage@example.com',
      lines: LINES,
      risk: { level: 'HIGH' },
    });
    const entries = await waitFor(placed.id, (e) =>
      e.some((x) => x.action === 'cancel' && x.nextAttempt?.at != null),
    );
    expect(entries.find((e) => e.action === 'cancel')).toMatchObject({
      status: 'pending',
      permanent: false,
      error: `Shopify had trouble when we tried to cancel order ${placed.name}, so it may or may not have been cancelled. Gatehouse reads the order before any new attempt, so it is never cancelled twice.`,
      nextAttempt: { attempt: 2, of: 9 },
    });
    expect(entries.map((e) => e.error ?? '').join(' ')).not.toMatch(/try again/i);
    await t.emulator.removeFault(down.id);
    const cancel = entries.find((e) => e.action === 'cancel')!;
    expect(
      (await t.call('retryFraudProtectAction', owner.token, { id: cancel.id })).statusCode,
    ).toBe(200);
    await waitFor(placed.id, (e) => e.every((x) => x.status === 'done'));
    expect((await t.emulator.order(owner.shop, placed.id)).refunds).toHaveLength(1);
  }, 30_000);
});

describe('a cancel Shopify refuses for good', () => {
  it('fails without Retry, says why, and the tag is still added', async () => {
    // The order is fulfilled while Gatehouse cannot read it; Retry then decides to cancel it.
    const down = await failOrderReads(t, owner.shop, 'GatehouseOrder');
    const placed = await t.emulator.placeOrder(owner.shop, {
      email: 'fulfilled@example.com',
      lines: LINES,
      risk: { level: 'HIGH' },
    });
    const [check] = await waitFor(placed.id, (e) => waitingUnder(e, placed.name));
    await t.emulator.fulfillOrder(owner.shop, placed.id);
    await t.emulator.removeFault(down.id);
    expect(
      (await t.call('retryFraudProtectAction', owner.token, { id: check!.id })).statusCode,
    ).toBe(200);
    const entries = (
      await waitFor(
        placed.id,
        (e) => e.length === 3 && e.every((x) => !['pending', 'sending'].includes(x.status)),
      )
    ).filter((e) => e.action !== 'check');
    const [cancel, tag] = entries;
    expect(cancel).toMatchObject({
      action: 'cancel',
      status: 'failed',
      permanent: true,
      error: 'Shopify refused: Cannot cancel an order with fulfilled items',
    });
    expect(tag).toMatchObject({ action: 'tag', status: 'done', permanent: false });

    const retry = await t.call('retryFraudProtectAction', owner.token, { id: cancel!.id });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({
      Message:
        'Shopify refused this for good, so trying again would fail the same way. Make the change on the order in Shopify instead.',
    });
    expect((await entriesOf(placed.id))[1]).toMatchObject({ status: 'failed', attempts: 1 });
  }, 30_000);
});

describe('the log', () => {
  it('counts orders, not actions, and keeps an order’s entries together', async () => {
    const page = await logPage();
    const orders = page.entries.map((e) => e.orderId);
    const distinct = [...new Set(orders)];
    expect(page.total).toBe(distinct.length);
    expect(page.total).toBe(3);
    expect(page.entries.length).toBe(8);
    // Each order's entries are side by side: the sequence changes order once per order.
    const runs = orders.filter((id, i) => i === 0 || orders[i - 1] !== id);
    expect(runs).toEqual(distinct);
  });
});

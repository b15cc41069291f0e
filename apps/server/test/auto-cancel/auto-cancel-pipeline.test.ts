// Auto-cancel filters end to end against the platform emulator over HTTP: the emulator's
// orders/create webhook reaches the real endpoint, the job reads the order through Admin
// GraphQL, runs the shop's filters and acts through the shared exactly-once runner. An order
// matching "billing ≠ shipping AND total > 500" is cancelled, tagged and logged with its
// filter; one that does not match is left alone; a monitor-mode filter only logs, and does not
// keep Fraud Protect from cancelling; with Fraud
// Protect acting on the same order the order is cancelled (and refunded) once; the dry run
// lists the orders of the last 30 days a draft would catch, and why; a filter that blocks the
// buyer adds the order's IP to the IP Blocker and its email to the Customer Block Lists once
// (a repeat run adds nothing, an email already listed is done, one the lists cannot take fails
// with their words), and the checkout then stops that buyer.
import {
  customerBlockMessages,
  DEFAULT_FRAUD_PROTECT,
  NEW_AUTO_CANCEL_FILTER,
  type AutoCancelDryRun,
  type AutoCancelFilter,
  type AutoCancelFilterInput,
  type AutoCancelLogEntry,
  type AutoCancelLogPage,
  type CustomerBlockListsView,
  type DashboardData,
  type FilterMatchInput,
  type IpListPage,
} from '@gatehouse/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops, webhookEvents } from '../../src/core/db/schema.js';
import { AUTO_CANCEL_ORDER_JOB } from '../../src/features/auto-cancel/auto-cancel-job.js';
import { processFilterOrder } from '../../src/features/auto-cancel/process-order.js';
import { FRAUD_ORDER_JOB } from '../../src/features/fraud-protect/fraud-protect-job.js';
import { finishedDryRun, HOME, premiumShop, saveFilterAs } from '../helpers/auto-cancel.js';
import { failOrderReads, uncheckedOrderError } from '../helpers/order-faults.js';
import { checkoutAs } from '../helpers/storefront-checkout.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { QUICK_RETRIES } from '../helpers/webhooks.js';

const TENTS = [{ sku: 'RIDGELINE-2-TENT-SAGE', quantity: 2 }];
const STOVE = [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }];
const AWAY = {
  firstName: 'Ann',
  lastName: 'Lee',
  address1: '9 Rue de Rivoli',
  city: 'Paris',
  country: 'France',
  countryCode: 'FR',
  zip: '75001',
};

const BIG_AWAY: FilterMatchInput = {
  any: false,
  groups: [
    {
      any: false,
      conditions: [
        { field: 'billingDiffersFromShipping', operator: 'is', value: true },
        { field: 'total', operator: 'greaterThan', value: 500 },
      ],
    },
  ],
};

let t: TestApp;
let owner: SignedIn;
/** Orders this file placed, to know how many a dry run must read. */
let placedOrders = 0;

/** Places an order on the emulator (its orders/create webhook follows). */
function place(order: Parameters<TestApp['emulator']['placeOrder']>[1]) {
  placedOrders++;
  return t.emulator.placeOrder(owner.shop, order);
}

beforeAll(async () => {
  t = await createTestApp(QUICK_RETRIES);
  owner = await premiumShop(t, 'acf-pipeline');
});
afterAll(async () => {
  await t?.close();
});

const saveFilter = (filter: Partial<AutoCancelFilterInput>) => saveFilterAs(t, owner, filter);

/** The order's entries in the shared log, every page read. */
async function entriesOf(orderId: number | string): Promise<AutoCancelLogEntry[]> {
  const all: AutoCancelLogEntry[] = [];
  for (let page = 1; ; page++) {
    const res = await t.call('getAutoCancelLog', owner.token, { page: String(page) });
    expect(res.statusCode).toBe(200);
    const read = res.json<AutoCancelLogPage>();
    all.push(...read.entries);
    if (page * read.pageSize >= read.total) break;
  }
  return all.filter((e) => e.orderId === String(orderId));
}

/** Waits until every order job the order's orders/create delivery queued has finished. */
async function orderJobsDone(orderId: number) {
  await expect
    .poll(
      async () => {
        const rows = await t.app.db
          .select()
          .from(webhookEvents)
          .where(
            and(eq(webhookEvents.topic, 'orders/create'), eq(webhookEvents.shopDomain, owner.shop)),
          );
        type Queued = { queued?: string; orderId?: string };
        const outcome = rows
          .map((r) => r.outcome as (Queued & { autoCancel?: Queued }) | null)
          .find((o) => o?.orderId === String(orderId));
        if (!outcome?.queued || !outcome.autoCancel?.queued) return false;
        const jobs = await Promise.all([
          t.app.jobs.find(FRAUD_ORDER_JOB, outcome.queued),
          t.app.jobs.find(AUTO_CANCEL_ORDER_JOB, outcome.autoCancel.queued),
        ]);
        return jobs.every((job) => job?.state === 'completed');
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
}

/** The dashboard's count of cancelled orders today. */
async function cancelledCount() {
  const res = await t.call('getDashboardData', owner.token, { days: '1' });
  expect(res.statusCode).toBe(200);
  return res.json<DashboardData>().fraudProtect;
}

/** Waits until the order has `count` entries and none is still open; answers them. */
async function settledEntries(orderId: number | string, count: number) {
  await expect
    .poll(
      async () => {
        const entries = await entriesOf(orderId);
        return (
          entries.length === count &&
          entries.every((e) => !['pending', 'sending'].includes(e.status))
        );
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return entriesOf(orderId);
}

describe('auto-cancel filters on the order pipeline', () => {
  let filter: AutoCancelFilter;

  it('cancels and tags an order with billing ≠ shipping and a total over 500, and logs it', async () => {
    filter = await saveFilter({
      name: 'Big orders shipped elsewhere',
      mode: 'on',
      match: BIG_AWAY,
      actions: {
        ...NEW_AUTO_CANCEL_FILTER.actions,
        reason: 'FRAUD',
        tags: ['gh-filter', 'review'],
      },
    });
    const before = await cancelledCount();
    const placed = await place({
      email: 'far@example.com',
      lines: TENTS,
      billingAddress: HOME,
      shippingAddress: AWAY,
    });
    expect(Number(placed.total)).toBeGreaterThan(500);
    const entries = await settledEntries(placed.id, 2);
    const cancel = entries.find((e) => e.action === 'cancel');
    expect(cancel).toMatchObject({
      status: 'done',
      filterId: filter.id,
      filterName: 'Big orders shipped elsewhere',
      orderName: placed.name,
      params: { reason: 'FRAUD', refund: true, restock: true, notifyCustomer: true },
      result: { refunded: placed.total, restocked: true },
    });
    expect(entries.find((e) => e.action === 'tag')).toMatchObject({ status: 'done' });
    const order = await t.emulator.order(owner.shop, placed.id);
    expect(order.cancelledAt).not.toBeNull();
    expect(order.cancelReason).toBe('FRAUD');
    expect(order.refunds).toHaveLength(1);
    expect(order.tags).toEqual(expect.arrayContaining(['gh-filter', 'review']));
    // The dashboard's "Orders cancelled" counts the filter's cancel.
    expect(await cancelledCount()).toBe(before + 1);
  });

  it('leaves alone an order that does not match', async () => {
    const same = await place({
      email: 'home@example.com',
      lines: TENTS,
      billingAddress: HOME,
      shippingAddress: HOME,
    });
    const small = await place({
      email: 'small@example.com',
      lines: STOVE,
      billingAddress: HOME,
      shippingAddress: AWAY,
    });
    // A later order that does match is processed after them: once it is logged, the two
    // earlier ones have had their turn.
    const marker = await place({
      email: 'marker@example.com',
      lines: TENTS,
      billingAddress: HOME,
      shippingAddress: AWAY,
    });
    await settledEntries(marker.id, 2);
    expect(await entriesOf(same.id)).toEqual([]);
    expect(await entriesOf(small.id)).toEqual([]);
    expect((await t.emulator.order(owner.shop, same.id)).cancelledAt).toBeNull();
    expect((await t.emulator.order(owner.shop, small.id)).cancelledAt).toBeNull();
  });

  it('logs an order it could not check while the platform was down, and Retry checks it', async () => {
    const down = await failOrderReads(t, owner.shop, 'GatehouseFilterOrder');
    const placed = await place({
      email: 'unchecked@example.com',
      lines: TENTS,
      billingAddress: HOME,
      shippingAddress: AWAY,
    });
    const [entry] = await settledEntries(placed.id, 1);
    expect(entry).toMatchObject({
      feature: 'auto-cancel',
      action: 'check',
      status: 'failed',
      orderName: placed.name,
      error: uncheckedOrderError(placed.name),
    });
    // The one log: Fraud Protect's page shows it too, and its Retry takes it.
    const fraudPage = (await t.call('getFraudProtectLog', owner.token)).json<AutoCancelLogPage>();
    expect(fraudPage.entries.map((e) => e.id)).toContain(entry!.id);
    await t.emulator.removeFault(down.id);
    const retried = await t.call('retryFraudProtectAction', owner.token, { id: entry!.id });
    expect(retried.statusCode, retried.body).toBe(200);
    const entries = await settledEntries(placed.id, 3);
    expect(entries.find((e) => e.action === 'check')).toMatchObject({
      status: 'done',
      result: { note: 'what was done is listed in this log.' },
    });
    expect(entries.find((e) => e.action === 'cancel')).toMatchObject({
      status: 'done',
      filterId: filter.id,
      filterName: filter.name,
    });
    expect((await t.emulator.order(owner.shop, placed.id)).refunds).toHaveLength(1);
  }, 60_000);

  it('in monitor mode only logs what it would do', async () => {
    await saveFilter({ ...filter, mode: 'monitor' });
    const placed = await place({
      email: 'watch@example.com',
      lines: TENTS,
      billingAddress: HOME,
      shippingAddress: AWAY,
    });
    const entries = await settledEntries(placed.id, 2);
    expect(entries.map((e) => e.status)).toEqual(['monitored', 'monitored']);
    expect((await t.emulator.order(owner.shop, placed.id)).cancelledAt).toBeNull();
  });

  it('in monitor mode does not keep Fraud Protect from cancelling the order', async () => {
    const fp = await t.call('saveFraudProtect', owner.token, {
      ...DEFAULT_FRAUD_PROTECT,
      enabled: true,
    });
    expect(fp.statusCode).toBe(200);
    // Fraud Protect's cancel is answered a little late, so that the filter's job reads the
    // order before it is cancelled (else it finds the order cancelled and has nothing to watch).
    await t.emulator.addFault({
      kind: 'slow',
      delayMs: 1500,
      shop: owner.shop,
      operation: 'GatehouseOrderCancel',
      times: 1,
    });
    const placed = await place({
      email: 'watched-risky@example.com',
      lines: TENTS,
      billingAddress: HOME,
      shippingAddress: AWAY,
      risk: { level: 'HIGH' },
    });
    // The one log holds both: the filter's "would" entries and Fraud Protect's cancel and tag.
    const entries = await settledEntries(placed.id, 4);
    const byFeature = (feature: string) =>
      entries
        .filter((e) => e.feature === feature)
        .map((e) => `${e.action} ${e.status}`)
        .sort();
    expect(byFeature('auto-cancel')).toEqual(['cancel monitored', 'tag monitored']);
    expect(byFeature('fraud-protect')).toEqual(['cancel done', 'tag done']);
    await expect
      .poll(async () => (await t.emulator.order(owner.shop, placed.id)).refunds.length, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe(1);
    expect((await t.emulator.order(owner.shop, placed.id)).cancelledAt).not.toBeNull();
  });

  it('with Fraud Protect acting on the same order, cancels and refunds it once', async () => {
    await saveFilter({ ...filter, mode: 'on' });
    const fp = await t.call('saveFraudProtect', owner.token, {
      ...DEFAULT_FRAUD_PROTECT,
      enabled: true,
    });
    expect(fp.statusCode).toBe(200);
    const before = await cancelledCount();
    const placed = await place({
      email: 'both@example.com',
      lines: TENTS,
      billingAddress: HOME,
      shippingAddress: AWAY,
      risk: { level: 'HIGH' },
    });
    await expect
      .poll(
        async () => {
          const order = await t.emulator.order(owner.shop, placed.id);
          return order.cancelledAt !== null && (await entriesOf(placed.id)).length >= 1;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    // Both features' jobs for the order's orders/create have run (whichever came second found
    // the order cancelled, or its cancel already taken, and did not cancel again).
    await orderJobsDone(placed.id);
    const order = await t.emulator.order(owner.shop, placed.id);
    expect(order.refunds).toHaveLength(1);
    expect(order.notifications.filter((n) => n.kind === 'order_cancelled')).toHaveLength(1);
    const cancels = (await entriesOf(placed.id)).filter((e) => e.action === 'cancel');
    expect(cancels.length).toBeLessThanOrEqual(1);
    // Cancelled once, counted once, whichever feature cancelled it.
    expect(await cancelledCount()).toBe(before + 1);
    await t.call('saveFraudProtect', owner.token, DEFAULT_FRAUD_PROTECT);
  });

  it('dry run lists the orders of the last 30 days the draft would catch, and why', async () => {
    const day = 24 * 60 * 60 * 1000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();
    const caught = await place({
      email: 'x@dryrun.example',
      lines: TENTS,
      createdAt: at(10),
    });
    const old = await place({
      email: 'y@dryrun.example',
      lines: TENTS,
      createdAt: at(40),
    });
    const cheap = await place({
      email: 'z@dryrun.example',
      lines: STOVE,
      createdAt: at(5),
    });
    const match: FilterMatchInput = {
      any: false,
      groups: [
        {
          any: false,
          conditions: [
            { field: 'emailDomain', operator: 'equals', value: 'DryRun.example' },
            { field: 'total', operator: 'greaterThan', value: 500 },
          ],
        },
      ],
    };
    // The first page is slow to come: meanwhile the run knows how many orders it will read.
    await t.emulator.addFault({
      kind: 'slow',
      delayMs: 3000,
      shop: owner.shop,
      endpoint: 'graphql',
      operation: 'GatehouseFilterOrders',
      times: 1,
    });
    const started = await t.call('startAutoCancelDryRun', owner.token, { match });
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json<{ id: string }>();
    let run: AutoCancelDryRun | undefined;
    await expect
      .poll(
        async () => {
          run = (await t.call('getAutoCancelDryRun', owner.token, { id })).json<AutoCancelDryRun>();
          return run.total;
        },
        { timeout: 30_000, interval: 100 },
      )
      .not.toBeNull();
    // Every order this file placed but the one of 40 days ago.
    expect(run).toMatchObject({ state: 'running', read: 0, total: placedOrders - 1, done: false });
    run = await finishedDryRun(t, owner, id);
    expect(run).toMatchObject({ state: 'done', error: null, truncated: false });
    expect(run!.read).toBe(placedOrders - 1);
    expect(run!.total).toBe(placedOrders - 1);
    expect(run!.results.map((r) => r.orderName)).toEqual([caught.name]);
    expect(run!.results[0]).toMatchObject({
      orderId: String(caught.id),
      total: Number(caught.total),
      verdict: 'would-act',
      decidedBy: { group: 0, condition: 1, text: 'Order total is greater than 500' },
    });
    expect([old.name, cheap.name]).not.toContain(run!.results[0]!.orderName);
  });

  it('blocks the buyer: the IP in the IP Blocker, the email in the Customer Block Lists, once', async () => {
    const customerLists = async () => {
      const res = await t.call('getCustomerBlockLists', owner.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<CustomerBlockListsView>();
    };
    const emails = async () =>
      (await customerLists()).entries.map((e) => `${e.kind}:${e.value}:${e.note}`);
    // An action set without any action, or a block that is not yes or no, is refused, and
    // nothing is saved.
    const filterIds = async () =>
      (await t.call('getAutoCancelFilters', owner.token))
        .json<{ filters: AutoCancelFilter[] }>()
        .filters.map((f) => `${f.id}:${f.updatedAt}`);
    const before = await filterIds();
    const noAction = { ...NEW_AUTO_CANCEL_FILTER.actions, cancel: false, blockEmail: false };
    for (const actions of [noAction, { ...noAction, blockEmail: 'yes' }]) {
      const res = await t.call('saveAutoCancelFilter', owner.token, {
        ...NEW_AUTO_CANCEL_FILTER,
        actions,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ Message: string }>().Message).toMatch(/at least one action|"blockEmail"/);
    }
    expect(await filterIds()).toEqual(before);
    const blocker = await saveFilter({
      name: 'Known fraudster',
      mode: 'on',
      match: {
        any: false,
        groups: [
          { any: false, conditions: [{ field: 'email', operator: 'contains', value: 'blockme' }] },
        ],
      },
      actions: { ...noAction, blockIp: true, blockEmail: true },
    });
    expect(blocker.actions).toMatchObject({ cancel: false, blockIp: true, blockEmail: true });
    expect(await emails()).toEqual([]);

    const placed = await place({
      email: 'Fraud.BlockMe@Example.com',
      lines: STOVE,
      billingAddress: HOME,
      shippingAddress: HOME,
      browserIp: '198.51.100.44',
    });
    const entries = await settledEntries(placed.id, 2);
    expect(entries.find((e) => e.action === 'block-email')).toMatchObject({
      status: 'done',
      filterName: 'Known fraudster',
      params: { email: 'Fraud.BlockMe@Example.com' },
      result: { note: 'Added to Customer Block Lists (emails)' },
      error: null,
    });
    expect(entries.find((e) => e.action === 'block-ip')).toMatchObject({ status: 'done' });
    expect(await emails()).toEqual([`email:fraud.blockme@example.com:Order ${placed.name}`]);
    const ipList = (await t.call('listIpBlocker', owner.token, { limit: 200 })).json<IpListPage>();
    // The IP's entry says which order it came from, as the email's does.
    expect(ipList.entries.find((e) => e.ip === '198.51.100.44')?.note).toBe(`Order ${placed.name}`);
    expect((await t.emulator.order(owner.shop, placed.id)).cancelledAt).toBeNull();

    // The list reached the checkout, which now stops that buyer.
    await expect
      .poll(async () => (await customerLists()).sync.state, { timeout: 30_000, interval: 100 })
      .toBe('synced');
    const stopped = await checkoutAs(t.emulatorUrl, owner.shop, 'fraud.blockme@example.com');
    expect(stopped.status).toBe(400);
    expect((await checkoutAs(t.emulatorUrl, owner.shop, 'fine@example.com')).status).toBe(303);

    // A repeat run of the order finds every action finished and adds nothing.
    const [shop] = await t.app.db.select().from(shops).where(eq(shops.domain, owner.shop));
    expect(await processFilterOrder(t.app, shop!.id, String(placed.id))).toEqual({ actions: [] });
    expect(await emails()).toHaveLength(1);

    // The same buyer again: the email is already listed, which counts as done.
    const again = await place({
      email: 'fraud.blockme@example.com',
      lines: STOVE,
      billingAddress: HOME,
      shippingAddress: HOME,
    });
    expect(await settledEntries(again.id, 1)).toEqual([
      expect.objectContaining({
        action: 'block-email',
        status: 'done',
        result: { note: 'Already in Customer Block Lists (emails)' },
      }),
    ]);
    expect(await emails()).toHaveLength(1);

    // An email longer than the lists take: the entry fails with their words, nothing is added.
    const long = await place({
      email: `buyer@${'a'.repeat(190)}.blockme.example`,
      lines: STOVE,
      billingAddress: HOME,
      shippingAddress: HOME,
    });
    expect(await settledEntries(long.id, 1)).toEqual([
      expect.objectContaining({
        action: 'block-email',
        status: 'failed',
        error: customerBlockMessages.valueTooLong,
      }),
    ]);
    expect(await emails()).toHaveLength(1);
    await t.call('deleteAutoCancelFilter', owner.token, { id: blocker.id });
    // Three orders through the webhook, the job and the platform, and a checkout sync.
  }, 90_000);
});

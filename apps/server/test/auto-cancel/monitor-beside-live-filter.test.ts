// A filter in monitor mode above one that is on never switches it off: the order goes through
// the real webhook and job against the platform emulator; the first filter that is on and
// catches the order cancels it, once, and the monitor filter that caught it first is logged
// beside it as "would cancel", changing nothing; the dry run of each says the same. Runs on
// PGlite, and on PostgreSQL when TEST_DATABASE_URL is given.
import {
  describeOrderAction,
  NEW_AUTO_CANCEL_FILTER,
  type AutoCancelFilter,
  type AutoCancelFilterInput,
  type AutoCancelLogEntry,
  type AutoCancelLogPage,
  type FilterMatchInput,
} from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedDryRun, HOME, premiumShop, saveFilterAs } from '../helpers/auto-cancel.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { QUICK_RETRIES } from '../helpers/webhooks.js';

const emailContains = (value: string): FilterMatchInput => ({
  any: false,
  groups: [{ any: false, conditions: [{ field: 'email', operator: 'contains', value }] }],
});

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp(QUICK_RETRIES);
  owner = await premiumShop(t, 'acf-monitor-above');
});
afterAll(async () => {
  await t?.close();
});

const saveFilter = (filter: Partial<AutoCancelFilterInput>) => saveFilterAs(t, owner, filter);

/** A buyer with this email orders one camp stove. */
const placeAs = (email: string) =>
  t.emulator.placeOrder(owner.shop, {
    email,
    lines: [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }],
    billingAddress: HOME,
    shippingAddress: HOME,
  });

async function entriesOf(orderId: number): Promise<AutoCancelLogEntry[]> {
  const res = await t.call('getAutoCancelLog', owner.token, { page: '1' });
  expect(res.statusCode).toBe(200);
  return res.json<AutoCancelLogPage>().entries.filter((e) => e.orderId === String(orderId));
}

describe('a monitor-mode filter above one that is on', () => {
  let watch: AutoCancelFilter;

  it('leaves the order to the filter that is on, which cancels it once, and logs its own match', async () => {
    const risky = await saveFilter({
      name: 'Risky',
      mode: 'on',
      match: emailContains('mailinator'),
      actions: { ...NEW_AUTO_CANCEL_FILTER.actions, reason: 'FRAUD' },
    });
    watch = await saveFilter({
      name: 'Watch list',
      mode: 'monitor',
      match: emailContains('watch'),
      actions: { ...NEW_AUTO_CANCEL_FILTER.actions, reason: 'OTHER' },
    });
    // Watch list dragged to the top.
    const moved = await t.call('reorderAutoCancelFilters', owner.token, {
      ids: [watch.id, risky.id],
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const placed = await placeAs('watch@mailinator.com');
    await expect
      .poll(
        async () => {
          const entries = await entriesOf(placed.id);
          return entries.length === 2 && entries.every((e) => e.status !== 'pending');
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    await expect
      .poll(async () => (await entriesOf(placed.id)).find((e) => e.filterId === risky.id)?.status, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe('done');

    const entries = await entriesOf(placed.id);
    expect(entries.map((e) => `${e.filterName}: ${describeOrderAction(e)}`).sort()).toEqual([
      `Risky: Cancelled (fraud; refunded ${placed.total} USD, restocked, customer emailed)`,
      'Watch list: Would cancel (other; refund, restock, email the customer) — monitor mode',
    ]);
    const order = await t.emulator.order(owner.shop, placed.id);
    expect(order.cancelledAt).not.toBeNull();
    expect(order.cancelReason).toBe('FRAUD');
    expect(order.refunds).toHaveLength(1);
    expect(order.notifications.filter((n) => n.kind === 'order_cancelled')).toHaveLength(1);
  }, 60_000);

  it('dry run shows the same: the monitor filter logs only, the one that is on acts', async () => {
    const watched = await placeAs('watch@example.com');
    await expect
      .poll(async () => (await entriesOf(watched.id)).map((e) => e.status), {
        timeout: 20_000,
        interval: 100,
      })
      .toEqual(['monitored']);
    const dryRun = async (filter: AutoCancelFilter) => {
      const started = await t.call('startAutoCancelDryRun', owner.token, {
        match: filter.match,
        filterId: filter.id,
        mode: filter.mode,
      });
      expect(started.statusCode, started.body).toBe(200);
      const { id } = started.json<{ id: string }>();
      const run = await finishedDryRun(t, owner, id);
      return run.results.map((r) => `${r.orderName} ${r.verdict} ${r.caughtFirstBy ?? ''}`.trim());
    };
    expect(await dryRun(watch)).toContain(`${watched.name} would-log`);
    // Turned on where it stands, above Risky, it would act itself.
    expect(await dryRun({ ...watch, mode: 'on' })).toContain(`${watched.name} would-act`);
    // A filter id that is not one is refused with what to send.
    const fresh = await t.call('startAutoCancelDryRun', owner.token, {
      match: emailContains('example'),
      filterId: 'not-an-id',
      mode: 'on',
    });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json<{ Message: string }>().Message).toContain('id of the filter being edited');
  }, 60_000);
});

// An order whose cancel another attempt holds (its worker died mid-call) is not left waiting
// for a webhook that may never come: the run that finds the claim held queues the order again
// for just after the claim's lease, once however many runs find it, and that run cancels the
// order once. Meanwhile the order log says the attempt was interrupted and when Gatehouse
// retries. The claim is moved back here so the test need not wait out a lease; the real lease,
// with a killed process and the takeover queued with the claim, is in killed-worker.test.ts.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderActions } from '../../src/orders/order-actions-schema.js';
import { FRAUD_ORDER_JOB } from '../../src/features/fraud-protect/fraud-protect-job.js';
import { JOB_SCHEMA } from '../../src/core/jobs/job-schema.js';
import { claimLeaseMs } from '../../src/orders/held-claim.js';
import { claimAction, markSent, recordActions } from '../../src/orders/order-actions.js';
import {
  cancelEntry,
  expectCancelledOnSecondAttempt,
  fraudProtectShop,
} from '../helpers/fraud-protect-shop.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { deliverWebhook, QUICK_RETRIES, settled } from '../helpers/webhooks.js';

const LINES = [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 2 }];
/** How long the dead worker's claim still holds when the test starts sending webhooks. */
const LEASE_LEFT_MS = 10_000;

let t: TestApp;
let owner: SignedIn;
let shopId: string;

beforeAll(async () => {
  t = await createTestApp(QUICK_RETRIES);
  ({ owner, shopId } = await fraudProtectShop(t, 'held-claim'));
});
afterAll(async () => {
  await t?.close();
});

/** The order's jobs not finished yet that were due by `at`. */
async function jobsDueBy(orderId: string, at: Date) {
  const result = await t.app.db.execute(
    sql`select id from ${sql.raw(JOB_SCHEMA)}.job
        where name = ${FRAUD_ORDER_JOB} and data->>'orderId' = ${orderId}
          and state in ('created', 'retry', 'active')
          and start_after <= ${at.toISOString()}::timestamptz`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** The order's jobs due later than `after`. */
async function laterJobs(orderId: string, after: Date) {
  const result = await t.app.db.execute<{ start_after: Date }>(
    sql`select start_after from ${sql.raw(JOB_SCHEMA)}.job
        where name = ${FRAUD_ORDER_JOB} and data->>'orderId' = ${orderId}
          and start_after > ${after.toISOString()}::timestamptz`,
  );
  return (result as unknown as { rows: { start_after: Date }[] }).rows;
}

describe('a cancel held by an attempt that died', () => {
  it('is taken over just after its lease, once, without another webhook', async () => {
    const placed = await t.emulator.placeOrder(owner.shop, {
      email: 'held@example.com',
      lines: LINES,
      risk: { level: 'PENDING' },
    });
    const orderId = String(placed.id);
    const common = {
      shopId,
      feature: 'fraud-protect' as const,
      orderId,
      orderName: placed.name,
      riskLevel: 'HIGH',
      status: 'pending' as const,
    };
    await recordActions(t.app.db, [
      {
        ...common,
        action: 'cancel',
        params: { reason: 'FRAUD', refund: true, restock: true, notifyCustomer: false },
      },
    ]);
    const [row] = await t.app.db
      .select()
      .from(orderActions)
      .where(and(eq(orderActions.orderId, orderId), eq(orderActions.action, 'cancel')));
    // A worker claimed the cancel a while ago (without queuing its takeover), sent it… and
    // died; its claim holds a few seconds more (moved back, so the test need not wait).
    const lease = claimLeaseMs(t.app);
    const claimed = await claimAction(t.app.db, row!.id, lease);
    await markSent(t.app.db, claimed!.id);
    const leaseEnd = new Date(Date.now() + LEASE_LEFT_MS);
    await t.app.db
      .update(orderActions)
      .set({ claimedUntil: leaseEnd, updatedAt: new Date(leaseEnd.getTime() - lease) })
      .where(eq(orderActions.id, row!.id));

    // Twenty deliveries for the order arrive while the claim holds: each job finds it held.
    const body = JSON.stringify({ id: placed.id, name: placed.name });
    const delivered = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        deliverWebhook(t, 'orders/create', owner.shop, { id: `held-claim-${i}`, body }),
      ),
    );
    expect(delivered.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    for (let i = 0; i < 20; i += 1) await settled(t, `held-claim-${i}`);

    // Once the deliveries' jobs have ended: one follow-up, due just after the lease; the log
    // says why the order waits, and until when.
    await expect.poll(() => jobsDueBy(orderId, leaseEnd), { timeout: 8000, interval: 50 }).toBe(0);
    const [followUp] = await laterJobs(orderId, leaseEnd);
    const due = new Date(followUp!.start_after).getTime();
    expect(due).toBeGreaterThan(leaseEnd.getTime());
    expect(due).toBeLessThanOrEqual(leaseEnd.getTime() + 2000);
    expect(await cancelEntry(t, owner, orderId)).toMatchObject({
      status: 'sending',
      retryAt: new Date(due).toISOString(),
    });

    await expect
      .poll(async () => (await cancelEntry(t, owner, orderId))?.status, {
        timeout: LEASE_LEFT_MS + 10_000,
        interval: 100,
      })
      .toBe('done');
    await expectCancelledOnSecondAttempt(t, owner, placed);
  }, 30_000);
});

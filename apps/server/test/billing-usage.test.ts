// Pay-As-You-Go metering against the platform emulator: views past the 4,000 included become
// $1.00 usage records posted once, however often the worker runs or retries, and the period's
// cap stops them (capped, not retried).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageCharges } from '../src/db/billing-schema.js';
import { shops } from '../src/db/schema.js';
import { recordProtectedViews } from '../src/features/billing/metering.js';
import { MAX_ATTEMPTS } from '../src/features/billing/usage-worker.js';
import { createTestApp, type SignedIn, type TestApp } from './helpers/test-app.js';
import { approve } from './helpers/billing.js';

let t: TestApp;
let payg: SignedIn;
let shopId = '';

const charges = () => t.app.db.select().from(usageCharges).where(eq(usageCharges.shopId, shopId));
const platformRecords = async () => {
  const [sub] = (await t.emulator.subscriptions(payg.shop)).filter((s) => s.status === 'ACTIVE');
  return { records: sub?.usageRecords ?? [], lineItems: sub?.lineItems ?? [] };
};

beforeAll(async () => {
  t = await createTestApp({ USAGE_WORKER_INTERVAL_MS: '0', USAGE_RETRY_BASE_MS: '1' });
  payg = await t.signIn('metered-store');
  const res = await t.call('choosePlan', payg.token, { plan: 'payg' });
  const { location } = await approve(
    t,
    res.json<{ confirmationUrl: string }>().confirmationUrl,
    'approve',
  );
  expect(location).toBe('/subscription?outcome=activated&plan=payg');
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, payg.shop));
  shopId = row!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('Pay-As-You-Go usage', () => {
  it('creates the subscription with the usage item and its cap', async () => {
    const { lineItems } = await platformRecords();
    expect(lineItems).toEqual([
      expect.objectContaining({ kind: 'recurring', price: '4.99' }),
      expect.objectContaining({
        kind: 'usage',
        terms: '$1.00 per 1,000 protected page views after 4,000',
        cappedAmount: '30.00',
      }),
    ]);
  });

  it('charges each full 1,000 past 4,000 once, even when the worker runs twice', async () => {
    await recordProtectedViews(t.app.db, shopId, 4000);
    expect(await charges()).toHaveLength(0);
    const result = await recordProtectedViews(t.app.db, shopId, 2500);
    expect(result).toEqual({ views: 6500, newCharges: 2 });
    await Promise.all([t.app.billing.worker.runOnce(), t.app.billing.worker.runOnce()]);
    const rows = await charges();
    expect(rows.map((r) => r.status)).toEqual(['posted', 'posted']);
    const { records, lineItems } = await platformRecords();
    expect(records).toHaveLength(2);
    expect(lineItems[1]).toMatchObject({ balanceUsed: '2.00' });
    const usage = (await t.call('getDashboardData', payg.token, { days: '1' })).json();
    expect(usage.usage).toBe(6500);
    const sub = (await t.call('getSubscription', payg.token)).json();
    expect(sub.usage).toMatchObject({ views: 6500, includedViews: 4000 });
  });

  it('a retried post (the answer was lost) charges nothing twice', async () => {
    const [first] = await charges();
    await t.app.db
      .update(usageCharges)
      .set({ status: 'pending', nextAttemptAt: new Date(0) })
      .where(eq(usageCharges.id, first!.id));
    await t.app.billing.worker.runOnce();
    const { records, lineItems } = await platformRecords();
    expect(records).toHaveLength(2);
    expect(lineItems[1]).toMatchObject({ balanceUsed: '2.00' });
    expect((await charges()).every((r) => r.status === 'posted')).toBe(true);
  });

  it('marks the charge past the cap as capped and never retries it', async () => {
    // 4,000 + 31,000 views: 31 thousands, of which $30 fit under the cap.
    await recordProtectedViews(t.app.db, shopId, 30_000);
    await t.app.billing.worker.runOnce();
    const rows = await charges();
    expect(rows).toHaveLength(31);
    expect(rows.filter((r) => r.status === 'posted')).toHaveLength(30);
    const capped = rows.filter((r) => r.status === 'capped');
    expect(capped).toHaveLength(1);
    expect(capped[0]!.lastError).toMatch(/exceeds balance remaining/i);
    expect(await t.app.billing.worker.runOnce()).toBe(0);
    const { records, lineItems } = await platformRecords();
    expect(records).toHaveLength(30);
    expect(lineItems[1]).toMatchObject({ balanceUsed: '30.00' });
  });

  it('retries a failed post with backoff and gives up only after the last attempt', async () => {
    const [sub] = (await t.emulator.subscriptions(payg.shop)).filter((s) => s.status === 'ACTIVE');
    await t.emulator.freezeSubscription(payg.shop, sub!.id);
    const [row] = await t.app.db
      .insert(usageCharges)
      .values({
        idempotencyKey: `test-failure:${Date.now()}`,
        shopId,
        subscriptionId: (await charges())[0]!.subscriptionId,
        amountCents: 100,
        viewsCovered: 1000,
      })
      .returning();
    await t.app.billing.worker.runOnce();
    const [after] = await t.app.db.select().from(usageCharges).where(eq(usageCharges.id, row!.id));
    expect(after).toMatchObject({ status: 'pending', attempts: 1 });
    expect(after!.lastError).toEqual(expect.any(String));
    // The retry waits for its backoff: run the worker until it has made the second attempt.
    const attempt = async () => {
      await t.app.billing.worker.runOnce();
      const [now] = await t.app.db.select().from(usageCharges).where(eq(usageCharges.id, row!.id));
      return now;
    };
    await expect.poll(async () => (await attempt())?.attempts, { interval: 5 }).toBe(2);
    const [second] = await t.app.db.select().from(usageCharges).where(eq(usageCharges.id, row!.id));
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    await t.app.db
      .update(usageCharges)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: new Date(0) })
      .where(eq(usageCharges.id, row!.id));
    await t.app.billing.worker.runOnce();
    const [last] = await t.app.db.select().from(usageCharges).where(eq(usageCharges.id, row!.id));
    expect(last).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });
});

// Pay-As-You-Go metering against the platform emulator: views past the 4,000 included become
// $1.00 usage records, posted by usage-charge jobs once each, however often a job runs again,
// and the period's cap stops them (capped, not retried). A failed post is retried with backoff
// and ends failed, on the charge and on its job.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageCharges } from '../src/features/billing/billing-schema.js';
import { shops } from '../src/core/db/schema.js';
import { USAGE_CHARGE_JOB } from '../src/features/billing/usage-charge-job.js';
import { USAGE_CHARGE_SWEEP_JOB } from '../src/features/billing/usage-charge-sweep.js';
import { createTestApp, type SignedIn, type TestApp } from './helpers/test-app.js';
import { approve, waitFor } from './helpers/billing.js';

const RETRY_LIMIT = 2;

let t: TestApp;
let payg: SignedIn;
let shopId = '';
let chargeId = '';

const charges = () => t.app.db.select().from(usageCharges).where(eq(usageCharges.shopId, shopId));
const record = (n: number) => t.app.billing.recordProtectedViews(t.app.db, shopId, n);
/** Waits until no charge of the shop is pending any more (each job ran to an end). */
const settled = () =>
  waitFor(async () => (await charges()).every((r) => r.status !== 'pending'), 20_000);
const platformRecords = async () => {
  const [sub] = (await t.emulator.subscriptions(payg.shop)).filter((s) => s.status === 'ACTIVE');
  return { records: sub?.usageRecords ?? [], lineItems: sub?.lineItems ?? [] };
};

beforeAll(async () => {
  t = await createTestApp({
    USAGE_RETRY_DELAY_SECONDS: '1',
    USAGE_RETRY_LIMIT: String(RETRY_LIMIT),
    JOB_POLL_INTERVAL_SECONDS: '0.5',
  });
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

  it('charges each full 1,000 past 4,000 once, each through its own job', async () => {
    await record(4000);
    expect(await charges()).toHaveLength(0);
    const result = await record(2500);
    expect(result).toEqual({ views: 6500, newCharges: 2 });
    await settled();
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

  it('a post run again (the answer was lost) charges nothing twice', async () => {
    const [first] = await charges();
    await t.app.db
      .update(usageCharges)
      .set({ status: 'pending' })
      .where(eq(usageCharges.id, first!.id));
    const outcome = await t.app.jobs.run(
      USAGE_CHARGE_JOB,
      { chargeId: first!.id },
      { singletonKey: first!.id },
    );
    expect(outcome).toEqual({ status: 'posted', recordId: first!.platformRecordId });
    const { records, lineItems } = await platformRecords();
    expect(records).toHaveLength(2);
    expect(lineItems[1]).toMatchObject({ balanceUsed: '2.00' });
    expect((await charges()).every((r) => r.status === 'posted')).toBe(true);
  });

  it('marks the charge past the cap as capped and never retries it', async () => {
    // 4,000 + 31,000 views: 31 thousands, of which $30 fit under the cap.
    await record(30_000);
    await settled();
    const rows = await charges();
    expect(rows).toHaveLength(31);
    expect(rows.filter((r) => r.status === 'posted')).toHaveLength(30);
    const capped = rows.filter((r) => r.status === 'capped');
    expect(capped).toHaveLength(1);
    expect(capped[0]!.lastError).toMatch(/exceeds balance remaining/i);
    // Run again, the capped charge is left as it is.
    const again = { chargeId: capped[0]!.id };
    expect(await t.app.jobs.run(USAGE_CHARGE_JOB, again, { singletonKey: again.chargeId })).toEqual(
      {
        status: 'skipped',
        was: 'capped',
      },
    );
    const { records, lineItems } = await platformRecords();
    expect(records).toHaveLength(30);
    expect(lineItems[1]).toMatchObject({ balanceUsed: '30.00' });
  });

  it('retries a failed post with backoff, then marks it failed, on the charge and its job', async () => {
    const [sub] = (await t.emulator.subscriptions(payg.shop)).filter((s) => s.status === 'ACTIVE');
    await t.emulator.freezeSubscription(payg.shop, sub!.id);
    const subscriptionId = (await charges())[0]!.subscriptionId;
    const jobId = await t.app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(usageCharges)
        .values({
          idempotencyKey: `test-failure:${Date.now()}`,
          shopId,
          subscriptionId,
          amountCents: 100,
          viewsCovered: 1000,
        })
        .returning();
      chargeId = row!.id;
      return t.app.jobs.send(USAGE_CHARGE_JOB, { chargeId }, { tx, singletonKey: chargeId });
    });
    const row = async () =>
      (await t.app.db.select().from(usageCharges).where(eq(usageCharges.id, chargeId)))[0]!;
    const job = () => t.app.jobs.find(USAGE_CHARGE_JOB, jobId!);

    // The first attempt failed: the charge waits, and the job is due again only after a delay
    // that doubles with each retry (pg-boss adds jitter: 1–2 s, then 2–4 s, at 1 s a step).
    const retryGap = async (retryCount: number) => {
      await waitFor(async () => {
        const j = await job();
        return j?.state === 'retry' && j.retryCount === retryCount;
      }, 15_000);
      const j = (await job())!;
      return j.startAfter.getTime() - j.startedOn!.getTime();
    };
    expect(await retryGap(0)).toBeGreaterThanOrEqual(950);
    expect(await row()).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await row()).lastError).toEqual(expect.any(String));
    expect(await retryGap(1)).toBeGreaterThanOrEqual(1950);

    // Every retry fails too; after the last the charge and the job have failed, for good.
    await waitFor(async () => (await job())?.state === 'failed', 30_000);
    expect(await job()).toMatchObject({ state: 'failed', retryCount: RETRY_LIMIT });
    expect(await row()).toMatchObject({ status: 'failed', attempts: RETRY_LIMIT + 1 });
    expect((await row()).lastError).toEqual(expect.any(String));
    await t.emulator.unfreezeSubscription(payg.shop, sub!.id);
  });

  it('sends the job of a pending charge that has none, and no second job to one that has', async () => {
    const subscriptionId = (await charges())[0]!.subscriptionId;
    const [orphan, waiting] = await t.app.db
      .insert(usageCharges)
      .values(
        ['orphan', 'waiting'].map((name) => ({
          idempotencyKey: `test-sweep-${name}:${Date.now()}`,
          shopId,
          subscriptionId,
          amountCents: 100,
          viewsCovered: 1000,
        })),
      )
      .returning();
    const later = new Date(Date.now() + 60 * 60_000);
    const key = { singletonKey: waiting!.id };
    expect(
      await t.app.jobs.send(
        USAGE_CHARGE_JOB,
        { chargeId: waiting!.id },
        { ...key, startAfter: later },
      ),
    ).toEqual(expect.any(String));
    expect(await t.app.jobs.send(USAGE_CHARGE_JOB, { chargeId: waiting!.id }, key)).toBeNull();

    expect(await t.app.jobs.run(USAGE_CHARGE_SWEEP_JOB)).toEqual({ pending: 2, sent: 1 });
    const status = async (id: string) =>
      (await t.app.db.select().from(usageCharges).where(eq(usageCharges.id, id)))[0]!.status;
    await waitFor(async () => (await status(orphan!.id)) !== 'pending', 20_000);
    // The period's cap is used up by now: the platform refused it, as any further charge.
    expect(await status(orphan!.id)).toBe('capped');
    expect(await status(waiting!.id)).toBe('pending');
  });
});

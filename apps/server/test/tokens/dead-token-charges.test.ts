// A usage charge of a shop whose token is dead is not retried against it: its job ends, the
// charge waits, pending, and the hourly sweep leaves it alone; once the merchant signs in
// again the sweep sends it and it is posted.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageCharges } from '../../src/features/billing/billing-schema.js';
import { USAGE_CHARGE_JOB } from '../../src/features/billing/usage-charge-job.js';
import { USAGE_CHARGE_SWEEP_JOB } from '../../src/features/billing/usage-charge-sweep.js';
import { RECONNECT_MESSAGE } from '../../src/core/platform/shop-token-dead.js';
import { approve, waitFor } from '../helpers/billing.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { afterStartJobs, shopRow } from './token-fixtures.js';

let t: TestApp;
let shop: SignedIn;
let shopId = '';

beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_INTERVAL_SECONDS: '0.5' });
  shop = await t.signIn('dead-token-charges');
  const chosen = await t.call('choosePlan', shop.token, { plan: 'payg' });
  await approve(t, chosen.json<{ confirmationUrl: string }>().confirmationUrl, 'approve');
  shopId = (await shopRow(t, shop.shop)).id;
  await afterStartJobs(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const charges = () => t.app.db.select().from(usageCharges).where(eq(usageCharges.shopId, shopId));

describe('usage charges of a shop whose token is dead', () => {
  it('wait, pending, without retries, and are posted once the merchant signs in again', async () => {
    await t.emulator.revokeTokens(shop.shop);
    const { newCharges } = await t.app.billing.recordProtectedViews(t.app.db, shopId, 5000);
    expect(newCharges).toBe(1);
    const [charge] = await charges();
    // The charge's own job (sent with it) ends at once: one attempt, the reason kept.
    await waitFor(async () => (await charges())[0]?.attempts === 1, 20_000);
    expect((await charges())[0]).toMatchObject({ status: 'pending', lastError: RECONNECT_MESSAGE });
    expect((await shopRow(t, shop.shop)).tokenState).toBe('dead');
    expect(await t.app.jobs.run(USAGE_CHARGE_SWEEP_JOB)).toEqual({ pending: 0, sent: 0 });

    await t.signIn('dead-token-charges');
    expect(await t.app.jobs.run(USAGE_CHARGE_SWEEP_JOB)).toEqual({ pending: 1, sent: 1 });
    await waitFor(async () => (await charges())[0]?.status === 'posted', 20_000);
    const outcome = await t.app.jobs.run(
      USAGE_CHARGE_JOB,
      { chargeId: charge!.id },
      { singletonKey: charge!.id },
    );
    expect(outcome).toEqual({ status: 'skipped', was: 'posted' });
  });
});

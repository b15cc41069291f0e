// Posts one queued usage charge to the platform (appUsageRecordCreate), as a job of the
// `usage-charge` queue: metering sends one job per new charge in the transaction that records
// it, so a charge and its job exist together or not at all. The usage_charges row keeps what
// the merchant's bill needs (posted, capped or failed, attempts, last error); the queue owns
// when to try again. A failed post is retried with exponential backoff, and after the last
// retry the row is marked failed (the job fails too). A charge past the period's cap
// ("exceeds balance remaining") is marked capped and never retried. The platform's idempotency
// key makes a repeated post (a worker that died after posting) charge nothing twice.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../core/db/client.js';
import { subscriptions, usageCharges, type UsageChargeRow } from './billing-schema.js';
import type { BillingApi } from '../../core/platform/billing-api.js';
import { UserErrorsError } from '../../core/platform/billing-api.js';
import type { ShopTokens } from '../../core/plugins/platform.js';
import type { JobDefinition, JobRun } from '../../core/jobs/job-queue.js';

export const USAGE_CHARGE_JOB = 'usage-charge';
const MAX_BACKOFF_SECONDS = 6 * 60 * 60;

export interface UsageChargeData {
  chargeId: string;
}

/** What a run did with the charge: the job's output. */
export type UsageChargeOutcome =
  | { status: 'posted'; recordId: string }
  | { status: 'capped' }
  | { status: 'skipped'; was: UsageChargeRow['status'] | 'missing' };

export function usageChargeJob(deps: {
  db: Database;
  billing: BillingApi;
  tokens: ShopTokens;
  log: FastifyBaseLogger;
  retryDelaySeconds: number;
  retryLimit: number;
}): JobDefinition<UsageChargeData> {
  const { db, log } = deps;

  async function post(job: JobRun<UsageChargeData>): Promise<UsageChargeOutcome> {
    const [charge] = await db
      .select()
      .from(usageCharges)
      .where(eq(usageCharges.id, job.data.chargeId));
    // Settled by an earlier run: nothing to post again.
    if (!charge || charge.status !== 'pending') {
      return { status: 'skipped', was: charge?.status ?? 'missing' };
    }
    const attempts = job.retryCount + 1;
    const done = (set: Partial<UsageChargeRow>) =>
      db
        .update(usageCharges)
        .set({ ...set, attempts, updatedAt: new Date() })
        .where(eq(usageCharges.id, charge.id));
    try {
      const [sub] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, charge.subscriptionId));
      const owner = await deps.tokens.forShopId(charge.shopId);
      if (!sub?.usageLineItemId) throw new Error('The subscription has no usage line item');
      if (!owner?.token) throw new Error('The shop has no access token (uninstalled?)');
      const recordId = await deps.billing.createUsageRecord(owner.shop.domain, owner.token, {
        lineItemId: sub.usageLineItemId,
        description: `${charge.viewsCovered.toLocaleString('en-US')} protected page views`,
        amount: charge.amountCents / 100,
        idempotencyKey: charge.idempotencyKey,
      });
      await done({
        status: 'posted',
        postedAt: new Date(),
        platformRecordId: recordId,
        lastError: null,
      });
      return { status: 'posted', recordId };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof UserErrorsError && /exceeds balance remaining/i.test(message)) {
        log.warn({ chargeId: charge.id, key: charge.idempotencyKey }, 'usage charge over the cap');
        await done({ status: 'capped', lastError: message });
        return { status: 'capped' };
      }
      // The queue retries it while retries remain; after the last one the charge has failed.
      const last = job.retryCount >= job.retryLimit;
      await done({ status: last ? 'failed' : 'pending', lastError: message.slice(0, 1000) });
      throw error;
    }
  }

  return {
    name: USAGE_CHARGE_JOB,
    handle: post,
    retryLimit: deps.retryLimit,
    retryDelaySeconds: deps.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMaxSeconds: MAX_BACKOFF_SECONDS,
    // A batch is a few platform calls; one still running after this long is taken as lost.
    expireInSeconds: 10 * 60,
    // One job per charge waiting or running: see usage-charge-sweep.ts.
    policy: 'exclusive',
    batchSize: 5,
    concurrency: 2,
  };
}

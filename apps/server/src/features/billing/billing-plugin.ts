// The platform's Billing API, the usage-charge jobs and metering as app.billing. Usage charges
// are posted by the job queue (any instance); metering sends their jobs as it queues them, and
// a sweep (hourly and at start) sends the job of any pending charge left without one.
import fp from 'fastify-plugin';
import type { Database } from '../../core/db/client.js';
import { createBillingApi, type BillingApi } from '../../core/platform/billing-api.js';
import { recordProtectedViews } from './metering.js';
import { USAGE_CHARGE_JOB, usageChargeJob } from './usage-charge-job.js';
import { USAGE_CHARGE_SWEEP_JOB, usageChargeSweepJob } from './usage-charge-sweep.js';

declare module 'fastify' {
  interface FastifyInstance {
    billing: {
      api: BillingApi;
      /** Counts protected page views and queues (and sends the jobs of) the charges they make. */
      recordProtectedViews(
        db: Database,
        shopId: string,
        n: number,
        now?: Date,
      ): Promise<{ views: number; newCharges: number }>;
    };
  }
}

export const billingPlugin = fp(
  async (app) => {
    const api = createBillingApi(app.platform);
    await app.jobs.define(
      usageChargeJob({
        db: app.db,
        billing: api,
        tokens: app.tokens,
        log: app.log,
        retryDelaySeconds: app.config.billing.retryDelaySeconds,
        retryLimit: app.config.billing.retryLimit,
      }),
    );
    await app.jobs.define(usageChargeSweepJob({ db: app.db, jobs: app.jobs }));
    // After the job queue's own onReady (registered first), so the queue is started.
    app.addHook('onReady', async () => {
      await app.jobs.send(
        USAGE_CHARGE_SWEEP_JOB,
        {},
        { singletonKey: 'start', throttleSeconds: 300 },
      );
    });
    app.decorate('billing', {
      api,
      recordProtectedViews: (db, shopId, n, now) =>
        recordProtectedViews(db, shopId, n, now, (tx, chargeId) =>
          app.jobs.send(USAGE_CHARGE_JOB, { chargeId }, { tx, singletonKey: chargeId }),
        ),
    });
  },
  { name: 'billing', dependencies: ['db', 'platform', 'jobs'] },
);

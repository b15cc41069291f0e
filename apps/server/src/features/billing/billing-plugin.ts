// The platform's Billing API and the usage-charge worker as app.billing; the worker starts
// with the app and is stopped (its current run awaited) before the database closes.
import fp from 'fastify-plugin';
import { createBillingApi, type BillingApi } from '../../platform/billing-api.js';
import { createUsageWorker, type UsageWorker } from './usage-worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    billing: { api: BillingApi; worker: UsageWorker };
  }
}

export const billingPlugin = fp(
  async (app) => {
    const api = createBillingApi(app.platform);
    const worker = createUsageWorker({
      db: app.db,
      billing: api,
      tokens: app.tokens,
      log: app.log,
      intervalMs: app.config.billing.workerIntervalMs,
      retryBaseMs: app.config.billing.retryBaseMs,
    });
    app.decorate('billing', { api, worker });
    app.addHook('onReady', async () => worker.start());
    app.addHook('preClose', async () => worker.stop());
  },
  { name: 'billing', dependencies: ['db', 'platform'] },
);

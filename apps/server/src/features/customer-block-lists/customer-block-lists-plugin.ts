// The checkout block service (`app.checkoutBlocks`): the app layer hands it the sources of the
// checkout function's block list; `changed(shopId)` marks the shop's sync pending and queues
// the sync job, which reads every source again (so a later job always writes the latest state).
import fp from 'fastify-plugin';
import type { CheckoutBlockSource } from '../../orders/checkout-block-sources.js';
import { CHECKOUT_SYNC_JOB, checkoutSyncJob, markChanged } from './checkout-sync.js';

export const customerBlockListsPlugin = fp<{ sources: readonly CheckoutBlockSource[] }>(
  async (app, { sources }) => {
    await app.jobs.define(checkoutSyncJob(app, sources));
    app.decorate('checkoutBlocks', {
      async changed(shopId: string) {
        await markChanged(app.db, shopId);
        await app.jobs.send(CHECKOUT_SYNC_JOB, { shopId });
      },
    });
  },
  { name: 'checkout-blocks', dependencies: ['jobs'] },
);

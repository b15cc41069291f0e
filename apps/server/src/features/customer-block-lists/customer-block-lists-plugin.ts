// The checkout block service (`app.checkoutBlocks`): the app layer hands it the sources of the
// checkout function's block list; `changed(shopId)` marks the shop's sync pending and queues
// the sync job, which reads every source again (so a later job always writes the latest state).
// `planChanged(shopId)` does the same for a shop whose checkout was ever given a list: what
// checkout enforces follows the plan (none on a plan without the lists, all again on upgrade),
// while a shop that never had one gets no checkout rule it did not ask for.
import fp from 'fastify-plugin';
import type { CheckoutBlockSource } from '../../orders/checkout-block-sources.js';
import { CHECKOUT_SYNC_JOB, checkoutSyncJob, loadSync, markChanged } from './checkout-sync.js';

export const customerBlockListsPlugin = fp<{ sources: readonly CheckoutBlockSource[] }>(
  async (app, { sources }) => {
    await app.jobs.define(checkoutSyncJob(app, sources));
    const changed = async (shopId: string) => {
      await markChanged(app.db, shopId);
      await app.jobs.send(CHECKOUT_SYNC_JOB, { shopId });
    };
    app.decorate('checkoutBlocks', {
      changed,
      async planChanged(shopId: string) {
        if (await loadSync(app.db, shopId)) await changed(shopId);
      },
    });
  },
  { name: 'checkout-blocks', dependencies: ['jobs'] },
);

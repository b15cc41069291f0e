// Fraud Protect's merchant calls (settings; the order-action log shared with the auto-cancel
// filters, a page at a time, and Retry of a failed entry), its order job, the job that writes
// what Gatehouse found about an order into the order's risk (its notes are purged with the
// log's entries, by the log's own job). Every call names the `fraudProtect` plan feature, so a
// plan without it gets 403.
import { api } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../core/http/route.js';
import { ORDER_LOG_RETENTION_DAYS } from '../../orders/order-actions.js';
import { orderLogRoutes } from '../../orders/order-log-routes.js';
import { shopOfSession } from '../../core/shops.js';
import type { Shop } from '../../core/db/schema.js';
import { fraudOrderJob } from './fraud-protect-job.js';
import { riskNoteJob } from './risk-note-job.js';
import { riskNotesOfOrders } from './risk-note-store.js';
import { loadFraudSettings, saveFraudSettings } from './settings.js';

export async function fraudProtectRoutes(app: FastifyInstance): Promise<void> {
  await app.jobs.define(fraudOrderJob(app));
  await app.jobs.define(riskNoteJob(app));

  const view = async (shop: Shop) => ({
    settings: await loadFraudSettings(app.db, shop.id),
    logRetentionDays: ORDER_LOG_RETENTION_DAYS,
    canReadCustomers: shop.grantedScopes.split(',').includes('read_customers'),
  });

  route(app, api.getFraudProtect, async (_input, { session }) =>
    view(await shopOfSession(app.db, session)),
  );

  route(
    app,
    api.saveFraudProtect,
    async (settings, { session }) => {
      const shop = await shopOfSession(app.db, session);
      await saveFraudSettings(app.db, shop.id, settings);
      return view(shop);
    },
    { mutates: true },
  );

  orderLogRoutes(app, {
    log: api.getFraudProtectLog,
    retry: api.retryFraudProtectAction,
    riskNotes: (shopId, orderIds) => riskNotesOfOrders(app.db, shopId, orderIds),
  });
}

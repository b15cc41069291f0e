// Fraud Protect's merchant calls (settings, the log a page at a time, Retry of a failed
// action), its order job, and the daily purge of log entries past their retention. Every call
// names the `fraudProtect` plan feature, so a plan without it gets 403.
import { api, FRAUD_LOG_PAGE_SIZE } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import type { OrderActionRow } from '../../db/order-actions-schema.js';
import { route } from '../../http/route.js';
import {
  actionLogPage,
  ORDER_LOG_RETENTION_DAYS,
  purgeActions,
} from '../../orders/order-actions.js';
import { orderActionEntry, retryFailedAction } from '../../orders/order-job.js';
import { shopOfSession } from '../../shops.js';
import type { Shop } from '../../db/schema.js';
import { FRAUD_ORDER_JOB, fraudOrderJob } from './fraud-protect-job.js';
import { FEATURE } from './process-order.js';
import { loadFraudSettings, saveFraudSettings } from './settings.js';

export const ORDER_LOG_PURGE_JOB = 'order-actions-purge';
const DAY_MS = 24 * 60 * 60 * 1000;

export async function fraudProtectRoutes(app: FastifyInstance): Promise<void> {
  await app.jobs.define(fraudOrderJob(app));
  await app.jobs.define({
    name: ORDER_LOG_PURGE_JOB,
    schedule: '41 3 * * *',
    retryLimit: 1,
    handle: async () => ({
      purged: await purgeActions(app.db, new Date(Date.now() - ORDER_LOG_RETENTION_DAYS * DAY_MS)),
    }),
  });

  const view = async (shop: Shop) => ({
    settings: await loadFraudSettings(app.db, shop.id),
    logRetentionDays: ORDER_LOG_RETENTION_DAYS,
    canReadCustomers: shop.grantedScopes.split(',').includes('read_customers'),
  });

  const entry = (shop: Shop, row: OrderActionRow) => orderActionEntry(app, shop, row);

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

  route(app, api.getFraudProtectLog, async ({ page }, { session }) => {
    const shop = await shopOfSession(app.db, session);
    const { rows, total } = await actionLogPage(
      app.db,
      shop.id,
      FEATURE,
      page,
      FRAUD_LOG_PAGE_SIZE,
    );
    return {
      entries: rows.map((row) => entry(shop, row)),
      total,
      page,
      pageSize: FRAUD_LOG_PAGE_SIZE,
    };
  });

  route(
    app,
    api.retryFraudProtectAction,
    async ({ id }, { session }) => {
      const shop = await shopOfSession(app.db, session);
      const reopened = await retryFailedAction(
        app,
        shop.id,
        FEATURE,
        id,
        FRAUD_ORDER_JOB,
        'No Fraud Protect log entry with that id.',
      );
      return entry(shop, reopened);
    },
    { mutates: true },
  );
}

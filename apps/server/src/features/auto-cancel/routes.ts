// The auto-cancel filters' merchant calls: the filters (list, save, delete, reorder), the dry
// run (start, poll), and the order-action log shared with Fraud Protect (a page at a time,
// each entry naming its feature and filter, and Retry of a failed entry). Every call names the `autoCancelFilters` plan feature, so a plan
// without it gets 403; every call reads and changes only the signed-in shop's own filters and
// entries (another shop's id is "not found").
import { api, FILTER_LIMITS, type AutoCancelView } from '@gatehouse/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { ORDER_LOG_RETENTION_DAYS } from '../../orders/order-actions.js';
import { orderLogRoutes } from '../../orders/order-log-routes.js';
import { autoCancelOrderJob } from './auto-cancel-job.js';
import { autoCancelDryRuns } from './auto-cancel-schema.js';
import { DRY_RUN_DAYS, DRY_RUN_MAX_ORDERS, dryRunJob, startDryRun, toDryRun } from './dry-run.js';
import { deleteFilter, loadFilterRows, reorderFilters, saveFilter, toFilter } from './filters.js';

export async function autoCancelRoutes(app: FastifyInstance): Promise<void> {
  await app.jobs.define(autoCancelOrderJob(app));
  await app.jobs.define(dryRunJob(app));

  const view = async (shopId: string): Promise<AutoCancelView> => ({
    filters: (await loadFilterRows(app.db, shopId)).map(toFilter),
    maxFilters: FILTER_LIMITS.filtersPerShop,
    dryRunDays: DRY_RUN_DAYS,
    dryRunMaxOrders: DRY_RUN_MAX_ORDERS,
    logRetentionDays: ORDER_LOG_RETENTION_DAYS,
  });

  route(app, api.getAutoCancelFilters, async (_input, { session }) => view(session.shopId));

  route(
    app,
    api.saveAutoCancelFilter,
    async (input, { session }) => saveFilter(app.db, session.shopId, input),
    { mutates: true },
  );

  route(
    app,
    api.deleteAutoCancelFilter,
    async ({ id }, { session }) => {
      await deleteFilter(app.db, session.shopId, id);
      return view(session.shopId);
    },
    { mutates: true },
  );

  route(
    app,
    api.reorderAutoCancelFilters,
    async ({ ids }, { session }) => {
      await reorderFilters(app.db, session.shopId, ids);
      return view(session.shopId);
    },
    { mutates: true },
  );

  route(
    app,
    api.startAutoCancelDryRun,
    async ({ match, filterId, mode }, { session }) => ({
      id: await startDryRun(app, session.shopId, match, { filterId, mode }),
    }),
    { mutates: true },
  );

  route(app, api.getAutoCancelDryRun, async ({ id }, { session }) => {
    const [row] = await app.db
      .select()
      .from(autoCancelDryRuns)
      .where(and(eq(autoCancelDryRuns.id, id), eq(autoCancelDryRuns.shopId, session.shopId)));
    if (!row) throw notFound('No dry run with that id.');
    return toDryRun(row);
  });

  orderLogRoutes(app, { log: api.getAutoCancelLog, retry: api.retryAutoCancelAction });
}

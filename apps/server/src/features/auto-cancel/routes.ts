// The auto-cancel filters' merchant calls: the filters (list, save, delete, reorder), the dry
// run (start, poll), the log a page at a time with the filter that decided each entry, and
// Retry of a failed action. Every call names the `autoCancelFilters` plan feature, so a plan
// without it gets 403; every call reads and changes only the signed-in shop's own filters and
// entries (another shop's id is "not found").
import {
  api,
  FILTER_LIMITS,
  FRAUD_LOG_PAGE_SIZE,
  type AutoCancelLogEntry,
  type AutoCancelView,
} from '@gatehouse/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OrderActionRow } from '../../db/order-actions-schema.js';
import type { Shop } from '../../db/schema.js';
import { notFound } from '../../errors.js';
import { route } from '../../http/route.js';
import { actionLogPage, ORDER_LOG_RETENTION_DAYS } from '../../orders/order-actions.js';
import { orderActionEntry, retryFailedAction } from '../../orders/order-job.js';
import { shopOfSession } from '../../shops.js';
import { AUTO_CANCEL_ORDER_JOB, autoCancelOrderJob } from './auto-cancel-job.js';
import { autoCancelDryRuns, autoCancelFilters } from './auto-cancel-schema.js';
import { DRY_RUN_DAYS, DRY_RUN_MAX_ORDERS, dryRunJob, startDryRun, toDryRun } from './dry-run.js';
import { deleteFilter, loadFilterRows, reorderFilters, saveFilter, toFilter } from './filters.js';
import { FEATURE } from './process-order.js';

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

  const entries = async (shop: Shop, rows: OrderActionRow[]): Promise<AutoCancelLogEntry[]> => {
    const ids = [...new Set(rows.map((r) => r.filterId).filter((id) => id !== null))];
    const names = new Map(
      ids.length === 0
        ? []
        : (
            await app.db
              .select({ id: autoCancelFilters.id, name: autoCancelFilters.name })
              .from(autoCancelFilters)
              .where(and(eq(autoCancelFilters.shopId, shop.id), inArray(autoCancelFilters.id, ids)))
          ).map((f) => [f.id, f.name]),
    );
    return rows.map((row) => ({
      ...orderActionEntry(app, shop, row),
      filterId: row.filterId,
      filterName: row.filterId === null ? null : (names.get(row.filterId) ?? null),
    }));
  };

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
    async ({ match }, { session }) => ({ id: await startDryRun(app, session.shopId, match) }),
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

  route(app, api.getAutoCancelLog, async ({ page }, { session }) => {
    const shop = await shopOfSession(app.db, session);
    const { rows, total } = await actionLogPage(
      app.db,
      shop.id,
      FEATURE,
      page,
      FRAUD_LOG_PAGE_SIZE,
    );
    return { entries: await entries(shop, rows), total, page, pageSize: FRAUD_LOG_PAGE_SIZE };
  });

  route(
    app,
    api.retryAutoCancelAction,
    async ({ id }, { session }) => {
      const shop = await shopOfSession(app.db, session);
      const reopened = await retryFailedAction(
        app,
        shop.id,
        FEATURE,
        id,
        AUTO_CANCEL_ORDER_JOB,
        'No auto-cancel log entry with that id.',
      );
      const [entry] = await entries(shop, [reopened]);
      return entry!;
    },
    { mutates: true },
  );
}

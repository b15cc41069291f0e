// The one order-action log's merchant calls, which Fraud Protect's and the auto-cancel
// filters' pages both answer: a page of the log (every order feature's entries, newest first,
// each naming its feature and filter; one feature's when asked), and Retry of a failed entry
// (only the caller's own entry, only when it failed; the order's job of the entry's feature is
// queued again, whichever page asked).
import {
  FRAUD_LOG_PAGE_SIZE,
  type ApiCall,
  type fraudLogPage,
  type fraudLogRequest,
  type orderActionEntry,
} from '@gatehouse/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { orderActions } from '../db/order-actions-schema.js';
import { AppError, notFound } from '../errors.js';
import { route } from '../http/route.js';
import { shopOfSession } from '../shops.js';
import { actionLogPage, reopenAction } from './order-actions.js';
import { orderActionEntry as toEntry, queueOrderJob, unnamedOrder } from './order-job.js';

export interface OrderLogCalls {
  log: ApiCall<typeof fraudLogRequest, typeof fraudLogPage>;
  retry: ApiCall<z.ZodType<{ id: string }>, typeof orderActionEntry>;
}

export function orderLogRoutes(app: FastifyInstance, calls: OrderLogCalls): void {
  route(app, calls.log, async ({ page, feature }, { session }) => {
    const shop = await shopOfSession(app.db, session);
    const { rows, total } = await actionLogPage(
      app.db,
      shop.id,
      feature,
      page,
      FRAUD_LOG_PAGE_SIZE,
    );
    return {
      entries: rows.map((row) => toEntry(app, shop, row)),
      total,
      page,
      pageSize: FRAUD_LOG_PAGE_SIZE,
    };
  });

  route(
    app,
    calls.retry,
    async ({ id }, { session }) => {
      const shop = await shopOfSession(app.db, session);
      const reopened = await reopenAction(app.db, shop.id, id);
      if (!reopened) {
        const [row] = await app.db
          .select({ status: orderActions.status })
          .from(orderActions)
          .where(and(eq(orderActions.id, id), eq(orderActions.shopId, shop.id)));
        if (!row) throw notFound('No order log entry with that id.');
        throw new AppError(409, 'Only a failed action can be tried again.');
      }
      await queueOrderJob(app, reopened.feature, {
        shopId: shop.id,
        orderId: reopened.orderId,
        ...(reopened.orderName === unnamedOrder(reopened.orderId)
          ? {}
          : { orderName: reopened.orderName }),
      });
      return toEntry(app, shop, reopened);
    },
    { mutates: true },
  );
}

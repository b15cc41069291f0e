// The one order-action log's merchant calls, which Fraud Protect's and the auto-cancel
// filters' pages both answer: a page of the log (whole orders, newest first, each entry naming
// its feature and filter; one feature's when asked), and Retry of an order (only the caller's
// own entry, only a failed one the platform may still accept or a waiting one: see
// retry-order.ts, whichever page asked). A feature may add to a page what it keeps of the
// page's orders itself (Fraud Protect: what it wrote into each order's risk).
import {
  ORDER_LOG_PAGE_SIZE,
  type ApiCall,
  type orderLogPage,
  type orderLogRequest,
  type orderActionEntry,
  type RiskNoteView,
} from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { route } from '../core/http/route.js';
import { shopOfSession } from '../core/shops.js';
import { orderActionEntry as toEntry } from './order-job.js';
import { readOrderLogPage } from './order-log-page.js';
import { retryOrder } from './retry-order.js';

export interface OrderLogCalls {
  log: ApiCall<typeof orderLogRequest, typeof orderLogPage>;
  retry: ApiCall<z.ZodType<{ id: string }>, typeof orderActionEntry>;
  /** What was written into the risk of these orders of the shop. */
  riskNotes?: (shopId: string, orderIds: string[]) => Promise<RiskNoteView[]>;
}

export function orderLogRoutes(app: FastifyInstance, calls: OrderLogCalls): void {
  route(app, calls.log, async ({ page, feature }, { session }) => {
    const shop = await shopOfSession(app.db, session);
    const { rows, total } = await readOrderLogPage(
      app.db,
      shop.id,
      feature,
      page,
      ORDER_LOG_PAGE_SIZE,
    );
    const orderIds = [...new Set(rows.map((row) => row.orderId))];
    return {
      entries: await Promise.all(rows.map((row) => toEntry(app, shop, row))),
      total,
      page,
      pageSize: ORDER_LOG_PAGE_SIZE,
      ...(calls.riskNotes ? { riskNotes: await calls.riskNotes(shop.id, orderIds) } : {}),
    };
  });

  route(
    app,
    calls.retry,
    async ({ id }, { session }) => {
      const shop = await shopOfSession(app.db, session);
      return toEntry(app, shop, await retryOrder(app, shop.id, id));
    },
    { mutates: true },
  );
}

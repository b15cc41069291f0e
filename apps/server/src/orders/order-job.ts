// What the order features share around the exactly-once runner: the job that runs one order
// for a feature (retries with back-off; when its last retry fails, the order's waiting actions
// are marked failed with the reason, for the merchant to see and retry), the shop's credentials
// for the platform calls, and the merchant's Retry of a failed log entry (only the caller's
// own entry of that feature, only when it failed; the order's job is queued again), and a log
// entry as the merchant's calls answer it.
import type { OrderActionEntry } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  orderActions,
  type OrderActionFeature,
  type OrderActionRow,
} from '../db/order-actions-schema.js';
import type { Shop } from '../db/schema.js';
import { AppError, notFound } from '../errors.js';
import type { JobDefinition } from '../jobs/job-queue.js';
import { PlatformError } from '../platform/platform-client.js';
import { failOpenActions, reopenAction } from './order-actions.js';
import type { OrderOwner } from './run-actions.js';

export interface OrderJobData {
  shopId: string;
  orderId: string;
}

export function orderJob(
  app: FastifyInstance,
  name: string,
  feature: OrderActionFeature,
  run: (shopId: string, orderId: string) => Promise<Record<string, unknown>>,
): JobDefinition<OrderJobData> {
  return {
    name,
    retryLimit: app.config.webhooks.retryLimit,
    retryDelaySeconds: app.config.webhooks.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMaxSeconds: 15 * 60,
    concurrency: 2,
    async handle(job) {
      const { shopId, orderId } = job.data;
      try {
        return await run(shopId, orderId);
      } catch (error) {
        if (job.retryCount < job.retryLimit) throw error;
        const reason =
          error instanceof PlatformError
            ? error.merchantMessage
            : 'Gatehouse could not finish this action.';
        app.log.error({ err: error, shopId, orderId, feature }, 'gave up on an order');
        await failOpenActions(app.db, shopId, orderId, reason);
        return { failed: reason };
      }
    },
  };
}

/** The shop's platform credentials, or null when Gatehouse is not installed on it. */
export async function orderOwner(
  app: FastifyInstance,
  shopId: string,
): Promise<{ owner: OrderOwner; shop: Shop } | null> {
  const found = await app.tokens.forShopId(shopId);
  if (!found?.token || found.shop.uninstalledAt) return null;
  return {
    owner: {
      domain: found.shop.domain,
      token: found.token,
      canReadCustomers: found.shop.grantedScopes.split(',').includes('read_customers'),
    },
    shop: found.shop,
  };
}

/** Puts the caller's failed entry back to pending and queues the order's job; 404 or 409 else. */
export async function retryFailedAction(
  app: FastifyInstance,
  shopId: string,
  feature: OrderActionFeature,
  id: string,
  jobName: string,
  notFoundMessage: string,
) {
  const reopened = await reopenAction(app.db, shopId, feature, id);
  if (!reopened) {
    const [row] = await app.db
      .select({ status: orderActions.status })
      .from(orderActions)
      .where(
        and(
          eq(orderActions.id, id),
          eq(orderActions.shopId, shopId),
          eq(orderActions.feature, feature),
        ),
      );
    if (!row) throw notFound(notFoundMessage);
    throw new AppError(409, 'Only a failed action can be tried again.');
  }
  const data: OrderJobData = { shopId, orderId: reopened.orderId };
  await app.jobs.send(jobName, data);
  return reopened;
}

/** A log entry as the merchant's calls answer it, with the order's page in the platform's admin. */
export function orderActionEntry(
  app: FastifyInstance,
  shop: Pick<Shop, 'domain'>,
  row: OrderActionRow,
): OrderActionEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    orderId: row.orderId,
    orderName: row.orderName,
    orderUrl: app.platform.platformUrl(shop.domain, `/admin/orders/${row.orderId}`),
    riskLevel: row.riskLevel,
    action: row.action,
    status: row.status,
    params: row.params,
    result: row.result,
    error: row.error,
    attempts: row.attempts,
  };
}

// What the order features share around the exactly-once runner: the job that runs one order
// for a feature (retries with back-off; from the first failed attempt the order is in the log:
// an order the feature could not even read and decide shows as a "check" entry waiting for
// the next attempt, and its waiting entries name the job, whose next attempt and its time the
// log shows; when its last retry fails, the order's waiting actions are marked failed with the
// reason, so the merchant always sees that order N was not checked, why, and can retry), the
// shop's credentials for the platform calls, the order webhook's payload,
// and a log entry as the merchant's calls answer it.
import type { OrderActionEntry } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OrderActionFeature, OrderActionRow } from './order-actions-schema.js';
import { shops, type Shop } from '../core/db/schema.js';
import type { JobDefinition } from '../core/jobs/job-queue.js';
import { PlatformError } from '../core/platform/platform-client.js';
import { interruptedRetryAt } from './held-claim.js';
import {
  closeCheck,
  failOpenActions,
  knownOrderName,
  recordFailedCheck,
  recordWaiting,
} from './order-checks.js';
import { orderJobName, type OrderJobData } from './order-job-name.js';
import { nextAttemptOf } from './order-log-page.js';
import { isFinalRefusal, refusalText, type OrderOwner } from './run-actions.js';

export { orderJobName, type OrderJobData } from './order-job-name.js';

/**
 * How soon a dead worker's order job is handed back (at the next supervise pass after this
 * long without a word from it), rather than after the job's 15-minute expiry.
 */
const ORDER_JOB_HEARTBEAT_SECONDS = 30;

const orderIdField = z.union([z.number().int().positive(), z.string().regex(/^\d{1,20}$/)]);
/** What Gatehouse reads of an orders/create payload: the order's id, and its name if sane. */
export const orderCreatedPayload = z.object({
  id: orderIdField,
  name: z.string().max(100).optional().catch(undefined),
});
export const riskChangedPayload = z.object({ order_id: orderIdField });

/** What a run answers: a note, "untouched", or the actions it carried out. */
export type OrderOutcome = Record<string, unknown>;

/** What came of checking the order, in words, for the entry of a check that failed before. */
function checkedNote(outcome: OrderOutcome): string {
  if (typeof outcome.note === 'string') return outcome.note;
  if (outcome.untouched) return 'nothing to do for this order.';
  return 'what was done is listed in this log.';
}

/** The entry's order name while the platform has not told it: the order's id. */
export const unnamedOrder = (orderId: string) => `Order ${orderId}`;

/**
 * Why the order could not be checked, in words, with the platform's error when it was one;
 * `retrying`: said of an attempt the job repeats by itself, so without advice to try again.
 */
function failureReason(error: unknown, orderName: string, retrying: boolean): string {
  if (isFinalRefusal(error)) return refusalText(error);
  const task = `check order ${orderName}`;
  if (error instanceof PlatformError)
    return retrying ? error.factFor(task) : error.messageFor(task);
  const detail = error instanceof Error ? error.message : String(error);
  return `Gatehouse could not check order ${orderName}: ${detail}`;
}

/** The order's name from its webhook, else as an earlier entry has it; null when neither. */
const nameOf = async (app: FastifyInstance, data: OrderJobData) =>
  data.orderName ??
  (await knownOrderName(app.db, data.shopId, data.orderId, unnamedOrder(data.orderId)));

export function orderJob(
  app: FastifyInstance,
  feature: OrderActionFeature,
  run: (shopId: string, orderId: string) => Promise<OrderOutcome>,
): JobDefinition<OrderJobData> {
  return {
    name: orderJobName(feature),
    retryLimit: app.config.webhooks.retryLimit,
    retryDelaySeconds: app.config.webhooks.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMaxSeconds: 15 * 60,
    heartbeatSeconds: ORDER_JOB_HEARTBEAT_SECONDS,
    concurrency: 2,
    async handle(job) {
      const { shopId, orderId } = job.data;
      const key = { shopId, feature, orderId };
      let outcome: OrderOutcome;
      try {
        outcome = await run(shopId, orderId);
      } catch (error) {
        const named = await nameOf(app, job.data);
        const orderName = named ?? unnamedOrder(orderId);
        // A refusal is answered the same however often it is asked: no use retrying it.
        if (job.retryCount < job.retryLimit && !isFinalRefusal(error)) {
          const reason = failureReason(error, named ?? orderId, true);
          await recordWaiting(app.db, { ...key, orderName }, reason, job.id, named !== null);
          throw error;
        }
        const reason = failureReason(error, named ?? orderId, false);
        app.log.error({ err: error, shopId, orderId, feature }, 'gave up on an order');
        await failOpenActions(app.db, shopId, orderId, reason);
        await recordFailedCheck(app.db, { ...key, orderName }, reason, named !== null);
        return { failed: reason };
      }
      await closeCheck(app.db, key, { note: checkedNote(outcome) });
      return outcome;
    },
  };
}

/** Queues the feature's job for the order. */
export async function queueOrderJob(
  app: FastifyInstance,
  feature: OrderActionFeature,
  data: OrderJobData,
): Promise<string | null> {
  return app.jobs.send(orderJobName(feature), data);
}

/**
 * Queues the feature's job for an order a webhook told of, on a shop with Gatehouse installed
 * whose feature is on: `whyOff` answers, for the shop, why the feature would do nothing (null
 * when it is on), and that reason is the webhook's answer instead.
 */
export async function queueWebhookOrder(
  app: FastifyInstance,
  feature: OrderActionFeature,
  shopDomain: string,
  order: { id: string | number; name?: string | undefined },
  whyOff: (shopId: string) => Promise<string | null>,
) {
  const [shop] = await app.db.select().from(shops).where(eq(shops.domain, shopDomain));
  if (!shop || shop.uninstalledAt) return { note: 'Gatehouse is not installed on the shop.' };
  const off = await whyOff(shop.id);
  if (off !== null) return { note: off };
  const data: OrderJobData = {
    shopId: shop.id,
    orderId: String(order.id),
    ...(order.name ? { orderName: order.name } : {}),
  };
  const jobId = await queueOrderJob(app, feature, data);
  return { queued: jobId, orderId: data.orderId };
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

/**
 * A log entry as the merchant's calls answer it, with the order's page in the platform's admin
 * and, while it waits, its job's next attempt.
 */
export async function orderActionEntry(
  app: FastifyInstance,
  shop: Pick<Shop, 'domain'>,
  row: OrderActionRow,
): Promise<OrderActionEntry> {
  return {
    id: row.id,
    feature: row.feature,
    filterId: row.filterId,
    filterName: row.filterName,
    matchedBy: row.matchedBy,
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
    permanent: row.permanent,
    nextAttempt: await nextAttemptOf(app, row),
    retryAt: interruptedRetryAt(app, row)?.toISOString() ?? null,
  };
}

// The order webhooks the auto-cancel filters listen to (orders/create, the same topic Fraud
// Protect hears, handed to the endpoint by the app layer) and the job that runs the filters on
// one order. A webhook only queues the job, for a shop with a filter on or in monitor mode; the
// job runs the order (process-order.ts) with retries and back-off, and when its last retry
// fails it marks the order's waiting actions failed with the reason (an order it could not
// read at all gets a failed check entry), for the merchant to see and retry. Two jobs for one
// order are safe: the log's claims let each action through once.
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseWebhookJson, type TopicHandler } from '../../core/http/webhook-topic.js';
import type { JobDefinition } from '../../core/jobs/job-queue.js';
import {
  orderCreatedPayload,
  orderJob,
  orderJobName,
  queueWebhookOrder,
  type OrderJobData,
} from '../../orders/order-job.js';
import { autoCancelFilters } from './auto-cancel-schema.js';
import { processFilterOrder } from './process-order.js';

export const AUTO_CANCEL_ORDER_JOB = orderJobName('auto-cancel');

export function autoCancelOrderJob(app: FastifyInstance): JobDefinition<OrderJobData> {
  return orderJob(app, 'auto-cancel', (shopId, id) => processFilterOrder(app, shopId, id));
}

/** Why the filters would do nothing for the shop's orders: none is on or in monitor mode. */
async function whyOff(app: FastifyInstance, shopId: string): Promise<string | null> {
  const [active] = await app.db
    .select({ id: autoCancelFilters.id })
    .from(autoCancelFilters)
    .where(and(eq(autoCancelFilters.shopId, shopId), ne(autoCancelFilters.mode, 'off')))
    .limit(1);
  return active ? null : 'No auto-cancel filter is on.';
}

export const autoCancelTopics: Record<string, TopicHandler> = {
  'orders/create': async (app, shopDomain, body) => {
    const order = parseWebhookJson(body, orderCreatedPayload, 'orders/create');
    return queueWebhookOrder(app, 'auto-cancel', shopDomain, order, (shopId) =>
      whyOff(app, shopId),
    );
  },
};

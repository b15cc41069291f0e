// The order webhooks Fraud Protect listens to (orders/create, and the risk assessment changing
// later) and the job that acts on one order. A webhook only queues the job, for a shop with
// Fraud Protect on; the job runs the order (process-order.ts) with retries and back-off, and
// when its last retry fails it marks the order's waiting actions failed with the reason (an
// order it could not read at all gets a failed check entry), for the merchant to see and
// retry. Two jobs for one order (two webhooks, a retry) are safe: the log's claims let each
// action through once.
import type { FastifyInstance } from 'fastify';
import { parseWebhookJson, type TopicHandler } from '../../core/http/webhook-topic.js';
import type { JobDefinition } from '../../core/jobs/job-queue.js';
import {
  orderCreatedPayload,
  orderJob,
  orderJobName,
  queueWebhookOrder,
  riskChangedPayload,
  type OrderJobData,
} from '../../orders/order-job.js';
import { processOrder } from './process-order.js';
import { loadFraudSettings } from './settings.js';

export const FRAUD_ORDER_JOB = orderJobName('fraud-protect');

export type FraudOrderJobData = OrderJobData;

export function fraudOrderJob(app: FastifyInstance): JobDefinition<FraudOrderJobData> {
  return orderJob(app, 'fraud-protect', (shopId, id) => processOrder(app, shopId, id));
}

const queueOrder = (
  app: FastifyInstance,
  shopDomain: string,
  order: { id: string | number; name?: string | undefined },
) =>
  queueWebhookOrder(app, 'fraud-protect', shopDomain, order, async (shopId) =>
    (await loadFraudSettings(app.db, shopId)).enabled ? null : 'Fraud Protect is off.',
  );

export const fraudProtectTopics: Record<string, TopicHandler> = {
  'orders/create': async (app, shopDomain, body) => {
    const order = parseWebhookJson(body, orderCreatedPayload, 'orders/create');
    return queueOrder(app, shopDomain, order);
  },
  'orders/risk_assessment_changed': async (app, shopDomain, body) =>
    queueOrder(app, shopDomain, {
      id: parseWebhookJson(body, riskChangedPayload, 'orders/risk_assessment_changed').order_id,
    }),
};

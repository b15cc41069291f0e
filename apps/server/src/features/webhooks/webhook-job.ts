// The webhook-delivery job: runs the topic's handler on a recorded delivery. A handler that
// succeeds finishes the delivery processed (with what it did); a topic without a handler is
// ignored, with the reason. A payload that can never be processed (WebhookPayloadError, a 4xx
// AppError, the platform refusing) fails the delivery at once with its reason. Anything else
// (the database or the platform down, a time-out) is retried with exponential back-off, and
// after the last retry the delivery is failed with the last error: nothing is retried forever
// and nothing is dropped without a record.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.js';
import { WebhookPayloadError, type TopicHandler } from '../../core/http/webhook-topic.js';
import type { JobDefinition } from '../../core/jobs/job-queue.js';
import { PlatformError } from '../../core/platform/platform-client.js';
import { WEBHOOK_JOB, type DeliveryLog, type WebhookJobData } from './deliveries.js';

export type WebhookJobOutcome =
  | { status: 'processed' | 'ignored' | 'failed'; reason?: string }
  | { status: 'skipped'; was: string };

/** Errors that will fail the same way however often they are retried. */
export function isPermanent(error: unknown): boolean {
  if (error instanceof WebhookPayloadError) return true;
  if (error instanceof AppError) return error.statusCode < 500;
  if (error instanceof PlatformError) return error.failure === 'refused';
  return false;
}

export function webhookDeliveryJob(deps: {
  app: FastifyInstance;
  log: DeliveryLog;
  handlers: Record<string, TopicHandler>;
  retryLimit: number;
  retryDelaySeconds: number;
}): JobDefinition<WebhookJobData> {
  const { app, log, handlers } = deps;
  return {
    name: WEBHOOK_JOB,
    retryLimit: deps.retryLimit,
    retryDelaySeconds: deps.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMaxSeconds: 15 * 60,
    // A shop redact deletes every visit of the shop: give it the queue default of 15 minutes.
    expireInSeconds: 15 * 60,
    concurrency: 2,
    async handle(job): Promise<WebhookJobOutcome> {
      const loaded = await log.load(job.data.webhookId);
      if (!loaded) return { status: 'skipped', was: 'missing' };
      const { row, delivery, body } = loaded;
      if (row.status !== 'queued') return { status: 'skipped', was: row.status };
      const attempts = row.attempts + 1;
      if (!body) {
        const reason = 'The stored body could not be read.';
        await log.finish(row.webhookId, 'failed', { attempts, error: reason });
        return { status: 'failed', reason };
      }
      const handler = handlers[row.topic];
      if (!handler) {
        const reason = `No handler for ${row.topic}.`;
        app.log.warn({ topic: row.topic, shop: row.shopDomain }, 'webhook topic has no handler');
        await log.finish(row.webhookId, 'ignored', { attempts, error: reason });
        return { status: 'ignored', reason };
      }
      try {
        const outcome = await handler(app, row.shopDomain, body, delivery);
        await log.finish(row.webhookId, 'processed', { attempts, outcome: outcome ?? null });
        return { status: 'processed' };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const context = { webhookId: row.webhookId, topic: row.topic, shop: row.shopDomain };
        if (isPermanent(error) || job.retryCount >= job.retryLimit) {
          app.log.error({ ...context, err: error }, 'webhook delivery failed for good');
          await log.finish(row.webhookId, 'failed', { attempts, error: reason });
          return { status: 'failed', reason };
        }
        app.log.warn({ ...context, err: error }, 'webhook delivery failed; it will be retried');
        await log.attemptFailed(row.webhookId, attempts, reason);
        throw error;
      }
    },
  };
}

// The webhook delivery log (webhook_events): a delivery is recorded with its body sealed and
// its job queued in one transaction, so a recorded delivery always has a job and a repeat of
// the same webhook id records nothing. The job loads it, and finishes it processed (the body
// is dropped: nothing personal is kept once it has served), ignored, or failed with the reason
// (the body is kept so support can replay it).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { TokenCipher } from '../../core/crypto/token-cipher.js';
import type { Database } from '../../core/db/client.js';
import { webhookEvents, type WebhookEventRow, type WebhookStatus } from '../../core/db/schema.js';
import type { WebhookDelivery } from '../../core/http/webhook-topic.js';
import type { JobQueue, SqlExecutor } from '../../core/jobs/job-queue.js';

export const WEBHOOK_JOB = 'webhook-delivery';

export interface WebhookJobData {
  webhookId: string;
}

/** What runs inside the recording transaction for a topic that must act at once. */
export type ImmediateStep = (tx: Database, delivery: WebhookDelivery) => Promise<void>;

export interface LoadedDelivery {
  row: WebhookEventRow;
  delivery: WebhookDelivery;
  /** The raw body, or null when it is no longer kept (or cannot be opened). */
  body: Buffer | null;
}

export function createDeliveryLog(db: Database, cipher: TokenCipher, jobs: JobQueue) {
  return {
    /** Records the delivery and queues its job; false when this webhook id was recorded before. */
    async record(
      delivery: WebhookDelivery,
      body: Buffer,
      immediate?: ImmediateStep,
    ): Promise<boolean> {
      const sealed = cipher.seal(body.toString('base64'), delivery.webhookId);
      const jobId = randomUUID();
      return db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(webhookEvents)
          .values({
            webhookId: delivery.webhookId,
            shopDomain: delivery.shopDomain,
            topic: delivery.topic,
            apiVersion: delivery.apiVersion,
            triggeredAt: delivery.triggeredAt,
            bodyIv: sealed.iv,
            bodyTag: sealed.tag,
            bodyCiphertext: sealed.ciphertext,
            jobId,
          })
          .onConflictDoNothing()
          .returning({ webhookId: webhookEvents.webhookId });
        if (!fresh) return false;
        if (immediate) await immediate(tx as unknown as Database, delivery);
        await jobs.send(WEBHOOK_JOB, { webhookId: delivery.webhookId } satisfies WebhookJobData, {
          tx: tx as unknown as SqlExecutor,
          id: jobId,
        });
        return true;
      });
    },

    async load(webhookId: string): Promise<LoadedDelivery | null> {
      const [row] = await db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.webhookId, webhookId));
      if (!row) return null;
      let body: Buffer | null = null;
      if (row.bodyIv && row.bodyTag && row.bodyCiphertext) {
        try {
          const opened = cipher.open(
            { iv: row.bodyIv, tag: row.bodyTag, ciphertext: row.bodyCiphertext },
            row.webhookId,
          );
          body = Buffer.from(opened, 'base64');
        } catch {
          body = null;
        }
      }
      return {
        row,
        body,
        delivery: {
          webhookId: row.webhookId,
          topic: row.topic,
          shopDomain: row.shopDomain,
          apiVersion: row.apiVersion,
          triggeredAt: row.triggeredAt,
        },
      };
    },

    /** Ends a queued delivery; a delivery already finished (or gone) is left as it is. */
    async finish(
      webhookId: string,
      status: Exclude<WebhookStatus, 'queued'>,
      fields: { attempts: number; error?: string | null; outcome?: Record<string, unknown> | null },
    ): Promise<void> {
      const now = new Date();
      await db
        .update(webhookEvents)
        .set({
          status,
          attempts: fields.attempts,
          lastError: fields.error ?? null,
          outcome: fields.outcome ?? null,
          updatedAt: now,
          ...(status === 'failed' ? {} : { processedAt: now }),
          // Kept only while it may still be needed: a failed delivery can be replayed.
          ...(status === 'failed' ? {} : { bodyIv: null, bodyTag: null, bodyCiphertext: null }),
        })
        .where(and(eq(webhookEvents.webhookId, webhookId), eq(webhookEvents.status, 'queued')));
    },

    /** Notes a failed attempt that will be retried. */
    async attemptFailed(webhookId: string, attempts: number, error: string): Promise<void> {
      await db
        .update(webhookEvents)
        .set({ attempts, lastError: error, updatedAt: new Date() })
        .where(eq(webhookEvents.webhookId, webhookId));
    },

    /** Puts a failed delivery back in the queue with a new job (support's replay). */
    async requeue(webhookId: string): Promise<boolean> {
      const jobId = randomUUID();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(webhookEvents)
          .set({ status: 'queued', jobId, updatedAt: new Date() })
          .where(and(eq(webhookEvents.webhookId, webhookId), eq(webhookEvents.status, 'failed')))
          .returning({ webhookId: webhookEvents.webhookId });
        if (!row) return false;
        await jobs.send(WEBHOOK_JOB, { webhookId } satisfies WebhookJobData, {
          tx: tx as unknown as SqlExecutor,
          id: jobId,
        });
        return true;
      });
    },
  };
}

export type DeliveryLog = ReturnType<typeof createDeliveryLog>;

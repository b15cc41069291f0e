// The webhook sweep, every 15 minutes on one instance: a delivery still queued whose job has
// finished or vanished (its last attempt could not even record the failure, say) is failed
// with the reason, so none waits unseen; and the log is trimmed (processed and ignored
// deliveries after 30 days, failed ones after 90).
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../core/db/client.js';
import { webhookEvents } from '../../core/db/schema.js';
import type { JobDefinition, JobQueue } from '../../core/jobs/job-queue.js';
import { WEBHOOK_JOB } from './deliveries.js';

export const WEBHOOK_SWEEP_JOB = 'webhook-sweep';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A queued delivery older than this is looked at; its job decides whether it is stuck. */
export const STUCK_AFTER_MS = 15 * MINUTE;
const KEEP_DONE_MS = 30 * DAY;
const KEEP_FAILED_MS = 90 * DAY;
const FINISHED = new Set(['completed', 'failed', 'cancelled']);

export async function sweepWebhooks(
  db: Database,
  jobs: JobQueue,
  now = new Date(),
): Promise<{ failed: number; purged: number }> {
  const old = await db
    .select({
      webhookId: webhookEvents.webhookId,
      jobId: webhookEvents.jobId,
      lastError: webhookEvents.lastError,
    })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.status, 'queued'),
        lt(webhookEvents.receivedAt, new Date(now.getTime() - STUCK_AFTER_MS)),
      ),
    )
    .limit(500);
  let failed = 0;
  for (const row of old) {
    const job = row.jobId ? await jobs.find(WEBHOOK_JOB, row.jobId) : null;
    if (job && !FINISHED.has(job.state)) continue;
    const last = row.lastError ? ` Last error: ${row.lastError}` : '';
    const updated = await db
      .update(webhookEvents)
      .set({
        status: 'failed',
        lastError: `Processing stopped without a result (job ${job?.state ?? 'missing'}).${last}`,
        updatedAt: now,
      })
      .where(and(eq(webhookEvents.webhookId, row.webhookId), eq(webhookEvents.status, 'queued')))
      .returning({ webhookId: webhookEvents.webhookId });
    failed += updated.length;
  }
  const purged = await db
    .delete(webhookEvents)
    .where(
      or(
        and(
          inArray(webhookEvents.status, ['processed', 'ignored']),
          lt(webhookEvents.receivedAt, new Date(now.getTime() - KEEP_DONE_MS)),
        ),
        and(
          eq(webhookEvents.status, 'failed'),
          lt(webhookEvents.receivedAt, new Date(now.getTime() - KEEP_FAILED_MS)),
        ),
      ),
    )
    .returning({ webhookId: webhookEvents.webhookId });
  return { failed, purged: purged.length };
}

export function webhookSweepJob(deps: {
  db: Database;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}): JobDefinition {
  return {
    name: WEBHOOK_SWEEP_JOB,
    schedule: '*/15 * * * *',
    retryLimit: 1,
    async handle() {
      const result = await sweepWebhooks(deps.db, deps.jobs);
      if (result.failed > 0) {
        deps.log.error({ failed: result.failed }, 'webhook deliveries stuck without a result');
      }
      return result;
    },
  };
}

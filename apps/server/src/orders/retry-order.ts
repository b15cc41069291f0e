// The merchant's Retry of an order in the log: an attempt at once, whatever the schedule of
// retries. The order's failed actions go back to waiting (not those the platform refused for
// good: asking again would be refused the same way), and each feature with waiting entries
// has its job's next attempt brought forward to now, or a new job queued when none waits (a
// job already running keeps its run, and a new one follows it should entries have been
// reopened meanwhile). Duplicate attempts are safe: the log's claims let each action through
// once.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  orderActions,
  type OrderActionFeature,
  type OrderActionRow,
} from './order-actions-schema.js';
import { conflict, notFound } from '../core/errors.js';
import { assignJob } from './order-checks.js';
import { queueOrderJob, unnamedOrder } from './order-job.js';
import { orderJobName } from './order-job-name.js';

export const retryMessages = {
  missing: 'No order log entry with that id.',
  permanent:
    'Shopify refused this for good, so trying again would fail the same way. Make the change on the order in Shopify instead.',
  notRetryable: 'Only a failed or waiting action can be tried again.',
} as const;

/** Puts the order's failed actions that may pass back to waiting; answers them. */
async function reopenOrder(db: FastifyInstance['db'], shopId: string, orderId: string) {
  return db
    .update(orderActions)
    .set({ status: 'pending', error: null, updatedAt: new Date() })
    .where(
      and(
        eq(orderActions.shopId, shopId),
        eq(orderActions.orderId, orderId),
        eq(orderActions.status, 'failed'),
        eq(orderActions.permanent, false),
      ),
    )
    .returning();
}

/** Brings one of the jobs' next attempt forward; true when one of them waits or runs now. */
async function hurryAny(app: FastifyInstance, feature: OrderActionFeature, jobIds: string[]) {
  let running = false;
  for (const id of jobIds) {
    if (await app.jobs.hurry(orderJobName(feature), id)) return 'hurried';
    running ||= (await app.jobs.find(orderJobName(feature), id))?.state === 'active';
  }
  return running ? 'running' : 'none';
}

/** Retries the order of the shop's entry `id` at once; answers the entry as it now stands. */
export async function retryOrder(
  app: FastifyInstance,
  shopId: string,
  id: string,
): Promise<OrderActionRow> {
  const [entry] = await app.db
    .select()
    .from(orderActions)
    .where(and(eq(orderActions.id, id), eq(orderActions.shopId, shopId)));
  if (!entry) throw notFound(retryMessages.missing);
  if (entry.status === 'failed' && entry.permanent) throw conflict(retryMessages.permanent);
  if (entry.status !== 'failed' && entry.status !== 'pending') {
    throw conflict(retryMessages.notRetryable);
  }
  const waiting = await app.db
    .select()
    .from(orderActions)
    .where(
      and(
        eq(orderActions.shopId, shopId),
        eq(orderActions.orderId, entry.orderId),
        eq(orderActions.status, 'pending'),
      ),
    );
  const reopened = await reopenOrder(app.db, shopId, entry.orderId);
  const features = new Set([...waiting, ...reopened].map((r) => r.feature));
  for (const feature of features) {
    const jobIds = [
      ...new Set(waiting.filter((r) => r.feature === feature && r.jobId).map((r) => r.jobId!)),
    ];
    const hurried = await hurryAny(app, feature, jobIds);
    const reopenedHere = reopened.some((r) => r.feature === feature);
    if (hurried === 'hurried' || (hurried === 'running' && !reopenedHere)) continue;
    const named = [...waiting, ...reopened].find(
      (r) => r.orderName !== unnamedOrder(entry.orderId),
    )?.orderName;
    const jobId = await queueOrderJob(app, feature, {
      shopId,
      orderId: entry.orderId,
      ...(named ? { orderName: named } : {}),
    });
    if (jobId) await assignJob(app.db, { shopId, feature, orderId: entry.orderId }, jobId);
  }
  const [now] = await app.db.select().from(orderActions).where(eq(orderActions.id, id));
  return now ?? entry;
}

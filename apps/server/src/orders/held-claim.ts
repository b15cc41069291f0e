// How long a claim on an order action lasts, and what happens when its worker dies holding it.
// A claim lasts as long as a live attempt can take (three platform calls at their deadline)
// and a margin. Every claim is taken together with its takeover: the order's job, queued in
// the claim's transaction for just after the lease ends, so a worker that dies mid-call (its
// process killed, its machine lost) is taken over within seconds of its lease, whatever becomes
// of its own job; when the worker finishes, the takeover finds nothing open. A run that finds
// a claim held queues the same takeover too, should the claim have been taken without one.
// However often it is queued, it is one job per claim: its id is made from the action and the
// claim's end. Once a claim has been held longer than a live attempt takes, the order log
// tells the merchant the attempt was interrupted and when Gatehouse tries again.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v5 as uuidv5 } from 'uuid';
import { orderActions, type OrderActionRow } from './order-actions-schema.js';
import type { SqlExecutor } from '../core/jobs/job-queue.js';
import { claimAction } from './order-actions.js';
import { orderJobName, type OrderJobData } from './order-job-name.js';

/** The namespace of the takeover jobs' ids (a name-based UUID per action and claim). */
const TAKEOVER_NAMESPACE = 'a3a0c7f2-5a1e-4c55-9a41-3f6e2b7c9d10';

/** How long after a claim's lease ends its takeover runs. */
const AFTER_LEASE_MS = 1000;

/** A claimed action makes at most three platform calls: read the order, send, read it back. */
export const liveAttemptMs = (app: FastifyInstance) => 3 * app.config.platformCalls.deadlineMs;

/** How long a claim lasts: a live attempt, and a margin for the database and a busy machine. */
export const claimLeaseMs = (app: FastifyInstance) => liveAttemptMs(app) + 30_000;

/** When the order's job takes over an action whose claim lasts until `claimedUntil`. */
const takeoverAt = (claimedUntil: Date) => new Date(claimedUntil.getTime() + AFTER_LEASE_MS);

type Claim = Pick<
  OrderActionRow,
  'id' | 'shopId' | 'orderId' | 'orderName' | 'feature' | 'claimedUntil'
>;

/** Queues the takeover of a claim (through `tx`, in the claim's own transaction). */
async function queueTakeover(
  app: FastifyInstance,
  claim: Claim & { claimedUntil: Date },
  tx?: SqlExecutor,
) {
  const data: OrderJobData = {
    shopId: claim.shopId,
    orderId: claim.orderId,
    orderName: claim.orderName,
  };
  await app.jobs.send(orderJobName(claim.feature), data, {
    startAfter: takeoverAt(claim.claimedUntil),
    id: uuidv5(`${claim.id} ${claim.claimedUntil.toISOString()}`, TAKEOVER_NAMESPACE),
    ...(tx ? { tx } : {}),
  });
}

/**
 * Claims the action (see claimAction) and, in the same transaction, queues its takeover.
 * Null when another attempt holds it (whose takeover is then made sure of) or it is finished.
 */
export async function claimWithTakeover(
  app: FastifyInstance,
  id: string,
): Promise<OrderActionRow | null> {
  const claimed = await app.db.transaction(async (tx) => {
    const row = await claimAction(tx, id, claimLeaseMs(app));
    if (row?.claimedUntil) await queueTakeover(app, { ...row, claimedUntil: row.claimedUntil }, tx);
    return row;
  });
  if (claimed) return claimed;
  const [held] = await app.db.select().from(orderActions).where(eq(orderActions.id, id));
  if (held?.status === 'sending' && held.claimedUntil) {
    await queueTakeover(app, { ...held, claimedUntil: held.claimedUntil });
  }
  return null;
}

/**
 * When Gatehouse tries again an action whose attempt was interrupted: one claimed (its last
 * update) longer ago than a live attempt takes. Null for any other action.
 */
export function interruptedRetryAt(
  app: FastifyInstance,
  row: Pick<OrderActionRow, 'status' | 'claimedUntil' | 'updatedAt'>,
  now = Date.now(),
): Date | null {
  if (row.status !== 'sending' || !row.claimedUntil) return null;
  return now - row.updatedAt.getTime() > liveAttemptMs(app) ? takeoverAt(row.claimedUntil) : null;
}

// What the order's job writes in the log between and after its attempts, so an order is never
// hidden while the platform fails. From the first failed attempt an order the feature has not
// yet decided shows as a `check` entry waiting for the next attempt, naming the job that
// retries it (the log reads that job's next attempt and its time); the feature's waiting
// actions name the job too. When the last retry fails, what is still waiting is marked failed
// for the merchant to retry; once an attempt goes through, the check entry is closed.
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../core/db/client.js';
import { orderActions, type OrderActionFeature } from './order-actions-schema.js';
import { failedAfterRetriesFields, pendingOfOrder } from './leased-claim.js';
import { recordActions } from './order-actions.js';

interface FeatureOrder {
  shopId: string;
  feature: OrderActionFeature;
  orderId: string;
}

/** The entries one feature made for one order of the shop. */
const ofFeatureOrder = (key: FeatureOrder) =>
  and(
    eq(orderActions.shopId, key.shopId),
    eq(orderActions.orderId, key.orderId),
    eq(orderActions.feature, key.feature),
  );

/** The order's name as an earlier entry of it recorded it (not its id standing in), if any. */
export async function knownOrderName(
  db: Database,
  shopId: string,
  orderId: string,
  unnamed: string,
): Promise<string | null> {
  const [row] = await db
    .select({ orderName: orderActions.orderName })
    .from(orderActions)
    .where(
      and(
        eq(orderActions.shopId, shopId),
        eq(orderActions.orderId, orderId),
        ne(orderActions.orderName, unnamed),
      ),
    )
    .limit(1);
  return row?.orderName ?? null;
}

/**
 * An attempt failed and the job tries again by itself: an order the feature has no entry for
 * yet gets a waiting `check` entry with what happened; a check entry already there takes the
 * new reason (and the order's name, when this attempt knew it). Every waiting entry of the
 * feature for the order then names `jobId`, the job whose next attempt the log shows.
 */
export async function recordWaiting(
  db: Database,
  entry: FeatureOrder & { orderName: string },
  reason: string,
  jobId: string,
  nameKnown: boolean,
): Promise<void> {
  const [existing] = await db
    .select({ id: orderActions.id })
    .from(orderActions)
    .where(ofFeatureOrder(entry))
    .limit(1);
  if (!existing) {
    await recordActions(db, [
      { ...entry, riskLevel: null, action: 'check', status: 'pending', params: {}, jobId },
    ]);
  }
  // An attempt that did not know the order's name leaves an entry that has it as it is.
  await db
    .update(orderActions)
    .set({ error: reason, ...(nameKnown ? { orderName: entry.orderName } : {}) })
    .where(
      and(
        ofFeatureOrder(entry),
        eq(orderActions.action, 'check'),
        eq(orderActions.status, 'pending'),
        nameKnown ? undefined : eq(orderActions.orderName, entry.orderName),
      ),
    );
  await assignJob(db, entry, jobId);
}

/** Every waiting entry of the feature for the order names `jobId`, the job that runs it. */
export async function assignJob(db: Database, key: FeatureOrder, jobId: string): Promise<void> {
  await db
    .update(orderActions)
    .set({ jobId })
    .where(and(ofFeatureOrder(key), inArray(orderActions.status, ['pending', 'sending'])));
}

/**
 * Marks the order's actions waiting for another attempt failed (the last retry failed), with
 * the reason their last attempt gave, else this one. An action claimed by a live worker is
 * left to it.
 */
export async function failOpenActions(
  db: Database,
  shopId: string,
  orderId: string,
  error: string,
): Promise<void> {
  await db
    .update(orderActions)
    .set(failedAfterRetriesFields(orderActions, error))
    .where(pendingOfOrder(orderActions, shopId, orderId));
}

/**
 * Records that the feature could not check the order at all (no entry of it exists yet for
 * the order): a failed `check` entry with the reason, for the merchant to see and retry. A
 * check entry already there (waiting, or a retry that failed again) is marked failed by
 * failOpenActions and takes this reason, and the order's name when this failure knows it.
 */
export async function recordFailedCheck(
  db: Database,
  entry: FeatureOrder & { orderName: string },
  error: string,
  nameKnown: boolean,
): Promise<void> {
  const [existing] = await db
    .select({ id: orderActions.id, action: orderActions.action })
    .from(orderActions)
    .where(ofFeatureOrder(entry))
    .limit(1);
  if (!existing) {
    await recordActions(db, [
      { ...entry, riskLevel: null, action: 'check', status: 'failed', params: {}, error },
    ]);
  } else if (existing.action === 'check') {
    await db
      .update(orderActions)
      .set({ error, ...(nameKnown ? { orderName: entry.orderName } : {}) })
      .where(and(eq(orderActions.id, existing.id), ne(orderActions.status, 'done')));
  }
}

/**
 * Closes the feature's check entry of the order, if it has one not yet done: the order has
 * now been checked (`note` says what came of it), under its name as the platform gives it.
 */
export async function closeCheck(
  db: Database,
  key: FeatureOrder,
  outcome: { note: string; orderName?: string | undefined },
): Promise<void> {
  await db
    .update(orderActions)
    .set({
      status: 'done',
      error: null,
      result: { note: outcome.note },
      claimedUntil: null,
      updatedAt: new Date(),
      ...(outcome.orderName ? { orderName: outcome.orderName } : {}),
    })
    .where(
      and(ofFeatureOrder(key), eq(orderActions.action, 'check'), ne(orderActions.status, 'done')),
    );
}

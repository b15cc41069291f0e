// Exactly-once order actions on the shared log (order_actions). An action is recorded before it
// is sent (`pending`), claimed for sending (`sending`, with a lease, one attempt more), and
// finished after the platform answers (`done`, `failed`, `skipped`). The row is unique by shop,
// order and action, so a repeated webhook, a second instance or a retried job finds the row
// and never sends again what is done; a claim is taken by one worker only (a conditional
// update), and a claim left by a worker that died is taken over once its lease has run out.
// Whoever takes a claim reads the order from the platform before sending, so the platform's
// state (already cancelled, already refunded) decides what a resumed action does.
import type { DashboardCounter } from '@gatehouse/contracts';
import { and, asc, count, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import {
  orderActions,
  type OrderActionFeature,
  type OrderActionResult,
  type OrderActionRow,
} from '../db/order-actions-schema.js';
import { blockerHourlyCounts } from '../db/schema.js';
import { claimable, claimFields, firstSent, held, releaseFields } from './leased-claim.js';

const HOUR_MS = 60 * 60 * 1000;

export type NewOrderAction = typeof orderActions.$inferInsert;

/** Records the decided actions; an action already recorded for the order is left as it is. */
export async function recordActions(db: Database, rows: NewOrderAction[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(orderActions).values(rows).onConflictDoNothing();
}

/** The order's recorded actions, cancel before tag. */
export async function actionsOfOrder(db: Database, shopId: string, orderId: string) {
  const rows = await db
    .select()
    .from(orderActions)
    .where(and(eq(orderActions.shopId, shopId), eq(orderActions.orderId, orderId)));
  return rows.sort((a, b) => (a.action === b.action ? 0 : a.action === 'cancel' ? -1 : 1));
}

/** Whether the feature has decided the order (a failed check's entry is no decision). */
export function decidedBy(
  rows: Pick<OrderActionRow, 'feature' | 'action'>[],
  feature: OrderActionFeature,
): boolean {
  return rows.some((r) => r.feature === feature && r.action !== 'check');
}

/**
 * Takes the action for sending for `leaseMs`: only one worker gets it, and only while it is
 * pending or its last claim has expired. Null when someone else holds it or it is finished.
 */
export async function claimAction(
  db: Database,
  id: string,
  leaseMs: number,
  now = new Date(),
): Promise<OrderActionRow | null> {
  const [row] = await db
    .update(orderActions)
    .set(claimFields(orderActions, leaseMs, now))
    .where(claimable(orderActions, id, now))
    .returning();
  return row ?? null;
}

/** Notes that the platform call is about to go out (it may have, from here on). */
export async function markSent(db: Database, id: string): Promise<void> {
  await db
    .update(orderActions)
    .set({ sentAt: firstSent(orderActions) })
    .where(eq(orderActions.id, id));
}

/**
 * Ends a claimed action. A cancel that ends done adds one to the shop's dashboard count, in
 * the same transaction, so the count holds each cancelled order once.
 */
export async function finishAction(
  db: Database,
  row: Pick<OrderActionRow, 'id' | 'shopId' | 'action'>,
  status: 'done' | 'failed' | 'skipped',
  fields: { result?: OrderActionResult | null; error?: string | null; counter?: DashboardCounter },
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [ended] = await tx
      .update(orderActions)
      .set({
        status,
        result: fields.result ?? null,
        error: fields.error ?? null,
        claimedUntil: null,
        updatedAt: now,
      })
      .where(held(orderActions, row.id))
      .returning({ id: orderActions.id });
    if (!ended) return false;
    if (status === 'done' && row.action === 'cancel' && fields.counter) {
      await tx
        .insert(blockerHourlyCounts)
        .values({
          shopId: row.shopId,
          hour: new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS),
          blocker: fields.counter,
          count: 1,
        })
        .onConflictDoUpdate({
          target: [
            blockerHourlyCounts.shopId,
            blockerHourlyCounts.hour,
            blockerHourlyCounts.blocker,
          ],
          set: { count: sql`${blockerHourlyCounts.count} + 1` },
        });
    }
    return true;
  });
}

/** Gives a claimed action back after an attempt that did not go through, with the reason. */
export async function releaseAction(db: Database, id: string, error: string): Promise<void> {
  await db.update(orderActions).set(releaseFields(error)).where(held(orderActions, id));
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
    .set({
      status: 'failed',
      error: sql`coalesce(${orderActions.error}, ${error})`,
      claimedUntil: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(orderActions.shopId, shopId),
        eq(orderActions.orderId, orderId),
        eq(orderActions.status, 'pending'),
      ),
    );
}

/**
 * A page of the shop's log, newest first (an order's cancel before its tag): every order
 * feature's entries, or one feature's when named.
 */
export async function actionLogPage(
  db: Database,
  shopId: string,
  feature: OrderActionFeature | undefined,
  page: number,
  pageSize: number,
) {
  const where = feature
    ? and(eq(orderActions.shopId, shopId), eq(orderActions.feature, feature))
    : eq(orderActions.shopId, shopId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orderActions)
      .where(where)
      .orderBy(desc(orderActions.createdAt), asc(orderActions.action), desc(orderActions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(orderActions).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Puts a failed action of the shop back to pending; null when there is no such failed action. */
export async function reopenAction(
  db: Database,
  shopId: string,
  id: string,
): Promise<OrderActionRow | null> {
  const [row] = await db
    .update(orderActions)
    .set({ status: 'pending', error: null, updatedAt: new Date() })
    .where(
      and(
        eq(orderActions.id, id),
        eq(orderActions.shopId, shopId),
        eq(orderActions.status, 'failed'),
      ),
    )
    .returning();
  return row ?? null;
}

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

/** The entries one feature made for one order of the shop. */
const ofFeatureOrder = (key: { shopId: string; feature: OrderActionFeature; orderId: string }) =>
  and(
    eq(orderActions.shopId, key.shopId),
    eq(orderActions.orderId, key.orderId),
    eq(orderActions.feature, key.feature),
  );

/**
 * Records that the feature could not check the order at all (no entry of it exists yet for
 * the order): a failed `check` entry with the reason, for the merchant to see and retry. A
 * check entry already there (a retry that failed again) is marked failed by failOpenActions;
 * when this failure knows the order's name, the entry takes it, and the reason naming it.
 */
export async function recordFailedCheck(
  db: Database,
  entry: { shopId: string; feature: OrderActionFeature; orderId: string; orderName: string },
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
  } else if (existing.action === 'check' && nameKnown) {
    await db
      .update(orderActions)
      .set({ orderName: entry.orderName, error })
      .where(eq(orderActions.id, existing.id));
  }
}

/**
 * Closes the feature's check entry of the order, if it has one not yet done: the order has
 * now been checked (`note` says what came of it), under its name as the platform gives it.
 */
export async function closeCheck(
  db: Database,
  key: { shopId: string; feature: OrderActionFeature; orderId: string },
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

/** How long the order-action log keeps an entry (the shared log's daily purge). */
export const ORDER_LOG_RETENTION_DAYS = 90;

/** Deletes log entries older than the cutoff (the retention of order data). */
export async function purgeActions(db: Database, before: Date): Promise<number> {
  const removed = await db
    .delete(orderActions)
    .where(
      and(
        lt(orderActions.createdAt, before),
        inArray(orderActions.status, ['done', 'failed', 'skipped', 'monitored']),
      ),
    )
    .returning({ id: orderActions.id });
  return removed.length;
}

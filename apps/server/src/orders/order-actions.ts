// Exactly-once order actions on the shared log (order_actions). An action is recorded before it
// is sent (`pending`), claimed for sending (`sending`, with a lease, one attempt more), and
// finished after the platform answers (`done`, `failed`, `skipped`). The row is unique by shop,
// order and action, so a repeated webhook, a second instance or a retried job finds the row
// and never sends again what is done; a claim is taken by one worker only (a conditional
// update), and a claim left by a worker that died is taken over once its lease has run out.
// Whoever takes a claim reads the order from the platform before sending, so the platform's
// state (already cancelled, already refunded) decides what a resumed action does.
import type { DashboardCounter } from '@gatehouse/contracts';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../core/db/client.js';
import {
  orderActions,
  type OrderActionFeature,
  type OrderActionResult,
  type OrderActionRow,
} from './order-actions-schema.js';
import { blockerHourlyCounts } from '../core/db/schema.js';
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
  fields: {
    result?: OrderActionResult | null;
    error?: string | null;
    counter?: DashboardCounter;
    /** The platform refused it for good: no Retry is offered. */
    permanent?: boolean;
  },
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [ended] = await tx
      .update(orderActions)
      .set({
        status,
        result: fields.result ?? null,
        error: fields.error ?? null,
        permanent: fields.permanent ?? false,
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

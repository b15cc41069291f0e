// The order-risk notes' rows (risk-note-schema.ts): recorded once per order when decided, then
// claimed for sending by one worker at a time and finished after the platform answers, with
// the same leased claims as the order actions (orders/leased-claim.ts).
import type { RiskNoteView } from '@gatehouse/contracts';
import { and, eq, inArray, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import {
  claimable,
  claimFields,
  failedAfterRetriesFields,
  firstSent,
  held,
  pendingOfOrder,
  releaseFields,
} from '../../orders/leased-claim.js';
import { orderRiskNotes, type OrderRiskNoteRow } from './risk-note-schema.js';

export type NewRiskNote = typeof orderRiskNotes.$inferInsert;

/** The order's note, if one was decided. */
export async function riskNoteOfOrder(
  db: Database,
  shopId: string,
  orderId: string,
): Promise<OrderRiskNoteRow | null> {
  const [row] = await db
    .select()
    .from(orderRiskNotes)
    .where(and(eq(orderRiskNotes.shopId, shopId), eq(orderRiskNotes.orderId, orderId)));
  return row ?? null;
}

/**
 * What was written, or is being written, into these orders' risk, as the order log shows it; a
 * note that was not needed (skipped) is left out.
 */
export async function riskNotesOfOrders(
  db: Database,
  shopId: string,
  orderIds: readonly string[],
): Promise<RiskNoteView[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select()
    .from(orderRiskNotes)
    .where(
      and(
        eq(orderRiskNotes.shopId, shopId),
        inArray(orderRiskNotes.orderId, [...orderIds]),
        ne(orderRiskNotes.status, 'skipped'),
      ),
    );
  return rows.map((row) => ({
    orderId: row.orderId,
    status: row.status === 'done' ? 'written' : row.status === 'failed' ? 'failed' : 'writing',
    riskLevel: row.riskLevel,
    facts: row.facts.map((fact) => fact.description),
    error: row.status === 'failed' ? row.error : null,
  }));
}

/** Records the decided note; a note already decided for the order is kept, and answered. */
export async function recordRiskNote(db: Database, note: NewRiskNote): Promise<OrderRiskNoteRow> {
  await db.insert(orderRiskNotes).values(note).onConflictDoNothing();
  const row = await riskNoteOfOrder(db, note.shopId, note.orderId);
  if (!row) throw new Error('The order’s risk note was not recorded');
  return row;
}

/** Takes the note for sending for `leaseMs`, while it is pending or its last claim expired. */
export async function claimRiskNote(
  db: Database,
  id: string,
  leaseMs: number,
  now = new Date(),
): Promise<OrderRiskNoteRow | null> {
  const [row] = await db
    .update(orderRiskNotes)
    .set(claimFields(orderRiskNotes, leaseMs, now))
    .where(claimable(orderRiskNotes, id, now))
    .returning();
  return row ?? null;
}

/** Notes that the assessment is about to go out (the platform may hold it from here on). */
export async function markRiskNoteSent(db: Database, id: string): Promise<void> {
  await db
    .update(orderRiskNotes)
    .set({ sentAt: firstSent(orderRiskNotes) })
    .where(eq(orderRiskNotes.id, id));
}

/** Ends a claimed note: written (done), refused for good (failed) or not needed (skipped). */
export async function finishRiskNote(
  db: Database,
  id: string,
  status: 'done' | 'failed' | 'skipped',
  error: string | null = null,
): Promise<void> {
  await db
    .update(orderRiskNotes)
    .set({ status, error, claimedUntil: null, updatedAt: new Date() })
    .where(held(orderRiskNotes, id));
}

/** Gives a claimed note back after an attempt that did not go through, with the reason. */
export async function releaseRiskNote(db: Database, id: string, error: string): Promise<void> {
  await db.update(orderRiskNotes).set(releaseFields(error)).where(held(orderRiskNotes, id));
}

/** After the last retry: a note still waiting to be sent is failed, with its last reason. */
export async function failOpenRiskNote(
  db: Database,
  shopId: string,
  orderId: string,
  error: string,
): Promise<void> {
  await db
    .update(orderRiskNotes)
    .set(failedAfterRetriesFields(orderRiskNotes, error))
    .where(pendingOfOrder(orderRiskNotes, shopId, orderId));
}

/** Deletes finished notes older than the cutoff (kept as long as the order log). */
export async function purgeRiskNotes(db: Database, before: Date): Promise<number> {
  const removed = await db
    .delete(orderRiskNotes)
    .where(
      and(
        lt(orderRiskNotes.createdAt, before),
        or(
          eq(orderRiskNotes.status, 'done'),
          eq(orderRiskNotes.status, 'failed'),
          eq(orderRiskNotes.status, 'skipped'),
        ),
      ),
    )
    .returning({ id: orderRiskNotes.id });
  return removed.length;
}

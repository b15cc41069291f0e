// The parts of an exactly-once claim that every table of things sent to the platform once
// shares (the order actions, the order-risk notes): a row is `pending` until one worker takes
// it (`sending`, with a lease and one attempt more), notes when it may have reached the
// platform, and is given back (`pending`, with the reason) or finished only while still held.
// A claim whose lease has run out (its worker died) may be taken again.
import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The columns a claimable table has. */
export interface LeaseColumns {
  id: PgColumn;
  status: PgColumn;
  claimedUntil: PgColumn;
  attempts: PgColumn;
  sentAt: PgColumn;
}

/** The columns of a claimable table whose rows belong to one order of a shop. */
export interface OrderLeaseColumns extends LeaseColumns {
  shopId: PgColumn;
  orderId: PgColumn;
  error: PgColumn;
}

/** The row, while it is pending or its last claim has expired. */
export const claimable = (t: LeaseColumns, id: string, now: Date): SQL | undefined =>
  and(
    eq(t.id, id),
    or(eq(t.status, 'pending'), and(eq(t.status, 'sending'), lt(t.claimedUntil, now))),
  );

/** What taking the claim for `leaseMs` sets. */
export const claimFields = (t: LeaseColumns, leaseMs: number, now: Date) => ({
  status: 'sending' as const,
  claimedUntil: new Date(now.getTime() + leaseMs),
  attempts: sql`${t.attempts} + 1`,
  updatedAt: now,
});

/** The first time the row may have reached the platform, kept from then on. */
export const firstSent = (t: LeaseColumns) => sql`coalesce(${t.sentAt}, now())`;

/** The row, while a worker holds it. */
export const held = (t: LeaseColumns, id: string): SQL | undefined =>
  and(eq(t.id, id), eq(t.status, 'sending'));

/** What giving the claim back after an attempt that did not go through sets. */
export const releaseFields = (error: string) => ({
  status: 'pending' as const,
  error,
  claimedUntil: null,
  updatedAt: new Date(),
});

/** The order's rows still waiting for another attempt. */
export const pendingOfOrder = (
  t: OrderLeaseColumns,
  shopId: string,
  orderId: string,
): SQL | undefined => and(eq(t.shopId, shopId), eq(t.orderId, orderId), eq(t.status, 'pending'));

/**
 * What failing a row after the last retry sets: the reason its last attempt gave, else this
 * one.
 */
export const failedAfterRetriesFields = (t: OrderLeaseColumns, error: string) => ({
  status: 'failed' as const,
  error: sql`coalesce(${t.error}, ${error})`,
  claimedUntil: null,
  updatedAt: new Date(),
});

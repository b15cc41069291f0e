// What Gatehouse wrote, or is to write, into one order's risk on the platform: one row per shop
// and order, so however often the order is heard of the assessment is decided once and sent
// once. Its level and facts are fixed when decided, so a retry sends the same. Like an order
// action it is claimed for sending (`sending`, with a lease, one attempt more) and finished
// after the platform answers; `sentAt` tells a later attempt the platform may already hold it.
// The facts name no customer data (no address, IP or email), only what was found.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../core/db/schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const riskNoteStatuses = ['pending', 'sending', 'done', 'failed', 'skipped'] as const;
export const riskLevels = ['HIGH', 'MEDIUM', 'LOW', 'NONE'] as const;
export type RiskNoteLevel = (typeof riskLevels)[number];
export const riskFactSentiments = ['NEGATIVE', 'NEUTRAL', 'POSITIVE'] as const;

export interface RiskNoteFact {
  description: string;
  sentiment: (typeof riskFactSentiments)[number];
}

export const orderRiskNotes = pgTable(
  'order_risk_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** The platform's numeric order id, as text. */
    orderId: text('order_id').notNull(),
    orderName: text('order_name').notNull(),
    status: text('status', { enum: riskNoteStatuses }).notNull(),
    riskLevel: text('risk_level', { enum: riskLevels }).notNull(),
    facts: jsonb('facts').$type<RiskNoteFact[]>().notNull(),
    /** Why it failed or was skipped, or why the last attempt did not go through. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** While `sending`: another worker may take it over only after this time. */
    claimedUntil: tz('claimed_until'),
    /** When it was first sent to the platform (null: never). */
    sentAt: tz('sent_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('order_risk_notes_shop_order_key').on(t.shopId, t.orderId),
    index('order_risk_notes_created_idx').on(t.createdAt),
    index('order_risk_notes_open_idx')
      .on(t.status)
      .where(sql`${t.status} in ('pending', 'sending')`),
  ],
);
export type OrderRiskNoteRow = typeof orderRiskNotes.$inferSelect;

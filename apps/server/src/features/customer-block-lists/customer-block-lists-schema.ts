// Customer Block Lists: the entries (one value of one kind each, with the merchant's note), one
// settings row per shop (the buyer's message), and one sync row per shop: the platform's
// validation the function's block list is written to and how the last sync went.
import {
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  index,
  boolean,
  doublePrecision,
} from 'drizzle-orm/pg-core';
import { shops } from '../../core/db/schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const customerBlockEntries = pgTable(
  'customer_block_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** email, emailDomain, phone, name, address, zip or country. */
    kind: text('kind').notNull(),
    /** As the merchant entered it (trimmed). */
    value: text('value').notNull(),
    /** The form the function compares: repeats are found by it. */
    normalised: text('normalised').notNull(),
    note: text('note').notNull().default(''),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_block_entries_shop_value_idx').on(t.shopId, t.kind, t.normalised),
    index('customer_block_entries_shop_created_idx').on(t.shopId, t.createdAt, t.id),
  ],
);
export type CustomerBlockEntryRow = typeof customerBlockEntries.$inferSelect;

/** The merchant's settings of the lists. */
export const customerBlockSettings = pgTable('customer_block_settings', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  /** What the buyer is told (null: the default message). */
  message: text('message'),
});

/**
 * How the checkout function's list stands on the platform: written by the sync job after the
 * request that changed the list has answered.
 */
export const checkoutBlockSync = pgTable('checkout_block_sync', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  /** The platform's validation (gid) the block list is written to, once created. */
  validationId: text('validation_id'),
  validationEnabled: boolean('validation_enabled'),
  /** Counts changes: a sync that read the list at an older count leaves the state pending. */
  changeSeq: integer('change_seq').notNull().default(0),
  /** never, pending, synced or failed. */
  syncState: text('sync_state').notNull().default('never'),
  lastAttemptAt: tz('last_attempt_at'),
  lastSuccessAt: tz('last_success_at'),
  lastError: text('last_error'),
  syncedEntries: integer('synced_entries').notNull().default(0),
  falseMatchRate: doublePrecision('false_match_rate').notNull().default(0),
});
export type CheckoutBlockSyncRow = typeof checkoutBlockSync.$inferSelect;

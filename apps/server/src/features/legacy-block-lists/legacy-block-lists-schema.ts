// Block Lists (Legacy)'s tables: its entries (an IP address or range, a country or an email,
// with a note; each counts the visits it blocked) and the record of each one-click migration,
// kept so a migration can be undone exactly until the merchant confirms it.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { entryColumns } from '../../protection/entry-columns.js';
import { shops } from '../../core/db/schema.js';

/** One entry of the legacy list. */
export const legacyEntries = pgTable(
  'legacy_block_entries',
  {
    ...entryColumns(),
    /** `ip`, `country` or `email`. */
    kind: text('kind', { enum: ['ip', 'country', 'email'] }).notNull(),
    /** Canonical: an address or CIDR range, an upper-case country code, a lower-case email. */
    value: text('value').notNull(),
  },
  (t) => [
    uniqueIndex('legacy_block_entries_shop_kind_value_idx').on(t.shopId, t.kind, t.value),
    index('legacy_block_entries_shop_created_idx').on(t.shopId, t.createdAt, t.id),
  ],
);
export type LegacyEntryRow = typeof legacyEntries.$inferSelect;

/** An entry a migration moved: the entry as it was, and what its blocker got for it. */
export interface MovedEntry {
  entry: {
    id: string;
    kind: 'ip' | 'country' | 'email';
    value: string;
    note: string;
    hits: number;
    createdAt: string;
  };
  outcome: 'move' | 'present' | 'stay';
  target: string | null;
  page: string | null;
  reason: string | null;
  /** What the blocker's add answered for it (what undo takes out); null when nothing was added. */
  ref: string | null;
}

/** One migration: pending until confirmed or undone. */
export const legacyMigrations = pgTable(
  'legacy_block_migrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'confirmed', 'undone'] })
      .notNull()
      .default('pending'),
    items: jsonb('items').$type<MovedEntry[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('legacy_block_migrations_shop_idx').on(t.shopId, t.createdAt),
    // At most one migration of a shop waits for confirm or undo.
    uniqueIndex('legacy_block_migrations_pending_idx')
      .on(t.shopId)
      .where(sql`status = 'pending'`),
  ],
);
export type LegacyMigrationRow = typeof legacyMigrations.$inferSelect;

// The settings every blocker has, in one shape: what a matched visitor gets (the block page or
// a redirect), monitor mode (log what would have been blocked, let the visitor through) and,
// for blockers that can be narrowed to part of the store, a scope. One row per shop and
// blocker, named by the blocker's registry name; defaults apply without a row.
import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../core/db/schema.js';

export const blockerActions = ['block', 'redirect'] as const;

export const blockerSettings = pgTable(
  'blocker_settings',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** The blocker's registry name, e.g. `country-blocker`. */
    blocker: text('blocker').notNull(),
    action: text('action', { enum: blockerActions }).notNull().default('block'),
    redirectUrl: text('redirect_url'),
    monitor: boolean('monitor').notNull().default(false),
    /** Where in the store the blocker applies; null: everywhere. */
    scope: jsonb('scope'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.blocker] })],
);
export type BlockerSettingsRow = typeof blockerSettings.$inferSelect;

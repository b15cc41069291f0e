// The auto-cancel filters of each shop, in priority order (position 0 runs first), kept as the
// data the engine compiles; and the dry runs: a draft's match, its progress while the job reads
// the shop's recent orders from the platform, and the orders it would have caught. What a
// filter did to each order is in the shared order-action log (db/order-actions-schema.ts), as
// feature 'auto-cancel' with the filter's id.
import type { AutoCancelActions, DryRunResult, FilterMatchInput } from '@gatehouse/contracts';
import { autoCancelModes, dryRunStates } from '@gatehouse/contracts';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { shops } from '../../core/db/schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const autoCancelFilters = pgTable(
  'auto_cancel_filters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mode: text('mode', { enum: autoCancelModes }).notNull(),
    position: integer('position').notNull(),
    match: jsonb('match').$type<FilterMatchInput>().notNull(),
    actions: jsonb('actions').$type<AutoCancelActions>().notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('auto_cancel_filters_shop_position_idx').on(t.shopId, t.position)],
);
export type AutoCancelFilterRow = typeof autoCancelFilters.$inferSelect;

export const autoCancelDryRuns = pgTable(
  'auto_cancel_dry_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    match: jsonb('match').$type<FilterMatchInput>().notNull(),
    state: text('state', { enum: dryRunStates }).notNull().default('queued'),
    read: integer('read').notNull().default(0),
    total: integer('total'),
    truncated: boolean('truncated').notNull().default(false),
    error: text('error'),
    results: jsonb('results').$type<DryRunResult[]>().notNull().default([]),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('auto_cancel_dry_runs_shop_created_idx').on(t.shopId, t.createdAt)],
);
export type AutoCancelDryRunRow = typeof autoCancelDryRuns.$inferSelect;

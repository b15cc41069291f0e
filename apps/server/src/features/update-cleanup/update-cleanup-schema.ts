// The update clean-up's one table: the shops whose leftovers from before the app's update (its
// script tags, its per-shop webhook subscriptions) have been removed, so each shop is cleaned
// once, whichever instance runs its job and however often instances start.
import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../core/db/schema.js';

export const updateCleanups = pgTable('update_cleanups', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The app's script tags deleted; null when the shop no longer granted script tags. */
  scriptTagsDeleted: integer('script_tags_deleted'),
  webhookSubscriptionsDeleted: integer('webhook_subscriptions_deleted').notNull().default(0),
});

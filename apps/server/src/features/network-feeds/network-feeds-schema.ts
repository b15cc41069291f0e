// The address feeds the network classification is refreshed from (Tor exits, iCloud Private
// Relay egress, search-engine crawler ranges): the last good copy of each, shared by every
// server instance, and how the last attempt to refresh it went.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const networkFeeds = pgTable('network_feeds', {
  /** The feed's name in the engine's FEEDS list. */
  name: text('name').primaryKey(),
  /** The last file that parsed, as downloaded; null until one has. */
  body: text('body'),
  /** Ranges in that file. */
  ranges: integer('ranges').notNull().default(0),
  /** Where it came from and when. */
  sourceUrl: text('source_url'),
  fetchedAt: tz('fetched_at'),
  /** The last attempt, good or bad, and what went wrong when it was bad. */
  checkedAt: tz('checked_at').notNull().defaultNow(),
  lastError: text('last_error'),
});
export type NetworkFeedRow = typeof networkFeeds.$inferSelect;

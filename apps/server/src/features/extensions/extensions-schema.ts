// The app embed's last known state in each shop's live theme, kept so that its turning off (a
// theme published, the embed switched off and saved) is noticed once, told to the merchant once,
// and shown on the dashboard and the Extensions page until it is on again.
import { boolean, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../../core/db/schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const appEmbedStates = pgTable('app_embed_states', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  /** As the last check found it; a check that finds it unchanged writes nothing. */
  enabled: boolean('enabled').notNull(),
  /** When a check first found it off after it had been on; null while on (or never on). */
  turnedOffAt: tz('turned_off_at'),
});

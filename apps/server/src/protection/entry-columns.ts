// The columns of a list blocker's entries (ISP/ASN, referrer, and the lists that follow): the
// entry's id, which is also its engine rule id, its shop, the merchant's note, the visits it
// decided and when it was added. A table with them can be a Blocker's `entryHits`: the visit
// queue adds each written batch's hits to `hits` and `last_hit_at`.
import { bigint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../core/db/schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export function entryColumns() {
  return {
    /** Also the engine rule id: decisions and visits name it. */
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    /** Visits this entry decided (blocked, redirected, or watched in monitor mode). */
    hits: bigint('hits', { mode: 'number' }).notNull().default(0),
    lastHitAt: tz('last_hit_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  };
}

// Access requests: what blocked shoppers sent the store from the block page. Shared because
// three features touch it: the storefront call that stores a request, the visitor log's
// retention that purges it with the visits, and the privacy handlers that erase a shopper's
// email and message.
import { index, inet, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shops } from '../core/db/schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const accessRequests = pgTable(
  'access_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** The reference as the block page showed it (two groups of five). */
    reference: text('reference').notNull(),
    /** The blocked visit's time, from the reference: with the address it finds the visit. */
    visitTime: tz('visit_time').notNull(),
    /** The address the request came from, which the reference's tag matched. */
    ip: inet('ip').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** When the merchant let the address in from this request. */
    allowedAt: tz('allowed_at'),
  },
  (t) => [
    // One request per visit reference, however many sends arrive at once.
    uniqueIndex('access_requests_shop_reference_idx').on(t.shopId, t.reference),
    index('access_requests_shop_created_idx').on(t.shopId, t.createdAt),
    index('access_requests_shop_ip_idx').on(t.shopId, t.ip, t.createdAt),
  ],
);
export type AccessRequestRow = typeof accessRequests.$inferSelect;

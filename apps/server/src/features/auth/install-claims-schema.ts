// Who is installing a shop from its first session token right now: one row per shop while an
// instance exchanges the token with the platform, so that the others wait for the shop to
// appear instead of exchanging too. The claim lasts as long as that exchange may; a claim past
// its time (its instance died) may be taken again.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const installClaims = pgTable('install_claims', {
  /** The shop's myshopify domain. */
  domain: text('domain').primaryKey(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }).notNull(),
});

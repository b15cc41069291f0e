// The Bot (VPN/Proxy) Blocker's tables. Its settings are per switch (each kind of network has
// its own action and monitor mode), so they live here rather than in blocker_settings, which
// holds one action per blocker. A shop without rows has the defaults: every switch off with
// the block page, iCloud Private Relay allowed, no trusted networks.
import { vpnNetworks } from '@gatehouse/contracts';
import {
  bigint,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { blockerActions } from '../../protection/blocker-settings-schema.js';
import { shops } from '../../core/db/schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One switch of a shop: whether it is on, what a matched visitor gets, monitor mode. */
export const vpnBlockerSwitches = pgTable(
  'vpn_blocker_switches',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    network: text('network', { enum: vpnNetworks }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    action: text('action', { enum: blockerActions }).notNull().default('block'),
    /** Kept while the block page is chosen, so switching back restores it. */
    redirectUrl: text('redirect_url'),
    monitor: boolean('monitor').notNull().default(false),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.network] })],
);
export type VpnBlockerSwitchRow = typeof vpnBlockerSwitches.$inferSelect;

/** What applies across the switches: one row per shop. */
export const vpnBlockerOptions = pgTable('vpn_blocker_options', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  /** iCloud Private Relay's visitors get in; when false the VPN switch blocks them too. */
  allowPrivateRelay: boolean('allow_private_relay').notNull().default(true),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** A network the merchant trusts: no switch blocks a visitor from it. */
export const vpnTrustedAsns = pgTable(
  'vpn_trusted_asns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    asn: bigint('asn', { mode: 'number' }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vpn_trusted_asns_shop_asn_idx').on(t.shopId, t.asn),
    index('vpn_trusted_asns_shop_created_idx').on(t.shopId, t.createdAt, t.id),
  ],
);
export type VpnTrustedAsnRow = typeof vpnTrustedAsns.$inferSelect;

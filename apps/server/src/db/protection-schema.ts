// Tables of storefront protection (issue 5): the IP lists, the per-shop protection settings
// (Country Blocker action, block page, time-out, retention), the admin-access devices and the
// visit log. Country Blocker mode and countries stay in schema.ts's country_blocker, and the
// dashboard counters in blocker_hourly_counts.
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { shops } from './schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const shopRef = () =>
  uuid('shop_id')
    .notNull()
    .references(() => shops.id, { onDelete: 'cascade' });

export const ipListKinds = ['block', 'allow'] as const;
export type IpListKind = (typeof ipListKinds)[number];

/** One address or CIDR range of a shop's IP block list or allow list. */
export const ipRules = pgTable(
  'ip_rules',
  {
    /** Also the engine rule id: decisions and visits name it. */
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: shopRef(),
    list: text('list', { enum: ipListKinds }).notNull(),
    /** Canonical text (engine's normalisation): one entry per address or range per list. */
    ip: text('ip').notNull(),
    note: text('note').notNull().default(''),
    expiresAt: tz('expires_at'),
    hits: bigint('hits', { mode: 'number' }).notNull().default(0),
    lastHitAt: tz('last_hit_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ip_rules_shop_list_ip_idx').on(t.shopId, t.list, t.ip),
    index('ip_rules_shop_list_created_idx').on(t.shopId, t.list, t.createdAt, t.id),
  ],
);
export type IpRuleRow = typeof ipRules.$inferSelect;

/** Everything protection keeps per shop besides the lists; defaults apply without a row. */
export const protectionSettings = pgTable('protection_settings', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  countryAction: text('country_action', { enum: ['block', 'redirect'] })
    .notNull()
    .default('block'),
  countryRedirectUrl: text('country_redirect_url'),
  countryMonitor: boolean('country_monitor').notNull().default(false),
  blockTitle: text('block_title'),
  blockMessage: text('block_message'),
  blockBackgroundColor: text('block_background_color'),
  blockTextColor: text('block_text_color'),
  blockLogoUrl: text('block_logo_url'),
  timeoutMs: integer('timeout_ms').notNull().default(2500),
  /** Null: the plan's retention. */
  logRetentionHours: integer('log_retention_hours'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
export type ProtectionSettingsRow = typeof protectionSettings.$inferSelect;

/** Browsers the merchant marked with Admin Access; only the token's SHA-256 is kept. */
export const adminDevices = pgTable(
  'admin_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: shopRef(),
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: tz('created_at').notNull().defaultNow(),
    revokedAt: tz('revoked_at'),
  },
  (t) => [index('admin_devices_shop_id_idx').on(t.shopId)],
);

/** Every storefront decision (issue 6 adds the log pages and retention). */
export const visits = pgTable(
  'visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: shopRef(),
    time: tz('time').notNull(),
    ip: text('ip').notNull(),
    country: text('country'),
    region: text('region'),
    city: text('city'),
    asn: integer('asn'),
    org: text('org'),
    url: text('url').notNull(),
    referrer: text('referrer').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    action: text('action', { enum: ['allow', 'block', 'redirect'] }).notNull(),
    ruleId: text('rule_id'),
    ruleKind: text('rule_kind'),
    /** A monitored rule matched: it would have blocked, the visitor was allowed by it. */
    monitor: boolean('monitor').notNull().default(false),
    monitorRuleId: text('monitor_rule_id'),
  },
  // One index per filter path of the visitor log (issue 6), each ending in (time, id) so a
  // keyset page reads only the rows it shows. visit_inet() is migration 0002's function.
  (t) => [
    index('visits_shop_time_id_idx').on(t.shopId, t.time.desc(), t.id.desc()),
    index('visits_shop_country_time_idx').on(t.shopId, t.country, t.time.desc(), t.id.desc()),
    index('visits_shop_asn_time_idx').on(t.shopId, t.asn, t.time.desc(), t.id.desc()),
    index('visits_shop_inet_idx').on(t.shopId, sql`visit_inet(${t.ip})`),
    // Blocked, redirected and monitored visits are rare (~8%): their filters get their own.
    index('visits_shop_flagged_time_idx')
      .on(t.shopId, t.time.desc(), t.id.desc())
      .where(sql`${t.action} <> 'allow' or ${t.monitor}`),
  ],
);
export type VisitRow = typeof visits.$inferInsert;

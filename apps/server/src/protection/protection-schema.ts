// Tables of storefront protection: the IP lists, General Settings (block page, time-out,
// retention), the admin-access devices and the visit log. Country Blocker mode and countries
// stay in schema.ts's country_blocker, every blocker's action and monitor mode in
// blocker_settings, and the dashboard counters in blocker_hourly_counts.
import { DEFAULT_TIMEOUT_MS } from '@gatehouse/contracts/block-page-defaults';
import { VISIT_FLAG_BITS } from '@gatehouse/contracts/visit-network';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  inet,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { shops } from '../core/db/schema.js';

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

/** General Settings of a shop (block page, time-out, retention); defaults apply without a row. */
export const generalSettings = pgTable('general_settings', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  blockTitle: text('block_title'),
  blockMessage: text('block_message'),
  blockBackgroundColor: text('block_background_color'),
  blockTextColor: text('block_text_color'),
  blockLogoUrl: text('block_logo_url'),
  timeoutMs: integer('timeout_ms').notNull().default(DEFAULT_TIMEOUT_MS),
  /** Null: the plan's retention. */
  logRetentionHours: integer('log_retention_hours'),
  /** Verified search engines pass every rule but an IP block entry. */
  allowVerifiedCrawlers: boolean('allow_verified_crawlers').notNull().default(true),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
export type GeneralSettingsRow = typeof generalSettings.$inferSelect;

/** Browsers the merchant marked with Admin Access; only the token's SHA-256 is kept. */
export const adminDevices = pgTable(
  'admin_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: shopRef(),
    tokenHash: text('token_hash').notNull().unique(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** SHA-256 of the key of the admin browser that armed the marking; null before it was kept. */
    adminKeyHash: text('admin_key_hash'),
    createdAt: tz('created_at').notNull().defaultNow(),
    revokedAt: tz('revoked_at'),
  },
  (t) => [index('admin_devices_shop_id_idx').on(t.shopId)],
);

/**
 * Every storefront decision. Migration 0007 makes it
 * a table partitioned by week on `time` (drizzle-kit cannot express partitioning; columns and
 * indexes here are the partitioned table's): `visits_pYYYYMMDD` for each UTC week from Monday,
 * created ahead and dropped past the longest retention by the retention job, plus
 * `visits_default` so that a visit of any time is stored. See
 * features/visitor-logs/visit-partitions.ts and bench/README.md for the figures behind each
 * choice below.
 */
export const visits = pgTable(
  'visits',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    // No foreign key to shops: its per-row check cost ~15 µs of a ~50 µs visit write, and shop
    // rows are never deleted (an uninstalled shop keeps its row); old partitions go anyway.
    shopId: uuid('shop_id').notNull(),
    time: tz('time').notNull(),
    /** NULL only when the visitor address was not an IP address (a malformed forwarded one). */
    ip: inet('ip'),
    country: text('country'),
    region: text('region'),
    city: text('city'),
    /** 32-bit ASNs go up to 4 294 967 295, past integer's range. */
    asn: bigint('asn', { mode: 'number' }),
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
    // What decided, as it stood when it decided (the blocker's name for the rule, its mode, and
    // what the monitored rule would have done): the log never rebuilds these from the
    // settings of now. NULL in visits recorded before they were kept.
    ruleLabel: text('rule_label'),
    ruleMode: text('rule_mode'),
    monitorRuleKind: text('monitor_rule_kind'),
    monitorLabel: text('monitor_label'),
    monitorMode: text('monitor_mode'),
    monitorAction: text('monitor_action', { enum: ['block', 'redirect'] }),
    // What the engine knew of the visitor's network and agent when it decided, compact so the
    // writer stays fast: the network kinds and the crawler verdict as one bit set (the
    // engine's network bits, then 32 for a verified and 64 for a fake crawler; 0 in visits
    // recorded before they were kept), and the Bot Blocker category of the user agent. Their
    // filters read partial indexes of the visits that have them (below).
    netFlags: smallint('net_flags').notNull().default(0),
    botCategory: text('bot_category'),
  },
  // One index per filter path of the visitor log, each ending in (time, id) so a
  // keyset page reads only the rows it shows. All ascending, read backwards: one ORDER BY
  // (time desc, id desc) then fits every index, the primary key included (a constraint's index
  // cannot be descending). The primary key must hold the partition key `time`; led by the shop
  // it is also the unfiltered log's index.
  (t) => [
    primaryKey({ name: 'visits_pkey', columns: [t.shopId, t.time, t.id] }),
    index('visits_shop_country_time_idx').on(t.shopId, t.country, t.time, t.id),
    index('visits_shop_asn_time_idx').on(t.shopId, t.asn, t.time, t.id),
    index('visits_shop_ip_time_idx').on(t.shopId, t.ip, t.time, t.id),
    // Blocked, redirected and monitored visits are rare (~8%): their filters get their own.
    index('visits_shop_flagged_time_idx')
      .on(t.shopId, t.time, t.id)
      .where(sql`${t.action} <> 'allow' or ${t.monitor}`),
    // Visits from a flagged network, with a crawler verdict or a bot category are a minority
    // too: one partial index per bit of the set, and one of the visits with a bot category, so
    // each of those filters reads only the visits it shows, and a filter that matches nothing
    // reads nothing. A visit enters only the indexes of the bits it has.
    ...Object.entries(VISIT_FLAG_BITS).map(([name, bit]) =>
      index(`visits_shop_net_${name.toLowerCase()}_time_idx`)
        .on(t.shopId, t.time, t.id)
        .where(netFlagSet(t.netFlags, bit)),
    ),
    index('visits_shop_bot_time_idx')
      .on(t.shopId, t.botCategory, t.time, t.id)
      .where(sql`${t.botCategory} is not null`),
    // No URL index: one more btree entry per visit cost ~10–15 µs of a ~60 µs write. "URL
    // contains" finds the minutes each matching URL was seen in (visit_url_minutes) and reads
    // those minutes through the primary key.
  ],
);
export type VisitRow = typeof visits.$inferInsert;

/**
 * The condition that a visit's bit set holds `bit`, written the same way in the indexes and
 * in the visitor log's filters (the bit inlined, not a parameter): the planner uses a partial
 * index only for a condition it can prove implies the index's.
 */
export function netFlagSet(column: AnyPgColumn | SQL, bit: number): SQL {
  if (!Number.isInteger(bit) || bit <= 0 || bit > 0x4000) throw new Error(`Not a flag bit: ${bit}`);
  return sql`(${column} & ${sql.raw(String(bit))}::smallint) <> 0`;
}

/**
 * Each shop's distinct visited URLs (far fewer than its visits), kept by the visit writer: a
 * "URL contains" search reads these first, then the visits of the URLs that match. `visits`
 * counts the visits written with the URL, `lastSeen` its newest; the retention job drops URLs
 * whose visits are all gone.
 */
export const visitUrls = pgTable(
  'visit_urls',
  {
    // The shop's URLs go with its row when the shop's data is erased.
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** md5 of the URL: the key, as a long URL cannot be a btree key itself. */
    urlHash: text('url_hash').notNull(),
    url: text('url').notNull(),
    visits: bigint('visits', { mode: 'number' }).notNull().default(0),
    lastSeen: tz('last_seen').notNull(),
  },
  (t) => [primaryKey({ name: 'visit_urls_pkey', columns: [t.shopId, t.urlHash] })],
);

/**
 * The minutes (UTC, truncated) in which each of a shop's distinct URLs was visited, one row per
 * URL and minute, added by the visit writer once per batch (a batch's visits span a few
 * minutes, so a few rows per distinct URL). A "URL contains" search reads a rare URL's visits
 * minute by minute through the visits' primary key instead of walking the whole log. The
 * retention job deletes the minutes whose visits are all gone.
 */
export const visitUrlMinutes = pgTable(
  'visit_url_minutes',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** visit_urls.url_hash of the URL. */
    urlHash: text('url_hash').notNull(),
    minute: tz('minute').notNull(),
  },
  (t) => [primaryKey({ name: 'visit_url_minutes_pkey', columns: [t.shopId, t.urlHash, t.minute] })],
);

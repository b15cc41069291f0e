// The server's core tables (the other shared ones are in the *-schema.ts files beside it, a
// feature's own in its folder). Row types are derived from these definitions; drizzle-kit
// generates the SQL migrations in ../../drizzle from them (drizzle.config.ts).
import { dashboardCounters } from '@gatehouse/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => tz('created_at').notNull().defaultNow();

export const plans = ['free', 'premium', 'payg'] as const;
export type Plan = (typeof plans)[number];

export const tokenStates = ['non-expiring', 'expiring', 'dead'] as const;
export type TokenState = (typeof tokenStates)[number];

export const shops = pgTable('shops', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Shopify's numeric shop id, as text. */
  shopifyShopId: text('shopify_shop_id'),
  domain: text('domain').notNull().unique(),
  name: text('name').notNull().default(''),
  email: text('email').notNull().default(''),
  /** The store's customer-facing email (the platform's contactEmail); empty when it has none. */
  contactEmail: text('contact_email').notNull().default(''),
  shopOwner: text('shop_owner').notNull().default(''),
  platformPlanName: text('platform_plan_name').notNull().default(''),
  /** Offline access token, AES-256-GCM (see crypto/token-cipher.ts); null when uninstalled. */
  accessTokenIv: text('access_token_iv'),
  accessTokenTag: text('access_token_tag'),
  accessTokenCiphertext: text('access_token_ciphertext'),
  /** When the access token expires; null for a non-expiring token (issued before expiring ones). */
  accessTokenExpiresAt: tz('access_token_expires_at'),
  /** The refresh token of an expiring pair, sealed like the access token. */
  refreshTokenIv: text('refresh_token_iv'),
  refreshTokenTag: text('refresh_token_tag'),
  refreshTokenCiphertext: text('refresh_token_ciphertext'),
  refreshTokenExpiresAt: tz('refresh_token_expires_at'),
  /**
   * What the stored offline token is: a non-expiring one (to migrate), an expiring pair, or
   * dead (the platform refused its refresh or migration: the merchant must sign in again).
   */
  tokenState: text('token_state', { enum: tokenStates }).notNull().default('non-expiring'),
  /** When the token was found dead; null otherwise. */
  tokenDeadSince: tz('token_dead_since'),
  grantedScopes: text('granted_scopes').notNull().default(''),
  installedAt: tz('installed_at').notNull().defaultNow(),
  uninstalledAt: tz('uninstalled_at'),
  isReviewLeft: boolean('is_review_left').notNull().default(false),
  /** The merchant's "Do not show again" on the footer extension banner. */
  extensionEnabled: boolean('extension_enabled').notNull().default(false),
  isShowWaf: boolean('is_show_waf').notNull().default(false),
  isAppDisabled: boolean('is_app_disabled').notNull().default(false),
  isNew: boolean('is_new').notNull().default(true),
  isLegacyAccount: boolean('is_legacy_account').notNull().default(false),
  plan: text('plan', { enum: plans }).notNull().default('free'),
  adminAccessEnabled: boolean('admin_access_enabled').notNull().default(false),
  adminAccessMode: boolean('admin_access_mode').notNull().default(false),
  /** Until when the storefront may mark a new admin device (armed from the dashboard). */
  adminAccessArmedUntil: timestamp('admin_access_armed_until', { withTimezone: true }),
  /**
   * SHA-256 of the key of the admin browser that armed it: the device it marks is recorded as
   * that browser's, so the dashboard can say whether the browser it runs in is marked.
   */
  adminAccessArmedBy: text('admin_access_armed_by'),
  wafConnected: boolean('waf_connected').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});
export type Shop = typeof shops.$inferSelect;

const shopRef = () =>
  uuid('shop_id')
    .notNull()
    .references(() => shops.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: shopRef(),
    /** SHA-256 hex of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: tz('expires_at').notNull(),
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
    revokedAt: tz('revoked_at'),
    impersonated: boolean('impersonated').notNull().default(false),
  },
  (t) => [index('sessions_shop_id_idx').on(t.shopId)],
);
export type Session = typeof sessions.$inferSelect;

export const loginTokens = pgTable(
  'login_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: shopRef(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [index('login_tokens_shop_id_idx').on(t.shopId)],
);

export const personateTokens = pgTable(
  'personate_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: shopRef(),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [index('personate_tokens_shop_id_idx').on(t.shopId)],
);

export const oauthStates = pgTable(
  'oauth_states',
  {
    /** SHA-256 hex of the OAuth `state` sent to the platform. */
    stateHash: text('state_hash').primaryKey(),
    shopDomain: text('shop_domain').notNull(),
    createdAt: createdAt(),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
  },
  (t) => [index('oauth_states_expires_at_idx').on(t.expiresAt)],
);

export const actors = ['merchant', 'support', 'platform', 'system'] as const;
export type Actor = (typeof actors)[number];

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    actor: text('actor', { enum: actors }).notNull(),
    impersonated: boolean('impersonated').notNull().default(false),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_shop_id_created_at_idx').on(t.shopId, t.createdAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: shopRef(),
    content: text('content').notNull(),
    createdAt: createdAt(),
    readAt: tz('read_at'),
  },
  (t) => [index('notifications_shop_id_created_at_idx').on(t.shopId, t.createdAt)],
);

export const customerQuestions = pgTable(
  'customer_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: shopRef(),
    name: text('name').notNull(),
    replyEmail: text('reply_email').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('customer_questions_shop_id_idx').on(t.shopId),
    index('customer_questions_created_at_idx').on(t.createdAt),
  ],
);

export const ratingEventKinds = ['prompt_shown', 'rated', 'dismissed'] as const;

export const ratingEvents = pgTable(
  'rating_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: shopRef(),
    kind: text('kind', { enum: ratingEventKinds }).notNull(),
    rating: integer('rating'),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [index('rating_events_shop_id_created_at_idx').on(t.shopId, t.createdAt)],
);

export const webhookStatuses = ['queued', 'processed', 'failed', 'ignored'] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];

/**
 * Every platform webhook delivery, by its X-Shopify-Webhook-Id (the platform's dedupe key):
 * recorded with its body sealed (AES-256-GCM, see webhooks/deliveries.ts) in the same
 * transaction as the job that processes it, then `processed` (body dropped), `ignored` (no
 * handler, or stale) or `failed` with the reason (body kept for a replay).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    webhookId: text('webhook_id').primaryKey(),
    shopDomain: text('shop_domain').notNull(),
    topic: text('topic').notNull(),
    apiVersion: text('api_version').notNull().default(''),
    /** X-Shopify-Triggered-At: when the event happened on the platform (retries keep it). */
    triggeredAt: tz('triggered_at'),
    receivedAt: tz('received_at').notNull().defaultNow(),
    status: text('status', { enum: webhookStatuses }).notNull().default('queued'),
    bodyIv: text('body_iv'),
    bodyTag: text('body_tag'),
    bodyCiphertext: text('body_ciphertext'),
    /** The job that processes it (the webhook-delivery queue). */
    jobId: text('job_id'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last attempt failed, or why it is ignored. */
    lastError: text('last_error'),
    /** What processing did (counts, a note), for support. */
    outcome: jsonb('outcome').$type<Record<string, unknown>>(),
    processedAt: tz('processed_at'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_events_shop_domain_idx').on(t.shopDomain),
    index('webhook_events_status_received_idx').on(t.status, t.receivedAt),
  ],
);
export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/**
 * What a customers/data_request found about one customer, sealed (it is their personal data),
 * for support to send to the merchant; deleted by that customer's redact, the shop's redact, or
 * after 30 days.
 */
export const customerDataRequests = pgTable(
  'customer_data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: shopRef(),
    webhookId: text('webhook_id').notNull().unique(),
    /** The platform's data_request id and customer id, as text. */
    platformRequestId: text('platform_request_id'),
    customerId: text('customer_id').notNull(),
    dataIv: text('data_iv').notNull(),
    dataTag: text('data_tag').notNull(),
    dataCiphertext: text('data_ciphertext').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_data_requests_shop_created_idx').on(t.shopId, t.createdAt)],
);

/** The hourly counts kept per shop: the dashboard's, and every protected page view. */
export const hourlyCounters = [...dashboardCounters, 'pageViews'] as const;
export type HourlyCounter = (typeof hourlyCounters)[number];
/** The counts of orders (cancelled by Fraud Protect), not of visits: the visit chart leaves them out. */
export const orderCounters: readonly HourlyCounter[] = ['fraudProtect'];

export const blockerHourlyCounts = pgTable(
  'blocker_hourly_counts',
  {
    shopId: shopRef(),
    hour: tz('hour').notNull(),
    /** A dashboard count's name (`ipBlocker`…) or `pageViews`. */
    blocker: text('blocker', { enum: hourlyCounters }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.hour, t.blocker] })],
);

export const countryBlocker = pgTable('country_blocker', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: ['blacklist', 'whitelist'] })
    .notNull()
    .default('blacklist'),
  countries: text('countries')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

// The server's configuration, parsed once from the environment with zod. Nothing else in the
// server reads process.env: everything receives the AppConfig built here.
import { createHmac } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { fileURLToPath } from 'node:url';
import { FEEDS, parseDevOrigins, type DevOrigin } from '@gatehouse/engine';
import { z } from 'zod';
import { readOrCreateAppSecret } from './app-secret-file.js';
import { trustedProxyProblem } from './http/trusted-proxies.js';
import { API_VERSION, API_VERSION_FORMAT } from './platform/api-version.js';

/** Shopify's App Bridge, which an embedded app loads first in its head. */
export const SHOPIFY_APP_BRIDGE_URL = 'https://cdn.shopify.com/shopifycloud/app-bridge.js';

/** The repository root, so default data folders do not depend on the working directory. */
export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Five cron fields (minute hour day month weekday): digits, names, `*`, `/`, `,` and `-`. */
const CRON = /^[\w*/,-]+(\s+[\w*/,-]+){4}$/;

const optionalUrl = z
  .string()
  .transform((v) => v.trim().replace(/\/+$/, ''))
  .pipe(z.union([z.literal(''), z.url()]));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Unset: loopback (`localhost`) outside production, every interface in production. */
    HOST: z.string().min(1).optional(),
    APP_URL: z
      .url()
      .default('http://localhost:3000')
      .transform((v) => v.replace(/\/+$/, '')),
    DATABASE_URL: z.string().optional(),
    PGLITE_DIR: z.string().min(1).default(`${repoRoot}.data/pglite`),
    SHOPIFY_API_KEY: z.string().min(1).default('gatehouse-dev-api-key'),
    SHOPIFY_API_SECRET: z.string().min(1).default('gatehouse-dev-api-secret'),
    SHOPIFY_SCOPES: z
      .string()
      .min(1)
      .default('read_orders,write_orders,read_themes,read_customers,write_validations'),
    SHOPIFY_API_VERSION: z
      .string()
      .regex(API_VERSION_FORMAT, `must look like ${API_VERSION}`)
      .default(API_VERSION),
    PLATFORM_URL: optionalUrl.default('http://localhost:4000'),
    /**
     * Where embedded pages load App Bridge from: Shopify's CDN unless set. A stand-in (the
     * platform emulator's) is for development and tests only, refused in production.
     */
    APP_BRIDGE_URL: z.url().optional(),
    PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
    PLATFORM_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(9000),
    PLATFORM_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(4),
    PLATFORM_RETRY_BASE_MS: z.coerce.number().int().min(1).max(10_000).default(250),
    APP_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    APP_SECRET_FILE: z.string().min(1).default(`${repoRoot}.data/app-secret`),
    SUPPORT_API_KEY: z.string().min(1).optional(),
    /** The key firewall instances read policies with; derived from APP_SECRET when unset. */
    FIREWALL_KEY: z.string().min(32).optional(),
    /** Where the connection probe connects instead of the shop's domain (a local firewall). */
    FIREWALL_PROBE_URL: z.url().optional(),
    /** What merchants point their domains at: a CNAME target and an A-record address. */
    FIREWALL_CNAME: z.string().min(1).max(253).optional(),
    FIREWALL_ADDRESS: z.ipv4().optional(),
    FIREWALL_PROBE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
    /**
     * Store origins (host or host:port) Firewall Settings accepts though they are not public,
     * like the platform emulator: development and tests only, refused in production.
     */
    FIREWALL_DEV_ORIGINS: z
      .string()
      .default('')
      .transform((text, ctx) => {
        try {
          return parseDevOrigins(text);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      }),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    ADMIN_DIST: z.string().min(1).default(`${repoRoot}apps/admin/dist`),
    TRUSTED_PROXIES: z.string().default('127.0.0.1,::1'),
    /** DNS servers asked for claimed crawlers' names (address or address:port); the system's when empty. */
    CRAWLER_DNS_SERVERS: z.string().default(''),
    CRAWLER_DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_000),
    RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_SUPPORT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    BILLING_TEST: z.enum(['true', 'false']).default('true'),
    USAGE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
    USAGE_RETRY_LIMIT: z.coerce.number().int().min(0).max(50).default(7),
    WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(8),
    WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    JOB_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).default(2),
    JOB_SUPERVISE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    JOB_STOP_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
    JOB_SCHEDULES: z.enum(['on', 'off']).default('on'),
    RATE_LIMIT_DECIDE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    VISIT_FLUSH_INTERVAL_MS: z.coerce.number().int().min(10).default(500),
    VISIT_FLUSH_BATCH: z.coerce.number().int().min(1).default(500),
    VISIT_BUFFER_MAX: z.coerce.number().int().min(1).default(50_000),
    POLICY_CACHE_MAX: z.coerce.number().int().min(1).default(10_000),
    VISIT_PURGE_SCHEDULE: z
      .string()
      .trim()
      .regex(CRON, 'must be a cron expression such as */15 * * * *, or empty for never')
      .or(z.literal(''))
      .default('*/15 * * * *'),
    VISIT_URL_SEARCH_BUDGET: z.coerce.number().int().min(10).max(1_000_000).default(20_000),
    NETWORK_FEEDS_SCHEDULE: z
      .string()
      .trim()
      .regex(CRON, 'must be a cron expression such as 23 */6 * * *, or empty for never')
      .or(z.literal(''))
      .default('23 */6 * * *'),
    NETWORK_FEED_URLS: z
      .string()
      .default('')
      .transform((text, ctx) => {
        const urls: Record<string, string> = {};
        for (const pair of text.split(/[\s,]+/).filter(Boolean)) {
          const eq = pair.indexOf('=');
          const name = pair.slice(0, eq);
          const url = pair.slice(eq + 1);
          if (eq < 1 || !FEEDS.some((f) => f.name === name)) {
            ctx.addIssue({
              code: 'custom',
              message: `"${pair}" must be name=url with a name among ${FEEDS.map((f) => f.name).join(', ')}`,
            });
            return z.NEVER;
          }
          if (!/^https?:\/\//.test(url) || !URL.canParse(url)) {
            ctx.addIssue({ code: 'custom', message: `"${url}" is not an http(s) address` });
            return z.NEVER;
          }
          urls[name] = url;
        }
        return urls;
      }),
    NETWORK_FEED_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
    NETWORK_FEEDS_CHECK_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'is required when NODE_ENV=production',
      });
    }
    if (env.NODE_ENV === 'production' && env.SUPPORT_API_KEY && env.SUPPORT_API_KEY.length < 32) {
      ctx.addIssue({
        code: 'custom',
        path: ['SUPPORT_API_KEY'],
        message: 'must be at least 32 characters when NODE_ENV=production',
      });
    }
    if (env.NODE_ENV === 'production' && env.FIREWALL_DEV_ORIGINS.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREWALL_DEV_ORIGINS'],
        message: 'is for development only, never with NODE_ENV=production',
      });
    }
    if (
      env.NODE_ENV === 'production' &&
      env.APP_BRIDGE_URL &&
      env.APP_BRIDGE_URL !== SHOPIFY_APP_BRIDGE_URL
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_BRIDGE_URL'],
        message: `is for development only: in production App Bridge loads from ${SHOPIFY_APP_BRIDGE_URL}`,
      });
    }
    if (env.PLATFORM_TIMEOUT_MS > env.PLATFORM_DEADLINE_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PLATFORM_TIMEOUT_MS'],
        message: 'must not be longer than PLATFORM_DEADLINE_MS',
      });
    }
    try {
      new Resolver().setServers(splitList(env.CRAWLER_DNS_SERVERS));
    } catch {
      ctx.addIssue({
        code: 'custom',
        path: ['CRAWLER_DNS_SERVERS'],
        message: 'must be a comma-separated list of IP addresses, each with an optional :port',
      });
    }
    for (const entry of splitList(env.TRUSTED_PROXIES)) {
      const problem = trustedProxyProblem(entry);
      if (problem) ctx.addIssue({ code: 'custom', path: ['TRUSTED_PROXIES'], message: problem });
    }
  });

const splitList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  /** A postgres:// URL; null means the embedded PGlite database in pgliteDir. */
  databaseUrl: string | null;
  /** A folder, or `memory://` for a throw-away in-memory database. */
  pgliteDir: string;
  shopify: { apiKey: string; apiSecret: string; scopes: string[]; apiVersion: string };
  /** The platform emulator's origin; null talks to real Shopify. */
  platformUrl: string | null;
  /** Where embedded pages load App Bridge from (Shopify's CDN in production). */
  appBridgeUrl: string;
  /** How every call to the platform is bounded and retried. */
  platformCalls: {
    /** One request is abandoned after this long. */
    attemptTimeoutMs: number;
    /** A whole call, retries and waits included, ends within this long. */
    deadlineMs: number;
    /** Requests per call at most, the first one included. */
    maxAttempts: number;
    /** The first retry's back-off; doubles per retry, with jitter. */
    retryBaseMs: number;
  };
  appSecret: string;
  supportApiKey: string;
  logLevel: string;
  adminDist: string;
  trustedProxies: string[];
  firewall: {
    /** Bearer key of the policy snapshot, shared with the firewall instances. */
    key: string;
    /** Origin the probe connects to instead of the shop's domain; null: the domain itself. */
    probeUrl: string | null;
    probeTimeoutMs: number;
    cname: string | null;
    address: string | null;
    /** Origins that may be private; always empty in production. */
    devOrigins: DevOrigin[];
  };
  rateLimit: { signInPerMinute: number; supportPerMinute: number };
  billing: {
    /** Subscriptions are created as test charges unless NODE_ENV=production and BILLING_TEST=false. */
    test: boolean;
    /** First retry delay of a failed usage charge, in seconds; doubles per retry. */
    retryDelaySeconds: number;
    /** Retries of a failed usage charge before it is marked failed. */
    retryLimit: number;
  };
  webhooks: {
    /** Retries of a delivery whose processing failed, before it is recorded failed. */
    retryLimit: number;
    /** First retry delay in seconds; doubles per retry (at most 15 minutes), with jitter. */
    retryDelaySeconds: number;
  };
  jobs: {
    /** How often an idle job worker looks for jobs. */
    pollIntervalSeconds: number;
    /** How often an instance retries the jobs of workers that went silent and cleans up. */
    superviseIntervalSeconds: number;
    /** How long closing waits for running jobs. */
    stopTimeoutMs: number;
    /**
     * Whether this instance turns the jobs' schedules (the hourly token upkeep, the sweeps, the
     * purges) into jobs; off, it works only the jobs sent to it.
     */
    schedules: boolean;
  };
  protection: {
    /** Storefront decisions allowed per visitor IP per minute. */
    decidePerMinute: number;
    /** Visits are written at least this often, or as soon as a batch is full. */
    visitFlushIntervalMs: number;
    visitFlushBatch: number;
    /** Visits held in memory at most; beyond it they are dropped and counted. */
    visitBufferMax: number;
    /** Compiled policies kept in memory at most (least recently used go first). */
    policyCacheMax: number;
    /** DNS servers for the crawler check (empty: the system's), and its time-out per question. */
    crawlerDnsServers: string[];
    crawlerDnsTimeoutMs: number;
    /** When visits past their shop's retention are purged (cron, UTC); null = never. */
    visitPurgeSchedule: string | null;
    /** Visits a "URL contains" page of the log examines at most. */
    visitUrlSearchBudget: number;
  };
  networkFeeds: {
    /** When the feeds are downloaded again (cron, UTC); null = never (not even at start). */
    schedule: string | null;
    /** Each feed's address: the publisher's unless set. */
    urls: Record<string, string>;
    timeoutMs: number;
    /** How often each instance looks for new copies another instance stored. */
    checkEveryMs: number;
  };
}

/** HMAC-SHA256(APP_SECRET, "support-api") in hex: the support API key when none is set. */
export function defaultSupportApiKey(appSecret: string): string {
  return createHmac('sha256', appSecret).update('support-api').digest('hex');
}

/**
 * HMAC-SHA256(APP_SECRET, "gatehouse-firewall") in hex: the firewall key when none is set
 * (the firewall derives the same from the same secret).
 */
export function defaultFirewallKey(appSecret: string): string {
  return createHmac('sha256', appSecret).update('gatehouse-firewall').digest('hex');
}

/** Parses the environment; throws naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid server configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Without APP_SECRET (refused in production) the secret is random and kept in APP_SECRET_FILE.
  const appSecret = e.APP_SECRET ?? readOrCreateAppSecret(e.APP_SECRET_FILE);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    // Outside production the server answers this machine only: its default settings (the
    // emulator as the platform, development API credentials) must not be reachable from the
    // network. In production it listens on every interface, as a container or host needs.
    host: e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost'),
    appUrl: e.APP_URL,
    databaseUrl: e.DATABASE_URL?.trim() ? e.DATABASE_URL.trim() : null,
    pgliteDir: e.PGLITE_DIR,
    shopify: {
      apiKey: e.SHOPIFY_API_KEY,
      apiSecret: e.SHOPIFY_API_SECRET,
      scopes: e.SHOPIFY_SCOPES.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      apiVersion: e.SHOPIFY_API_VERSION,
    },
    platformUrl: e.PLATFORM_URL === '' ? null : e.PLATFORM_URL,
    appBridgeUrl: e.APP_BRIDGE_URL ?? SHOPIFY_APP_BRIDGE_URL,
    platformCalls: {
      attemptTimeoutMs: e.PLATFORM_TIMEOUT_MS,
      deadlineMs: e.PLATFORM_DEADLINE_MS,
      maxAttempts: e.PLATFORM_MAX_ATTEMPTS,
      retryBaseMs: e.PLATFORM_RETRY_BASE_MS,
    },
    appSecret,
    supportApiKey: e.SUPPORT_API_KEY ?? defaultSupportApiKey(appSecret),
    logLevel: e.LOG_LEVEL,
    adminDist: e.ADMIN_DIST,
    trustedProxies: splitList(e.TRUSTED_PROXIES),
    firewall: {
      key: e.FIREWALL_KEY ?? defaultFirewallKey(appSecret),
      probeUrl: e.FIREWALL_PROBE_URL?.replace(/\/+$/, '') ?? null,
      probeTimeoutMs: e.FIREWALL_PROBE_TIMEOUT_MS,
      cname: e.FIREWALL_CNAME ?? null,
      address: e.FIREWALL_ADDRESS ?? null,
      devOrigins: e.FIREWALL_DEV_ORIGINS,
    },
    rateLimit: {
      signInPerMinute: e.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      supportPerMinute: e.RATE_LIMIT_SUPPORT_PER_MINUTE,
    },
    billing: {
      test: !(e.NODE_ENV === 'production' && e.BILLING_TEST === 'false'),
      retryDelaySeconds: e.USAGE_RETRY_DELAY_SECONDS,
      retryLimit: e.USAGE_RETRY_LIMIT,
    },
    webhooks: {
      retryLimit: e.WEBHOOK_RETRY_LIMIT,
      retryDelaySeconds: e.WEBHOOK_RETRY_DELAY_SECONDS,
    },
    jobs: {
      pollIntervalSeconds: e.JOB_POLL_INTERVAL_SECONDS,
      superviseIntervalSeconds: e.JOB_SUPERVISE_INTERVAL_SECONDS,
      stopTimeoutMs: e.JOB_STOP_TIMEOUT_MS,
      schedules: e.JOB_SCHEDULES === 'on',
    },
    protection: {
      decidePerMinute: e.RATE_LIMIT_DECIDE_PER_MINUTE,
      visitFlushIntervalMs: e.VISIT_FLUSH_INTERVAL_MS,
      visitFlushBatch: e.VISIT_FLUSH_BATCH,
      visitBufferMax: e.VISIT_BUFFER_MAX,
      policyCacheMax: e.POLICY_CACHE_MAX,
      crawlerDnsServers: splitList(e.CRAWLER_DNS_SERVERS),
      crawlerDnsTimeoutMs: e.CRAWLER_DNS_TIMEOUT_MS,
      visitPurgeSchedule: e.VISIT_PURGE_SCHEDULE === '' ? null : e.VISIT_PURGE_SCHEDULE,
      visitUrlSearchBudget: e.VISIT_URL_SEARCH_BUDGET,
    },
    networkFeeds: {
      schedule: e.NETWORK_FEEDS_SCHEDULE === '' ? null : e.NETWORK_FEEDS_SCHEDULE,
      urls: Object.fromEntries(FEEDS.map((f) => [f.name, e.NETWORK_FEED_URLS[f.name] ?? f.url])),
      timeoutMs: e.NETWORK_FEED_TIMEOUT_MS,
      checkEveryMs: e.NETWORK_FEEDS_CHECK_MS,
    },
  };
}

export interface SupportCliConfig {
  serverUrl: string;
  supportApiKey: string;
}

/** The support CLI's settings: the running server (SERVER_URL, default APP_URL) and its key. */
export function loadSupportCliConfig(
  env: Record<string, string | undefined> = process.env,
): SupportCliConfig {
  const config = loadConfig(env);
  const serverUrl = z
    .url()
    .optional()
    .safeParse(env.SERVER_URL?.trim() || undefined);
  if (!serverUrl.success)
    throw new Error('Invalid SERVER_URL: must be a URL such as http://localhost:3000');
  return {
    serverUrl: (serverUrl.data ?? config.appUrl).replace(/\/+$/, ''),
    supportApiKey: config.supportApiKey,
  };
}

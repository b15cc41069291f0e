// The firewall's configuration, parsed once from the environment; a bad value stops the process
// naming the variable. The firewall reads its policies and the network feeds' copies from the
// Gatehouse server (POLICY_URL)
// with the firewall key: FIREWALL_KEY when set, otherwise derived from the server's APP_SECRET
// (or the secret file the server keeps when none is set, as on the embedded defaults).
// FIREWALL_DEV_ORIGINS lets the firewall reach origins that are not public (the platform
// emulator on loopback), and signed agents' key directories there over plain http; it is for
// development and tests, and the firewall refuses to start with it when NODE_ENV=production.
// FIREWALL_AGENT_DIRECTORIES (development only too) reads a known signed agent's keys from
// another origin, like the platform emulator's keys for the signatures it makes as Shopify.
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseDevOrigins, trustedNetworkProblem, type DevOrigin } from '@gatehouse/engine';
import { z } from 'zod';
import { ACCESS_REQUEST_PATH } from '@gatehouse/contracts/access-request-path';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** A comma-separated list's entries, trimmed, empty ones left out. */
const splitList = (list: string) =>
  list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  FIREWALL_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  FIREWALL_HOST: z.string().min(1).optional(),
  /** The Gatehouse server's origin, where the policy snapshot is read. */
  POLICY_URL: z.url().optional(),
  /** The Gatehouse server's public origin, where a blocked shopper's request for access goes. */
  APP_URL: z.url().default('http://localhost:3000'),
  FIREWALL_KEY: z.string().min(32).optional(),
  APP_SECRET: z.string().min(16).optional(),
  APP_SECRET_FILE: z.string().min(1).default(`${repoRoot}.data/app-secret`),
  POLICY_REFRESH_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  POLICY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** The policy read waits on the server for a change this long; 0 polls every refresh. */
  POLICY_WAIT_SECONDS: z.coerce.number().int().min(0).max(55).default(25),
  /** The last good policies, kept for a restart while the server is down; '' keeps none. */
  POLICY_CACHE_FILE: z.string().default(`${repoRoot}.data/firewall-policies.json`),
  /** The last good network feeds' copies, kept likewise; '' keeps none. */
  FEEDS_CACHE_FILE: z.string().default(`${repoRoot}.data/firewall-feeds.json`),
  /** An origin request is abandoned (502) when its headers take longer than this. */
  ORIGIN_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** Rate-limit counters shared by every instance; per instance when unset. */
  REDIS_URL: z.url().optional(),
  /** The access log: how often a batch is sent, how many wait at most, each send's time-out. */
  ACCESS_LOG_FLUSH_MS: z.coerce.number().int().min(50).max(60_000).default(500),
  ACCESS_LOG_MAX_QUEUED: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  ACCESS_LOG_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(500),
  /**
   * Load balancers in front of the firewall whose X-Forwarded-For is believed: addresses,
   * CIDR blocks no wider than a list entry may be, or loopback, linklocal, uniquelocal.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .superRefine((list, ctx) => {
      for (const entry of splitList(list)) {
        const problem = trustedNetworkProblem(entry);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }
    }),
  /**
   * Origins (host or host:port) that may be private, stores' and signed agents' key
   * directories alike: development and tests only.
   */
  FIREWALL_DEV_ORIGINS: z.string().default(''),
  /** `host=origin` pairs, comma-separated: where an agent's key directory is read instead. */
  FIREWALL_AGENT_DIRECTORIES: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface FirewallConfig {
  port: number;
  host: string;
  policyUrl: string;
  /** The app's public call a blocked shopper's request for access is sent to. */
  accessRequestUrl: string;
  key: string;
  policyRefreshMs: number;
  policyTimeoutMs: number;
  policyWaitSeconds: number;
  policyCacheFile: string | null;
  feedsCacheFile: string | null;
  originTimeoutMs: number;
  redisUrl: string | null;
  accessLog: { flushMs: number; maxQueued: number; timeoutMs: number };
  redisTimeoutMs: number;
  trustedProxies: string[];
  /** Origins that may be private; always empty in production. */
  devOrigins: DevOrigin[];
  /** Where a signed agent's key directory is read instead of its own origin; empty in production. */
  agentDirectories: Map<string, string>;
  logLevel: string;
}

/** The key the server and its firewalls share, when only the app secret is configured. */
export function firewallKeyFrom(appSecret: string): string {
  return createHmac('sha256', appSecret).update('gatehouse-firewall').digest('hex');
}

/** The `host=origin` pairs of FIREWALL_AGENT_DIRECTORIES, or what is wrong with one. */
function agentDirectories(list: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const entry of splitList(list)) {
    const [host, origin] = entry.split('=', 2).map((part) => part.trim());
    let url: URL | null;
    try {
      url = new URL(origin ?? '');
    } catch {
      url = null;
    }
    if (!host || !/^[a-z0-9.-]+$/.test(host) || !url || url.origin !== origin) {
      throw new Error(`"${entry}" is not host=origin, like shopify.com=http://localhost:4000`);
    }
    pairs.set(host, url.origin);
  }
  return pairs;
}

/**
 * A development-only setting as `read` makes it of its variable: a value it cannot read, or
 * any entry at all in production, stops the firewall naming the variable.
 */
function developmentOnly<T extends { length: number } | { size: number }>(
  name: string,
  production: boolean,
  read: () => T,
): T {
  let value: T;
  try {
    value = read();
  } catch (error) {
    throw new Error(`Invalid firewall configuration: ${name}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const entries = 'length' in value ? value.length : value.size;
  if (entries > 0 && production) {
    throw new Error(
      `Invalid firewall configuration: ${name}: is for development only, never with NODE_ENV=production`,
    );
  }
  return value;
}

export function loadFirewallConfig(
  source: Record<string, string | undefined> = process.env,
): FirewallConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid firewall configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const devOrigins = developmentOnly('FIREWALL_DEV_ORIGINS', production, () =>
    parseDevOrigins(env.FIREWALL_DEV_ORIGINS),
  );
  const directories = developmentOnly('FIREWALL_AGENT_DIRECTORIES', production, () =>
    agentDirectories(env.FIREWALL_AGENT_DIRECTORIES),
  );
  let key = env.FIREWALL_KEY;
  if (!key) {
    const secret =
      env.APP_SECRET ??
      (existsSync(env.APP_SECRET_FILE) ? readFileSync(env.APP_SECRET_FILE, 'utf8').trim() : '');
    if (secret.length < 16) {
      throw new Error(
        'Invalid firewall configuration: set FIREWALL_KEY, or APP_SECRET as the server has it',
      );
    }
    key = firewallKeyFrom(secret);
  }
  return {
    port: env.FIREWALL_PORT,
    host: env.FIREWALL_HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost'),
    policyUrl: (env.POLICY_URL ?? env.APP_URL).replace(/\/+$/, ''),
    accessRequestUrl: `${env.APP_URL.replace(/\/+$/, '')}${ACCESS_REQUEST_PATH}`,
    key,
    policyRefreshMs: env.POLICY_REFRESH_MS,
    policyTimeoutMs: env.POLICY_TIMEOUT_MS,
    policyWaitSeconds: env.POLICY_WAIT_SECONDS,
    policyCacheFile: env.POLICY_CACHE_FILE === '' ? null : env.POLICY_CACHE_FILE,
    feedsCacheFile: env.FEEDS_CACHE_FILE === '' ? null : env.FEEDS_CACHE_FILE,
    originTimeoutMs: env.ORIGIN_TIMEOUT_MS,
    redisUrl: env.REDIS_URL ?? null,
    accessLog: {
      flushMs: env.ACCESS_LOG_FLUSH_MS,
      maxQueued: env.ACCESS_LOG_MAX_QUEUED,
      timeoutMs: env.ACCESS_LOG_TIMEOUT_MS,
    },
    redisTimeoutMs: env.REDIS_TIMEOUT_MS,
    trustedProxies: splitList(env.TRUSTED_PROXIES),
    devOrigins,
    agentDirectories: directories,
    logLevel: env.LOG_LEVEL,
  };
}

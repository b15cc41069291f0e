// The firewall's policies: the server's snapshot of every shop protected by the firewall (host
// names, origin, rule set, block page, rate limit), read over HTTP with the firewall key and
// compiled here with the engine's compile(), like the server compiles the same rules for its
// decision endpoint. The read is a conditional long poll (`waitSeconds`): the server answers
// at once when the snapshot differs from the one held here, and otherwise as soon as a rule
// changes (it hears of changes by LISTEN/NOTIFY), or 304 after the wait; the next read follows
// at once. With `waitSeconds` 0 it is re-read every `refreshMs` instead. After a failure the
// next read waits `refreshMs`. A shop's policy is recompiled only when its rules changed.
// Requests never wait on it: they read the last snapshot that arrived. When the server cannot
// be reached the last good snapshot keeps answering; each good snapshot is also written to
// `cacheFile`, read back at start, so a firewall restarted while the server is down still
// enforces. A shop whose stored rules do not compile is served with no rules (the store fails
// open), as the server does.
import {
  FIREWALL_POLICIES_PATH,
  firewallSnapshot,
  type BlockPage,
  type FirewallShop,
  type FirewallSnapshot,
} from '@gatehouse/contracts';
import { compile, type Policy } from '@gatehouse/engine';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { renderBlockPage } from './pages.js';

export interface ShopEntry {
  shopId: string;
  domain: string;
  /** The origin's scheme and host, e.g. `https://shop.myshopify.com`. */
  origin: string;
  /** The origin's path prefix without a trailing slash ('' for none). */
  prefix: string;
  policy: Policy;
  blockPage: BlockPage;
  /** The block page, rendered once per snapshot. */
  blockHtml: string;
  rateLimit: FirewallShop['rateLimit'];
  /** The rule set's JSON, to tell whether it changed. */
  rulesKey: string;
}

export interface SourceStatus {
  /** When a snapshot last arrived (or was confirmed unchanged); null before the first. */
  loadedAt: number | null;
  /** Failed reads since the last success. */
  failures: number;
  /** The policies in force came from the cache file, not (yet) from the server. */
  fromCache: boolean;
  shops: number;
}

export interface PolicySource {
  /** The shop served at this host name (lower case, no port), if any. */
  forHost(host: string): ShopEntry | undefined;
  /** Settles after the first read, whatever its outcome. */
  readonly firstRead: Promise<void>;
  /** Reads the snapshot now (tests; the timer does it otherwise). */
  refresh(): Promise<void>;
  status(): SourceStatus;
  close(): void;
}

export interface PolicySourceOptions {
  url: string;
  key: string;
  refreshMs: number;
  timeoutMs: number;
  /** How long the server may hold a read until something changes; 0 polls every refreshMs. */
  waitSeconds?: number;
  /** Where the last good snapshot is kept across restarts; none when absent. */
  cacheFile?: string | null;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

const MIN_GAP_MS = 250;

const emptyPolicy = (() => {
  const result = compile({ appEnabled: true, rules: [] });
  if (!result.ok) throw new Error('the empty rule set must compile');
  return result.policy;
})();

function splitOrigin(text: string): { origin: string; prefix: string } {
  const url = new URL(text);
  return { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') };
}

export function createPolicySource(options: PolicySourceOptions): PolicySource {
  const { log } = options;
  let hosts = new Map<string, ShopEntry>();
  let byShop = new Map<string, ShopEntry>();
  let etag: string | null = null;
  let loadedAt: number | null = null;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  let fromCache = false;
  const stop = new AbortController();
  const waitSeconds = options.waitSeconds ?? 0;
  const cacheFile = options.cacheFile ?? null;

  function entryOf(shop: FirewallShop): ShopEntry {
    const rulesKey = JSON.stringify(shop.ruleSet);
    const previous = byShop.get(shop.shopId);
    let policy = previous?.rulesKey === rulesKey ? previous.policy : null;
    if (policy === null) {
      const result = compile(shop.ruleSet);
      if (!result.ok) {
        log.error(
          { shop: shop.domain, errors: result.errors.slice(0, 3) },
          'stored rules do not compile; serving the shop without rules',
        );
      }
      policy = result.ok ? result.policy : emptyPolicy;
    }
    return {
      shopId: shop.shopId,
      domain: shop.domain,
      ...splitOrigin(shop.origin),
      policy,
      blockPage: shop.blockPage,
      blockHtml: renderBlockPage(shop.blockPage),
      rateLimit: shop.rateLimit,
      rulesKey,
    };
  }

  function apply(snapshot: FirewallSnapshot) {
    const nextHosts = new Map<string, ShopEntry>();
    const nextShops = new Map<string, ShopEntry>();
    for (const shop of snapshot.shops) {
      try {
        const entry = entryOf(shop);
        nextShops.set(shop.shopId, entry);
        for (const host of shop.hosts) nextHosts.set(host.toLowerCase(), entry);
      } catch (error) {
        log.error({ err: error, shop: shop.domain }, 'a shop of the snapshot was skipped');
      }
    }
    hosts = nextHosts;
    byShop = nextShops;
  }

  function loadCache() {
    if (!cacheFile) return;
    try {
      const saved = JSON.parse(readFileSync(cacheFile, 'utf8')) as { snapshot?: unknown };
      apply(firewallSnapshot.parse(saved.snapshot));
      fromCache = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        log.warn({ err: error, cacheFile }, 'the cached policies could not be read');
      }
    }
  }

  function saveCache(snapshot: FirewallSnapshot) {
    if (!cacheFile) return;
    try {
      mkdirSync(dirname(cacheFile), { recursive: true });
      const temporary = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify({ snapshot }), { mode: 0o600 });
      renameSync(temporary, cacheFile);
    } catch (error) {
      log.warn({ err: error, cacheFile }, 'the policies could not be cached');
    }
  }

  async function read(wait: number): Promise<void> {
    const query = wait > 0 ? `?wait=${wait}` : '';
    const response = await fetch(`${options.url}${FIREWALL_POLICIES_PATH}${query}`, {
      headers: {
        authorization: `Bearer ${options.key}`,
        ...(etag ? { 'if-none-match': etag } : {}),
      },
      signal: AbortSignal.any([AbortSignal.timeout(options.timeoutMs + wait * 1000), stop.signal]),
    });
    if (response.status === 304) {
      await response.body?.cancel();
      return;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`the policy source answered ${response.status}`);
    }
    const snapshot = firewallSnapshot.parse(await response.json());
    apply(snapshot);
    fromCache = false;
    etag = response.headers.get('etag');
    saveCache(snapshot);
  }

  /** Answers whether the read succeeded. */
  async function refresh(wait = 0): Promise<boolean> {
    try {
      await read(wait);
      loadedAt = Date.now();
      failures = 0;
      return true;
    } catch (error) {
      if (closed) return false;
      failures += 1;
      // Once a minute or so while it lasts, not on every attempt.
      if (failures === 1 || failures % 30 === 0) {
        log.warn({ err: error, failures }, 'policy source unreachable; keeping the last policies');
      }
      return false;
    }
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    });

  async function follow() {
    while (!closed) {
      const started = Date.now();
      const ok = await refresh(waitSeconds);
      if (closed) return;
      // After a failure, or when polling, wait; a long poll goes on at once, though never
      // faster than MIN_GAP_MS (a source that does not hold the read).
      if (!ok || waitSeconds === 0) await pause(options.refreshMs);
      else await pause(Math.max(0, MIN_GAP_MS - (Date.now() - started)));
    }
  }

  loadCache();
  // The first read does not wait: it is what the firewall starts with.
  const firstRead = refresh().then(() => {
    void follow();
  });

  return {
    forHost: (host) => hosts.get(host),
    firstRead,
    refresh: async () => {
      await refresh();
    },
    status: () => ({ loadedAt, failures, shops: byShop.size, fromCache }),
    close() {
      closed = true;
      stop.abort();
      if (timer) clearTimeout(timer);
    },
  };
}

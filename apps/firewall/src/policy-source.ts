// The firewall's policies: the server's snapshot of every shop protected by the firewall (host
// names, origin, rule set, block page, rate limit), read over HTTP with the firewall key and
// compiled here with the engine's compile(), like the server compiles the same rules for its
// decision endpoint. It is re-read every `refreshMs` in the background (a conditional request:
// an unchanged snapshot costs a 304), and a shop's policy is recompiled only when its rules
// changed. Requests never wait on it: they read the last snapshot that arrived. When the server
// cannot be reached the last good snapshot keeps answering; a shop whose stored rules do not
// compile is served with no rules (the store fails open), as the server does.
import { firewallSnapshot, type BlockPage, type FirewallShop } from '@gatehouse/contracts';
import { compile, type Policy } from '@gatehouse/engine';
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
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

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

  async function read(): Promise<void> {
    const response = await fetch(`${options.url}/api/firewall/policies`, {
      headers: {
        authorization: `Bearer ${options.key}`,
        ...(etag ? { 'if-none-match': etag } : {}),
      },
      signal: AbortSignal.timeout(options.timeoutMs),
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
    etag = response.headers.get('etag');
  }

  async function refresh(): Promise<void> {
    try {
      await read();
      loadedAt = Date.now();
      failures = 0;
    } catch (error) {
      failures += 1;
      // Once a minute or so while it lasts, not on every attempt.
      if (failures === 1 || failures % 30 === 0) {
        log.warn({ err: error, failures }, 'policy source unreachable; keeping the last policies');
      }
    }
  }

  function schedule() {
    if (closed) return;
    timer = setTimeout(() => {
      void refresh().finally(schedule);
    }, options.refreshMs);
    timer.unref();
  }

  const firstRead = refresh().finally(schedule);

  return {
    forHost: (host) => hosts.get(host),
    firstRead,
    refresh,
    status: () => ({ loadedAt, failures, shops: byShop.size }),
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
    },
  };
}

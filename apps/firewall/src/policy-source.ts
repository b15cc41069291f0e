// The firewall's policies: the server's snapshot of every shop protected by the firewall (host
// names, origin, rule set, block page, rate limit), followed by a long poll with a cache file
// (follow.ts) and compiled here with the engine's compile(), like the server compiles the
// same rules for its decision endpoint. The server answers a waiting read as soon as a rule
// changes (it hears of changes by LISTEN/NOTIFY). A shop's policy is recompiled only when its
// rules changed. Requests never wait on it: they read the last snapshot that arrived; when the
// server cannot be reached the last good snapshot keeps answering, and a firewall restarted
// while the server is down enforces the cached one. A shop whose stored rules do not compile
// is served with no rules (the store fails open), as the server does.
import {
  FIREWALL_POLICIES_PATH,
  firewallSnapshot,
  type BlockPage,
  type FirewallShop,
  type FirewallSnapshot,
} from '@gatehouse/contracts';
import { compile, type Policy } from '@gatehouse/engine';
import { follow, type Follower, type FollowSettings, type FollowStatus } from './follow.js';
import { blockPageRenderer } from './pages.js';

export interface ShopEntry {
  shopId: string;
  domain: string;
  /** The origin's scheme and host, e.g. `https://shop.myshopify.com`. */
  origin: string;
  /** The origin's path prefix without a trailing slash ('' for none). */
  prefix: string;
  policy: Policy;
  blockPage: BlockPage;
  /** The block page for a reason and reference, each reason's rendered once per snapshot. */
  blockHtml: (reason: string, reference: string) => string;
  rateLimit: FirewallShop['rateLimit'];
  /** The rule set's JSON, to tell whether it changed. */
  rulesKey: string;
}

export interface SourceStatus extends FollowStatus {
  shops: number;
}

export interface PolicySource extends Omit<Follower, 'status'> {
  /** The shop served at this host name (lower case, no port), if any. */
  forHost(host: string): ShopEntry | undefined;
  status(): SourceStatus;
}

export interface PolicySourceOptions extends FollowSettings {
  /** The app's public call a blocked shopper's request for access is sent to; none: no form. */
  accessRequestUrl?: string;
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

  function entryOf(shop: FirewallShop): ShopEntry {
    const rulesKey = JSON.stringify(shop.ruleSet);
    const previous = byShop.get(shop.shopId);
    let policy = previous?.rulesKey === rulesKey ? previous.policy : null;
    if (policy === null) {
      const result = compile(shop.ruleSet, { stored: true });
      if (!result.ok) {
        log.error(
          { shop: shop.domain, errors: result.errors.slice(0, 3) },
          'stored rules do not compile; serving the shop without rules',
        );
      } else if (result.skipped.length > 0) {
        log.warn(
          { shop: shop.domain, count: result.skipped.length, skipped: result.skipped.slice(0, 3) },
          'stored rule entries the engine no longer accepts were left out',
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
      blockHtml: blockPageRenderer(
        shop.blockPage,
        shop.contactEmail,
        options.accessRequestUrl ? { url: options.accessRequestUrl, shop: shop.domain } : null,
      ),
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

  const follower = follow({
    ...options,
    path: FIREWALL_POLICIES_PATH,
    what: 'policies',
    apply: (text) => {
      const json = JSON.parse(text) as { snapshot?: unknown };
      // Cache files written before held the snapshot under `snapshot`.
      apply(firewallSnapshot.parse('snapshot' in json ? json.snapshot : json));
    },
  });

  return {
    forHost: (host) => hosts.get(host),
    firstRead: follower.firstRead,
    refresh: () => follower.refresh(),
    status: () => ({ ...follower.status(), shops: byShop.size }),
    close: () => follower.close(),
  };
}

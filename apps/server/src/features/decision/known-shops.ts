// The domains of every installed shop, in memory, so a decision for a name no shop has is
// answered "allow" without asking the database: a flood of invented names costs a Set lookup
// each, not a query each, and remembers nothing about them. The set is exact (a domain is
// ~30 bytes; 100 000 shops hold ~5 MB), loaded at start and reloaded every KNOWN_REFRESH_MS,
// and a shop is added at once when it is seen installed: its policy is built, or a change
// is published for it (here or, through the change notifier, on another instance), which the
// post-install step does right after every install. An uninstalled shop stays in the set until
// the next reload: it only costs the lookup it cost before. A shop installed while this
// instance missed the notification is answered "allow" (as for an unknown shop) until the next
// reload at most. Before the first load succeeds, nothing is known to be missing.

export const KNOWN_REFRESH_MS = 30_000;

export interface KnownShop {
  id: string;
  domain: string;
}

export interface KnownShops {
  /** Whether an installed shop has this domain; undefined until the set has been loaded. */
  has(domain: string): boolean | undefined;
  /** A shop seen installed (its policy was built). */
  add(shop: KnownShop): void;
  /** A shop changed: added if it is installed and not yet known (one lookup by id). */
  learn(shopId: string): Promise<void>;
  /** Reads every installed shop again; keeps the current set if that fails. */
  reload(): Promise<void>;
  /** Reloads every `refreshMs` until stopped. */
  start(): void;
  stop(): void;
  size(): number;
}

export function createKnownShops(options: {
  /** Every installed shop. */
  loadAll: () => Promise<KnownShop[]>;
  /** One shop by id, if it is installed. */
  find: (shopId: string) => Promise<KnownShop | null>;
  onError: (error: unknown, what: string) => void;
  refreshMs?: number;
}): KnownShops {
  const { loadAll, find, onError } = options;
  let domains: Set<string> | null = null;
  let ids = new Set<string>();
  // Shops added while a reload's query runs, which its answer may predate.
  let addedDuringReload: KnownShop[] | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  function add(shop: KnownShop) {
    addedDuringReload?.push(shop);
    ids.add(shop.id);
    domains?.add(shop.domain);
  }

  function reload(): Promise<void> {
    // One reload at a time: a second caller shares the one under way.
    running ??= readAll().finally(() => (running = null));
    return running;
  }

  async function readAll() {
    const added: KnownShop[] = [];
    addedDuringReload = added;
    try {
      const shops = await loadAll();
      const nextDomains = new Set<string>();
      const nextIds = new Set<string>();
      for (const shop of [...shops, ...added]) {
        nextDomains.add(shop.domain);
        nextIds.add(shop.id);
      }
      domains = nextDomains;
      ids = nextIds;
    } catch (error) {
      onError(error, 'could not load the installed shops; keeping the last set');
    } finally {
      addedDuringReload = null;
    }
  }

  return {
    has: (domain) => (domains ? domains.has(domain) : undefined),
    add,
    async learn(shopId) {
      if (ids.has(shopId)) return;
      try {
        const shop = await find(shopId);
        if (shop) add(shop);
      } catch (error) {
        onError(error, 'could not look up a changed shop');
      }
    },
    reload,
    start() {
      if (timer) return;
      timer = setInterval(() => void reload(), options.refreshMs ?? KNOWN_REFRESH_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    size: () => domains?.size ?? 0,
  };
}

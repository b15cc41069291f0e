// Compiled policies per shop, in memory, least recently used first out. The decision reads a
// cached policy synchronously and never waits on the database, except to build a shop's
// policy the first time. A rebuild (after a change, a notification, or when the entry is
// older than REFRESH_MS, which also picks up plan and switch changes made elsewhere) runs in
// the background and replaces the entry only when it succeeds: with the database down the last
// good policy keeps answering. A name no installed shop has is answered from the known-shop
// set (known-shops.ts) without a lookup.
import { CONTENT_SWITCHES, planIncludes } from '@gatehouse/contracts';
import { compile } from '@gatehouse/engine';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../core/db/client.js';
import { contentProtection } from '../../protection/content-protection-schema.js';
import { adminDevices } from '../../protection/protection-schema.js';
import { shops } from '../../core/db/schema.js';
import { loadBlockPage } from '../../protection/block-page.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import { ruleDescriber } from '../../protection/rule-labels.js';
import { policyVersion } from '../../protection/policy-version.js';
import type { CheckedRules, PolicyCache, ShopPolicy } from '../../protection/shop-policy.js';
import type { KnownShops } from './known-shops.js';
import { createMissingShops } from './missing-shops.js';
import { readAll } from '../../core/db/side-by-side.js';

interface Slot {
  value: ShopPolicy;
  builtAt: number;
  stale: boolean;
  /** When the slot last moved to the back of the eviction order. */
  usedAt: number;
}

/**
 * A slot used again within this long keeps its place in the eviction order: moving it (a Map
 * delete and set) on every decision cost more than the rest of the lookup, and least recently
 * used to the second is as good as to the millisecond.
 */
const REORDER_MS = 1000;

export const REFRESH_MS = 60_000;
/** How long a change of a shop is remembered, and so the oldest checked rules applied as they are. */
export const HEARD_MS = 10_000;
/** How long "no such shop" is remembered; a shop installing meanwhile is invalidated at once. */
export const MISSING_MS = 30_000;
/** Unknown shop names remembered at most, apart from the policies (see missing-shops.ts). */
export const MISSING_MAX = 10_000;

const emptyPolicy = (() => {
  const result = compile({ appEnabled: true, rules: [] });
  if (!result.ok) throw new Error('the empty rule set must compile');
  return result.policy;
})();

/**
 * Builds a shop's policy from every blocker's rules (through the registry), or from the rules
 * a check has just read and compiled.
 */
export async function buildShopPolicy(
  db: Database,
  blockers: BlockerRegistry,
  domain: string,
  log: FastifyBaseLogger,
  checked?: CheckedRules,
): Promise<ShopPolicy | null> {
  const [shop] = await db.select().from(shops).where(eq(shops.domain, domain));
  if (!shop || shop.uninstalledAt) return null;
  const [ruleSet, blockPage, devices, [protection]] = await readAll(
    db,
    () => (checked ? Promise.resolve(checked.ruleSet) : blockers.ruleSet(db, shop)),
    () => loadBlockPage(db, shop.id),
    () =>
      db
        .select({ tokenHash: adminDevices.tokenHash })
        .from(adminDevices)
        .where(and(eq(adminDevices.shopId, shop.id), isNull(adminDevices.revokedAt))),
    () =>
      db
        .select({ switches: contentProtection.switches })
        .from(contentProtection)
        .where(eq(contentProtection.shopId, shop.id)),
  );
  // In the switches' own order (stored JSON keeps no order).
  const switches = planIncludes(shop.plan, 'contentProtection')
    ? CONTENT_SWITCHES.map((name) => [name, protection?.switches[name] ?? 'off'] as const)
    : [];
  const result = checked
    ? { ok: true as const, policy: checked.policy, skipped: checked.skipped }
    : compile(ruleSet, { stored: true });
  if (!result.ok) {
    // Saves are compiled before they are stored, so this means stored data went bad: fail open.
    log.error({ shop: domain, errors: result.errors.slice(0, 3) }, 'stored rules do not compile');
  } else if (result.skipped.length > 0) {
    // Entries saved before a check became stricter: the shop is served without them.
    log.warn(
      { shop: domain, count: result.skipped.length, skipped: result.skipped.slice(0, 3) },
      'stored rule entries the engine no longer accepts were left out',
    );
  }
  return {
    shopId: shop.id,
    domain: shop.domain,
    policy: result.ok ? result.policy : emptyPolicy,
    version: policyVersion(ruleSet),
    describe: ruleDescriber(blockers, result.ok ? ruleSet.rules : []),
    blockPage,
    contactEmail: shop.contactEmail,
    adminAccess: shop.adminAccessEnabled && planIncludes(shop.plan, 'adminAccess'),
    devices: new Set(devices.map((d) => d.tokenHash)),
    contentProtection: {
      store: switches.filter(([, scope]) => scope === 'store').map(([name]) => name),
      catalog: switches.filter(([, scope]) => scope !== 'off').map(([name]) => name),
    },
  };
}

export function createPolicyCache(options: {
  log: FastifyBaseLogger;
  max: number;
  /** Builds a shop's entry (buildShopPolicy; the tests give their own). */
  build: (domain: string, checked?: CheckedRules) => Promise<ShopPolicy | null>;
  now?: () => number;
  /** Unknown shop names remembered at most (MISSING_MAX unless given). */
  missingMax?: number;
  /**
   * The installed shops' domains (known-shops.ts): a name it says no shop has is answered
   * "no such shop" without a build. Every shop built is added to it.
   */
  known?: Pick<KnownShops, 'has' | 'add'>;
}): PolicyCache {
  const { log, max } = options;
  const { build, known } = options;
  const now = options.now ?? Date.now;
  const slots = new Map<string, Slot>();
  const domainOf = new Map<string, string>();
  const pending = new Map<string, Promise<ShopPolicy | null>>();
  const missing = createMissingShops({
    max: options.missingMax ?? MISSING_MAX,
    ttlMs: MISSING_MS,
    now,
  });

  function drop(domain: string) {
    const value = slots.get(domain)?.value;
    slots.delete(domain);
    if (value) domainOf.delete(value.shopId);
  }

  function store(domain: string, value: ShopPolicy | null) {
    drop(domain);
    if (!value) {
      // Unknown or uninstalled: remembered apart, so it takes no policy's place.
      missing.add(domain);
      return;
    }
    missing.delete(domain);
    known?.add({ id: value.shopId, domain });
    const at = now();
    slots.set(domain, { value, builtAt: at, stale: false, usedAt: at });
    domainOf.set(value.shopId, domain);
    while (slots.size > max) drop(slots.keys().next().value as string);
  }

  /** When a change of each shop was last heard of (performance.now()). */
  const heardAt = new Map<string, number>();
  /** When every shop last may have changed unheard (a resync). */
  let resyncAt = -Infinity;

  function buildOnce(domain: string, checked?: CheckedRules): Promise<ShopPolicy | null> {
    const running = pending.get(domain);
    if (running) return running;
    const promise = build(domain, checked)
      .then((value) => {
        store(domain, value);
        return value;
      })
      .finally(() => pending.delete(domain));
    pending.set(domain, promise);
    return promise;
  }

  function refreshInBackground(domain: string) {
    if (pending.has(domain)) return;
    buildOnce(domain).catch((error: unknown) => {
      const slot = slots.get(domain);
      // Retry after another REFRESH_MS, not on every visit (a stale mark is spent too).
      if (slot) Object.assign(slot, { builtAt: now(), stale: false });
      log.warn({ err: error, shop: domain }, 'policy rebuild failed; keeping the last good one');
    });
  }

  return {
    peek(domain) {
      const slot = slots.get(domain);
      if (!slot) {
        // Known to be missing: remembered, or no installed shop has the name (no lookup, and
        // nothing remembered about it).
        if (missing.has(domain) || known?.has(domain) === false) return null;
        return undefined;
      }
      const at = now();
      const age = at - slot.builtAt;
      if (slot.stale || age > REFRESH_MS) refreshInBackground(domain);
      // Recently used goes to the back of the eviction order.
      if (at - slot.usedAt >= REORDER_MS) {
        slot.usedAt = at;
        slots.delete(domain);
        slots.set(domain, slot);
      }
      return slot.value;
    },
    load(domain) {
      const cached = this.peek(domain);
      return cached === undefined ? buildOnce(domain) : Promise.resolve(cached);
    },
    async rebuild(shopId, checked) {
      const at = performance.now();
      // A change heard of after the checked rules were read may be missing from them; changes
      // are remembered for HEARD_MS, so older checked rules are not trusted at all.
      const fresh =
        checked !== undefined &&
        at - checked.readAt < HEARD_MS &&
        Math.max(resyncAt, heardAt.get(shopId) ?? -Infinity) < checked.readAt;
      heardAt.delete(shopId);
      heardAt.set(shopId, at);
      // In the order heard: the oldest first out once past HEARD_MS.
      for (const [id, when] of heardAt) {
        if (at - when < HEARD_MS) break;
        heardAt.delete(id);
      }
      const domain = domainOf.get(shopId);
      if (!domain) return;
      await pending.get(domain)?.catch(() => null);
      try {
        await buildOnce(domain, fresh ? checked : undefined);
      } catch (error) {
        log.warn({ err: error, shop: domain }, 'policy rebuild failed; keeping the last good one');
      }
    },
    forget(domain) {
      drop(domain);
      missing.delete(domain);
    },
    refreshAll() {
      resyncAt = performance.now();
      for (const slot of slots.values()) slot.stale = true;
    },
    prime(entry) {
      store(entry.domain, entry);
    },
    size: () => slots.size,
  };
}

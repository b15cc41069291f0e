// The compiled-policy cache in front of every decision: one build shared by concurrent callers,
// "no such shop" remembered for a while, a background rebuild when an entry is old or marked
// stale that keeps the last good policy when it fails, and a bounded size that forgets the
// least recently used shop first.
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { CheckedRules, ShopPolicy } from '../../protection/shop-policy.js';
import { createKnownShops, type KnownShops } from './known-shops.js';
import { createPolicyCache, HEARD_MS, MISSING_MS, REFRESH_MS } from './policy-cache.js';

function policyOf(domain: string, version = 1): ShopPolicy {
  return { shopId: `id-${domain}`, domain, version } as unknown as ShopPolicy;
}

function setUp(max = 10, missingMax?: number, known?: KnownShops) {
  let clock = 1_000_000;
  const builds: string[] = [];
  /** The builds handed the rules a check compiled, by the shop's domain. */
  const fromChecked: string[] = [];
  const shops = new Map<string, number>();
  let failing = false;
  // A rebuild that failed is reported here once it has been dealt with.
  const warnings: string[] = [];
  const log = {
    warn: (_details: unknown, message: string) => warnings.push(message),
    error: () => {},
  } as unknown as FastifyBaseLogger;
  const cache = createPolicyCache({
    log,
    max,
    ...(missingMax === undefined ? {} : { missingMax }),
    ...(known === undefined ? {} : { known }),
    now: () => clock,
    build: async (domain, checked) => {
      builds.push(domain);
      if (checked) fromChecked.push(domain);
      if (failing) throw new Error('database down');
      const version = shops.get(domain);
      return version === undefined ? null : policyOf(domain, version);
    },
  });
  return {
    cache,
    builds,
    fromChecked,
    shops,
    warnings,
    advance: (ms: number) => (clock += ms),
    fail: (on: boolean) => (failing = on),
  };
}

const versionOf = (p: ShopPolicy | null | undefined) =>
  (p as unknown as { version: number } | null | undefined)?.version;

describe('the policy cache', () => {
  it('builds once for concurrent callers and answers from memory after', async () => {
    const t = setUp();
    t.shops.set('a.myshopify.com', 1);
    expect(t.cache.peek('a.myshopify.com')).toBeUndefined();
    const [x, y] = await Promise.all([
      t.cache.load('a.myshopify.com'),
      t.cache.load('a.myshopify.com'),
    ]);
    expect(x).toBe(y);
    expect(t.builds).toEqual(['a.myshopify.com']);
    expect(versionOf(t.cache.peek('a.myshopify.com'))).toBe(1);
    expect(t.builds).toHaveLength(1);
  });

  it('remembers an unknown shop for a while, then asks again', async () => {
    const t = setUp();
    expect(await t.cache.load('nobody.myshopify.com')).toBeNull();
    expect(t.cache.peek('nobody.myshopify.com')).toBeNull();
    t.advance(30_001);
    expect(t.cache.peek('nobody.myshopify.com')).toBeUndefined();
  });

  it('rebuilds an old or stale entry in the background, keeping the last good one on failure', async () => {
    const t = setUp();
    t.shops.set('a.myshopify.com', 1);
    await t.cache.load('a.myshopify.com');
    t.shops.set('a.myshopify.com', 2);
    t.advance(REFRESH_MS + 1);
    // The old policy answers at once; the new one is there after the rebuild.
    expect(versionOf(t.cache.peek('a.myshopify.com'))).toBe(1);
    expect(t.builds).toHaveLength(2);
    await expect.poll(() => versionOf(t.cache.peek('a.myshopify.com'))).toBe(2);

    t.fail(true);
    t.cache.refreshAll();
    expect(versionOf(t.cache.peek('a.myshopify.com'))).toBe(2);
    expect(t.builds).toHaveLength(3);
    await vi.waitFor(() => expect(t.warnings).toHaveLength(1));
    expect(versionOf(t.cache.peek('a.myshopify.com'))).toBe(2);
    // A failed rebuild is not retried on every visit (a retry would have called build at once).
    t.cache.peek('a.myshopify.com');
    expect(t.builds).toHaveLength(3);

    t.fail(false);
    t.shops.set('a.myshopify.com', 3);
    await t.cache.rebuild('id-a.myshopify.com');
    expect(versionOf(t.cache.peek('a.myshopify.com'))).toBe(3);
  });

  it('applies the rules a check compiled only when no change of the shop was heard since they were read', async () => {
    const t = setUp();
    t.shops.set('a.myshopify.com', 1);
    await t.cache.load('a.myshopify.com');
    const checkedAt = (readAt: number) => ({ readAt }) as unknown as CheckedRules;

    const read = performance.now();
    await t.cache.rebuild('id-a.myshopify.com', checkedAt(read));
    expect(t.fromChecked).toEqual(['a.myshopify.com']);

    // Another change was heard of (the rebuild above) after these rules were read.
    await t.cache.rebuild('id-a.myshopify.com', checkedAt(read));
    // And rules read too long ago are not trusted either.
    await t.cache.rebuild('id-a.myshopify.com', checkedAt(performance.now() - HEARD_MS - 1));
    // Nor rules read before every shop was marked for a rebuild (changes may have gone unheard).
    const beforeResync = performance.now();
    t.cache.refreshAll();
    await t.cache.rebuild('id-a.myshopify.com', checkedAt(beforeResync));
    expect(t.fromChecked).toEqual(['a.myshopify.com']);
    expect(t.builds).toHaveLength(5);
  });

  it('forgets the least recently used shop first when full', async () => {
    const t = setUp(2);
    for (const d of ['a', 'b']) t.shops.set(`${d}.myshopify.com`, 1);
    t.shops.set('c.myshopify.com', 1);
    await t.cache.load('a.myshopify.com');
    t.advance(10);
    await t.cache.load('b.myshopify.com');
    // "a" is used again (more than a second later): "b" is now the least recently used.
    t.advance(1_000);
    t.cache.peek('a.myshopify.com');
    await t.cache.load('c.myshopify.com');
    expect(t.cache.size()).toBe(2);
    expect(t.cache.peek('b.myshopify.com')).toBeUndefined();
    expect(t.cache.peek('a.myshopify.com')).not.toBeUndefined();
    expect(t.cache.peek('c.myshopify.com')).not.toBeUndefined();
  });

  it('forgets a domain on demand (a shop that just installed)', async () => {
    const t = setUp();
    expect(await t.cache.load('new.myshopify.com')).toBeNull();
    t.shops.set('new.myshopify.com', 1);
    t.cache.forget('new.myshopify.com');
    expect(versionOf(await t.cache.load('new.myshopify.com'))).toBe(1);
  });

  it('keeps known shops cached through a flood of invented names, asking once per name', async () => {
    const t = setUp(2, 100);
    for (const d of ['a', 'b']) t.shops.set(`${d}.myshopify.com`, 1);
    await t.cache.load('a.myshopify.com');
    await t.cache.load('b.myshopify.com');
    const invented = Array.from({ length: 500 }, (_, i) => `made-up-${i}.myshopify.com`);
    for (const name of invented) expect(await t.cache.load(name)).toBeNull();
    // Every invented name cost one lookup; neither real shop was pushed out or rebuilt.
    expect(t.builds).toHaveLength(2 + invented.length);
    expect(versionOf(t.cache.peek('a.myshopify.com'))).toBe(1);
    expect(versionOf(t.cache.peek('b.myshopify.com'))).toBe(1);
    expect(t.cache.size()).toBe(2);

    // Repeats of recent invented names are answered from memory, with no lookup.
    const recent = invented.slice(-100);
    for (let round = 0; round < 5; round++) {
      for (const name of recent) expect(t.cache.peek(name)).toBeNull();
    }
    expect(t.builds).toHaveLength(2 + invented.length);
    // Past the bound the oldest invented names are forgotten, and asked about again.
    expect(t.cache.peek(invented[0]!)).toBeUndefined();
    t.advance(MISSING_MS + 1);
    expect(t.cache.peek(recent[0]!)).toBeUndefined();
  });

  it('moves a shop that uninstalled out of the policies into the unknown names', async () => {
    const t = setUp();
    t.shops.set('gone.myshopify.com', 1);
    await t.cache.load('gone.myshopify.com');
    t.shops.delete('gone.myshopify.com');
    await t.cache.rebuild('id-gone.myshopify.com');
    expect(t.cache.peek('gone.myshopify.com')).toBeNull();
    expect(t.cache.size()).toBe(0);
  });

  it('answers a name no installed shop has from the known-shop set, with no lookup and nothing remembered', async () => {
    const installed = [{ id: 'id-a.myshopify.com', domain: 'a.myshopify.com' }];
    const known = createKnownShops({
      loadAll: async () => installed,
      find: async () => null,
      onError: () => {},
    });
    await known.reload();
    const t = setUp(10, 10, known);
    t.shops.set('a.myshopify.com', 1);
    const invented = Array.from({ length: 500 }, (_, i) => `made-up-${i}.myshopify.com`);
    for (const name of invented) expect(t.cache.peek(name)).toBeNull();
    expect(t.builds).toEqual([]);
    // The installed shop is built as before, and a shop built (installed meanwhile) is known.
    expect(versionOf(await t.cache.load('a.myshopify.com'))).toBe(1);
    t.shops.set('new.myshopify.com', 1);
    t.cache.forget('new.myshopify.com');
    expect(known.has('new.myshopify.com')).toBe(false);
    t.cache.prime(policyOf('new.myshopify.com'));
    expect(known.has('new.myshopify.com')).toBe(true);
    expect(t.builds).toEqual(['a.myshopify.com']);
  });
});

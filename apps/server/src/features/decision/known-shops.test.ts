// The installed shops' domains in memory: nothing is known to be missing before the first load;
// shops seen installed are added at once; a changed shop is looked up only when it is not
// known yet; a reload keeps what was added while it ran, and a failed one keeps the last set.
import { describe, expect, it } from 'vitest';
import { createKnownShops, type KnownShop } from './known-shops.js';

function setUp(initial: KnownShop[] = []) {
  const table = new Map(initial.map((s) => [s.id, s]));
  const finds: string[] = [];
  const errors: string[] = [];
  let failing = false;
  let gate: Promise<void> | null = null;
  let loads = 0;
  const known = createKnownShops({
    loadAll: async () => {
      loads += 1;
      const snapshot = [...table.values()];
      if (gate) await gate;
      if (failing) throw new Error('database down');
      return snapshot;
    },
    find: async (id) => {
      finds.push(id);
      if (failing) throw new Error('database down');
      return table.get(id) ?? null;
    },
    onError: (_error, what) => errors.push(what),
  });
  return {
    known,
    table,
    finds,
    errors,
    loads: () => loads,
    fail: (on: boolean) => (failing = on),
    hold: () => {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

const shop = (n: number): KnownShop => ({ id: `id-${n}`, domain: `shop-${n}.myshopify.com` });

describe('the known-shop set', () => {
  it('knows nothing to be missing before its first load, and answers from memory after', async () => {
    const t = setUp([shop(1)]);
    expect(t.known.has(shop(1).domain)).toBeUndefined();
    expect(t.known.has('invented.myshopify.com')).toBeUndefined();
    await t.known.reload();
    expect(t.known.has(shop(1).domain)).toBe(true);
    expect(t.known.has('invented.myshopify.com')).toBe(false);
    expect(t.known.size()).toBe(1);
  });

  it('adds a changed shop after one lookup by id, and looks up a known one never again', async () => {
    const t = setUp([shop(1)]);
    await t.known.reload();
    t.table.set(shop(2).id, shop(2));
    await t.known.learn(shop(2).id);
    await t.known.learn(shop(2).id);
    await t.known.learn(shop(1).id);
    expect(t.finds).toEqual([shop(2).id]);
    expect(t.known.has(shop(2).domain)).toBe(true);
    // A shop that is not installed is not added.
    await t.known.learn('id-gone');
    expect(t.known.has('gone.myshopify.com')).toBe(false);
  });

  it('keeps a shop added while a reload was reading, which the reload did not see', async () => {
    const t = setUp([shop(1)]);
    await t.known.reload();
    const release = t.hold();
    const reloading = t.known.reload();
    t.known.add(shop(3));
    release();
    await reloading;
    expect(t.known.has(shop(3).domain)).toBe(true);
    expect(t.known.has(shop(1).domain)).toBe(true);
  });

  it('drops a shop no longer installed at the next reload', async () => {
    const t = setUp([shop(1), shop(2)]);
    await t.known.reload();
    t.table.delete(shop(2).id);
    await t.known.reload();
    expect(t.known.has(shop(2).domain)).toBe(false);
    expect(t.known.size()).toBe(1);
  });

  it('keeps the last set when a reload fails, and runs one reload at a time', async () => {
    const t = setUp([shop(1)]);
    await t.known.reload();
    t.fail(true);
    await t.known.reload();
    await t.known.learn('id-9');
    expect(t.known.has(shop(1).domain)).toBe(true);
    expect(t.errors).toHaveLength(2);
    t.fail(false);
    const before = t.loads();
    const release = t.hold();
    const both = Promise.all([t.known.reload(), t.known.reload()]);
    release();
    await both;
    expect(t.loads() - before).toBe(1);
  });
});

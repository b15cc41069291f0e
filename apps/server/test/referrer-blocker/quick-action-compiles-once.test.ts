// One "Block this referrer" click reads the shop's rules and compiles them once: the check
// before the write hands what it compiled to the policy rebuild after it, and the entry is
// stored under the rule id the check compiled, so decisions name (and count hits on) it.
import type { ReferrerBlockerView } from '@gatehouse/contracts';
import * as engine from '@gatehouse/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

vi.mock('@gatehouse/engine', async (importOriginal) => {
  const original = await importOriginal<typeof engine>();
  return { ...original, compile: vi.fn(original.compile) };
});
const compiles = vi.mocked(engine.compile);

let t: TestApp;
let alice: SignedIn;

const decide = async (ref: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': '8.8.8.8' },
      query: { shop: alice.shop, url: `https://${alice.shop}/`, ref },
    })
  ).json<{ action: string }>().action;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-compiles-once');
  const [shop] = await t.app.db
    .update(shops)
    .set({ plan: 'premium' })
    .where(eq(shops.domain, alice.shop))
    .returning();
  await t.app.protection.geo.ready;
  // The shop's policy is cached, as it is once its storefront is visited.
  expect(await decide('https://spam.example/')).toBe('allow');
  await t.app.protection.policies.rebuild(shop!.id);
});
afterAll(async () => {
  await t?.close();
});

describe('a quick action of a list blocker', () => {
  it('compiles the rule set once, and the next decision applies it under the stored entry', async () => {
    compiles.mockClear();
    const res = await t.call('visitQuickAction', alice.token, {
      action: 'blockReferrer',
      value: 'spam.example',
    });
    expect(res.json()).toEqual({
      changed: true,
      message: 'spam.example was added to the Referrer Blocker.',
    });
    expect(compiles).toHaveBeenCalledTimes(1);

    expect(await decide('https://spam.example/offer')).toBe('block');
    await t.app.visits.flush();
    const view = (await t.call('getReferrerBlocker', alice.token)).json<ReferrerBlockerView>();
    expect(view.entries.map((e) => [e.domain, e.hits])).toEqual([['spam.example', 1]]);
  });
});

// The set-up most API test files share: one test app for the file, with shops signed in
// through the real OAuth flow, each on its plan. A plan is set on the shop's row, as an
// approved subscription leaves it, and the shop's policy rebuilt at once, so the next
// storefront decision applies what the plan includes; the billing flow itself is tested in
// billing.test.ts.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { shops, type Shop } from '../../src/core/db/schema.js';
import { createTestApp, type SignedIn, type TestApp } from './test-app.js';

export type Plan = Shop['plan'];

export interface ShopSession extends SignedIn {
  /** The shop's id: its row in `shops`. */
  id: string;
  /** `app.inject` as this shop: its session token as the bearer. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** Puts a shop on `plan` and rebuilds its policy. */
export async function setPlan(t: TestApp, shop: { id: string }, plan: Plan): Promise<void> {
  await t.app.db.update(shops).set({ plan }).where(eq(shops.id, shop.id));
  await t.app.protection.policies.rebuild(shop.id);
}

/** Signs a shop in on `t` (new shops start on Free) and puts it on `plan` when it is another. */
export async function signInOnPlan(
  t: TestApp,
  name: string,
  plan: Plan = 'free',
): Promise<ShopSession> {
  const signedIn = await t.signIn(name);
  const [row] = await t.app.db
    .select({ id: shops.id })
    .from(shops)
    .where(eq(shops.domain, signedIn.shop));
  if (!row) throw new Error(`${signedIn.shop} has no shop row after signing in`);
  if (plan !== 'free') await setPlan(t, row, plan);
  return {
    ...signedIn,
    id: row.id,
    inject: (options) =>
      t.app.inject({
        ...options,
        headers: { ...options.headers, authorization: `Bearer ${signedIn.token}` },
      }),
  };
}

/** A shop to sign in: its name (it stays on Free), or its name and plan. */
export type WantedShop = string | { name: string; plan: Plan };

/** The test app as `t`, and each shop under its key. */
export type SignedInShops<K extends string> = { t: TestApp } & Record<K, ShopSession>;

/**
 * One test app for the file, built before its tests and closed after them, with the shops
 * signed in one after the other in the order given. `use` receives them before the
 * `beforeAll` hooks registered after this call run.
 */
export function useSignedInShops<K extends string>(
  wanted: Record<K, WantedShop>,
  use: (signedIn: SignedInShops<K>) => void,
  options: {
    env?: Record<string, string>;
    /** Runs before the server starts listening (e.g. to add a test-only route). */
    setup?: (app: FastifyInstance) => void;
    /** Waits for the geo data, which storefront decisions look visitors up in. */
    geo?: boolean;
  } = {},
): void {
  if ('t' in wanted) throw new Error('`t` is the test app: name the shop otherwise');
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(options.env, {}, options.setup);
    const signedIn = { t } as SignedInShops<K>;
    for (const [key, shop] of Object.entries(wanted) as [K, WantedShop][]) {
      const { name, plan } = typeof shop === 'string' ? { name: shop, plan: undefined } : shop;
      (signedIn as Record<K, ShopSession>)[key] = await signInOnPlan(t, name, plan);
    }
    if (options.geo) await t.app.protection.geo.ready;
    use(signedIn);
  });
  afterAll(async () => {
    await t?.close();
  });
}

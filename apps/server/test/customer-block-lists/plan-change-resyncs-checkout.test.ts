// What checkout enforces follows the plan: a buyer listed in Customer Block Lists is stopped at
// the platform's checkout while the shop pays for the lists; once the subscription is cancelled
// on the platform (its app_subscriptions/update webhook) the same buyer's checkout goes through
// within a minute, the list comes back on an upgrade, and a cancel from the subscription page
// lifts it again; on Free the kept entry is counted as not enforced and can be removed. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is given.
import type { CustomerBlockListsView } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { approve } from '../helpers/billing.js';
import { checkoutAs } from '../helpers/storefront-checkout.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const BUYER = 'listed.buyer@example.com';
/** How soon a plan change must reach the checkout. */
const WITHIN_A_MINUTE = { timeout: 60_000, interval: 250 };

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('plan-change-checkout');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const planOf = async () =>
  (await t.app.db.select().from(shops).where(eq(shops.domain, owner.shop)))[0]?.plan;

/** Chooses the paid plan and approves it on the platform; answers the subscription's id. */
async function subscribe(): Promise<string> {
  const res = await t.call('choosePlan', owner.token, { plan: 'premium' });
  expect(res.statusCode, res.body).toBe(200);
  const { chargeId } = await approve(
    t,
    res.json<{ confirmationUrl: string }>().confirmationUrl,
    'approve',
  );
  expect(await planOf()).toBe('premium');
  return chargeId;
}

/** The buyer's checkout status as the platform answers it: 400 stopped, 303 placed. */
const buyerCheckout = async () => (await checkoutAs(t.emulatorUrl, owner.shop, BUYER)).status;

describe('a change of plan re-syncs what checkout enforces', () => {
  it('stops blocking the buyer after a downgrade, and blocks again after an upgrade', async () => {
    const chargeId = await subscribe();
    const added = await t.call('addCustomerBlockEntries', owner.token, {
      kind: 'email',
      values: [BUYER],
    });
    expect(added.statusCode, added.body).toBe(200);
    await expect.poll(buyerCheckout, WITHIN_A_MINUTE).toBe(400);

    // Cancelled on the platform: the page is the upgrade card (403), and the buyer gets through.
    await t.emulator.cancelSubscription(owner.shop, chargeId);
    await expect.poll(planOf, WITHIN_A_MINUTE).toBe('free');
    expect((await t.call('getCustomerBlockLists', owner.token)).statusCode).toBe(403);
    await expect.poll(buyerCheckout, WITHIN_A_MINUTE).toBe(303);

    // The entry was kept: on upgrade the checkout stops the buyer again.
    await subscribe();
    const lists = await t.call('getCustomerBlockLists', owner.token);
    expect(lists.json<CustomerBlockListsView>().entries.map((e) => e.value)).toEqual([BUYER]);
    await expect.poll(buyerCheckout, WITHIN_A_MINUTE).toBe(400);

    // Cancelled from the subscription page: lifted again.
    const cancelled = await t.call('cancelSubscription', owner.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expect.poll(buyerCheckout, WITHIN_A_MINUTE).toBe(303);

    // On Free the merchant still sees what is kept, not enforced, and can remove it.
    const kept = async () => (await t.call('getKeptCustomerBlocks', owner.token)).json();
    await expect
      .poll(kept, WITHIN_A_MINUTE)
      .toEqual({ kept: 1, enforced: false, atCheckout: 0, syncPending: false });
    const cleared = await t.call('clearCustomerBlockEntries', owner.token, {});
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toEqual({ deleted: 1 });
    expect(await kept()).toMatchObject({ kept: 0, enforced: false });
    // A body with anything in it is not this call's: refused, nothing changed.
    const odd = await t.call('clearCustomerBlockEntries', owner.token, { all: true });
    expect(odd.statusCode).toBe(400);
  }, 240_000);
});

// Auto-cancel test steps shared by the order-pipeline tests: a signed-in shop on a plan with the
// filters, and saving a filter through the merchant's call (a refusal fails the test).
import {
  NEW_AUTO_CANCEL_FILTER,
  type AutoCancelDryRun,
  type AutoCancelFilter,
  type AutoCancelFilterInput,
} from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import type { SignedIn, TestApp } from './test-app.js';

/** A buyer's address in the emulator's country. */
export const HOME = {
  firstName: 'Ann',
  lastName: 'Lee',
  address1: '1 Main St',
  city: 'Springfield',
  provinceCode: 'IL',
  country: 'United States',
  countryCode: 'US',
  zip: '62701',
};

/** Signs a new shop in and puts it on Premium, which has the filters. */
export async function premiumShop(t: TestApp, name: string): Promise<SignedIn> {
  const owner = await t.signIn(name);
  await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.domain, owner.shop));
  return owner;
}

/** Saves the filter (a new one's defaults filled in) and answers it as saved. */
export async function saveFilterAs(
  t: TestApp,
  owner: SignedIn,
  filter: Partial<AutoCancelFilterInput>,
): Promise<AutoCancelFilter> {
  const { id, name, mode, match, actions } = { ...NEW_AUTO_CANCEL_FILTER, ...filter };
  const res = await t.call('saveAutoCancelFilter', owner.token, { id, name, mode, match, actions });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AutoCancelFilter>();
}

/** Polls the dry run until it is done; answers it as it ended. */
export async function finishedDryRun(
  t: TestApp,
  owner: SignedIn,
  id: string,
): Promise<AutoCancelDryRun> {
  let run: AutoCancelDryRun | undefined;
  await expect
    .poll(
      async () => {
        run = (await t.call('getAutoCancelDryRun', owner.token, { id })).json<AutoCancelDryRun>();
        return run.done;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true);
  return run!;
}

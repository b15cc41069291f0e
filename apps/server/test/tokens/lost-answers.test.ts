// A renewal whose answer is lost on the way back (the platform carried it out, the connection
// dropped) leaves the old token stored; asking again with it gets the pair the platform issued,
// which it keeps answering for that: seven days for a migration, until the new refresh token
// is used for a refresh. Nothing is marked dead, and the shop keeps working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../../src/core/platform/gql.js';
import { PlatformError } from '../../src/core/platform/platform-error.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { afterStartJobs, grantsOf, shopRow, withNonExpiringToken } from './token-fixtures.js';

let t: TestApp;
let shop: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ PLATFORM_MAX_ATTEMPTS: '1' });
  shop = await t.signIn('lost-answers');
  await afterStartJobs(t);
}, 120_000);
afterAll(async () => {
  await t?.emulator.setClock(null);
  await t?.close();
});

const loseNextTokenAnswer = () =>
  t.emulator.addFault({
    kind: 'lost-answer',
    shop: shop.shop,
    endpoint: 'access-token',
    times: 1,
  });

async function shopName(): Promise<string> {
  const token = t.app.tokens.accessTokenOf(await shopRow(t, shop.shop))!;
  const data = await t.app.platform.graphql<{ shop: { name: string } }>(
    shop.shop,
    token,
    gql`
      query GatehouseShopName {
        shop {
          name
        }
      }
    `,
  );
  return data.shop.name;
}

describe('a renewal whose answer was lost', () => {
  it('migrates with the same token again and gets the same pair', async () => {
    await withNonExpiringToken(t, shop.shop);
    await loseNextTokenAnswer();
    await expect(t.app.tokens.migrate(shop.shop)).rejects.toBeInstanceOf(PlatformError);
    expect((await shopRow(t, shop.shop)).tokenState).toBe('non-expiring');
    // The next migration sends the same token again: the one this call asks for, or one a job
    // of the app asked for first, when a job met the old token (which the platform revoked with
    // the migration whose answer was lost) before this call.
    expect(['migrated', 'already-expiring']).toContain(await t.app.tokens.migrate(shop.shop));
    expect(await grantsOf(t, shop.shop)).toMatchObject({ migration: 2 });
    expect((await shopRow(t, shop.shop)).tokenState).toBe('expiring');
    expect(await shopName()).toBe('Lost Answers');
  });

  it('refreshes with the used refresh token again and gets the same pair', async () => {
    const before = (await grantsOf(t, shop.shop)).refresh;
    // Two hours on: the stored access token has expired on the platform.
    await t.emulator.setClock(new Date(Date.now() + 2 * 60 * 60_000).toISOString());
    await loseNextTokenAnswer();
    // The first renewal after the clock moved loses its answer: the one this call asks for, or
    // one a job of the app asked for first, when a job met the expired token before this call.
    const first = await shopName().catch((error: unknown) => error);
    expect(first === 'Lost Answers' || first instanceof PlatformError).toBe(true);
    expect(await shopName()).toBe('Lost Answers');
    expect(await t.emulator.faults()).toEqual([]);
    // Two grants: the one whose answer was lost, and the same pair again for the same token.
    expect((await grantsOf(t, shop.shop)).refresh).toBe(before + 2);
    expect((await shopRow(t, shop.shop)).tokenState).toBe('expiring');
  });
});

// Refresh tokens rotate on every use, so a shop's token is renewed by one caller at a time:
// calls that find it about to expire, or that meet the platform's 401, at the same moment make
// one refresh between them and all succeed, on one instance and (on PostgreSQL) on two
// instances sharing the database. A token the platform refuses to renew is dead: later calls
// fail at once without asking the platform again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { gql } from '../../src/core/platform/gql.js';
import { ShopTokenDeadError } from '../../src/core/platform/shop-token-dead.js';
import { TOKEN_MIGRATION_JOB } from '../../src/core/tokens/token-migration.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { afterStartJobs, grantsOf, shopRow } from './token-fixtures.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SHOP_NAME = gql`
  query GatehouseShopName {
    shop {
      name
    }
  }
`;

let a: TestApp;
let b: TestApp | undefined;
let shop: SignedIn;

beforeAll(async () => {
  a = await createTestApp();
  if (onPostgres) {
    // A second instance on the same database and the same platform.
    b = await createTestApp({ DATABASE_URL: a.config.databaseUrl!, PLATFORM_URL: a.emulatorUrl });
  }
  shop = await a.signIn('one-renewal');
  await afterStartJobs(a);
}, 120_000);
afterAll(async () => {
  await a?.emulator.setClock(null);
  await b?.close();
  await a?.close();
});

/** One call through `t`'s platform client with the token its caller reads from the row. */
async function callAs(t: TestApp): Promise<string> {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, shop.shop));
  const token = t.app.tokens.accessTokenOf(row!)!;
  const data = await t.app.platform.graphql<{ shop: { name: string } }>(
    shop.shop,
    token,
    SHOP_NAME,
  );
  return data.shop.name;
}

/** Makes the stored access token look about to expire (two minutes left). */
async function nearlyExpired() {
  await a.app.db
    .update(shops)
    .set({ accessTokenExpiresAt: new Date(Date.now() + 2 * 60_000) })
    .where(eq(shops.domain, shop.shop));
}

describe('one renewal per shop at a time', () => {
  it('refreshes a token about to expire once for calls made together, before they are sent', async () => {
    const before = (await grantsOf(a, shop.shop)).refresh;
    const old = a.app.tokens.accessTokenOf(await shopRow(a, shop.shop));
    await nearlyExpired();
    const names = await Promise.all(Array.from({ length: 6 }, () => callAs(a)));
    expect(new Set(names)).toEqual(new Set(['One Renewal']));
    expect((await grantsOf(a, shop.shop)).refresh).toBe(before + 1);
    const row = await shopRow(a, shop.shop);
    expect(a.app.tokens.accessTokenOf(row)).not.toBe(old);
    expect(row.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
  });

  it('renews once after the platform answered 401 to calls made together', async () => {
    const before = (await grantsOf(a, shop.shop)).refresh;
    // An hour and more later on the platform: the stored access token has expired there.
    await a.emulator.setClock(new Date(Date.now() + 2 * 60 * 60_000).toISOString());
    const names = await Promise.all(Array.from({ length: 6 }, () => callAs(a)));
    expect(new Set(names)).toEqual(new Set(['One Renewal']));
    expect((await grantsOf(a, shop.shop)).refresh).toBe(before + 1);
  });

  it.skipIf(!onPostgres)(
    'makes one refresh when two instances renew the same shop at the same moment',
    async () => {
      const before = (await grantsOf(a, shop.shop)).refresh;
      await nearlyExpired();
      const names = await Promise.all([callAs(a), callAs(b!), callAs(a), callAs(b!)]);
      expect(new Set(names)).toEqual(new Set(['One Renewal']));
      expect((await grantsOf(a, shop.shop)).refresh).toBe(before + 1);
    },
  );

  it('refreshes in the hourly job a pair whose refresh token would expire within a week', async () => {
    const before = (await grantsOf(a, shop.shop)).refresh;
    await a.app.db
      .update(shops)
      .set({ refreshTokenExpiresAt: new Date(Date.now() + 2 * 86_400_000) })
      .where(eq(shops.domain, shop.shop));
    expect(await a.app.jobs.run(TOKEN_MIGRATION_JOB)).toMatchObject({ aging: 1, refreshed: 1 });
    expect((await grantsOf(a, shop.shop)).refresh).toBe(before + 1);
    const row = await shopRow(a, shop.shop);
    expect(row.refreshTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    expect(await a.app.jobs.run(TOKEN_MIGRATION_JOB)).toMatchObject({ aging: 0, refreshed: 0 });
  });

  it('marks a token whose renewal is refused dead, and asks the platform nothing more', async () => {
    await a.emulator.revokeTokens(shop.shop);
    await expect(callAs(a)).rejects.toBeInstanceOf(ShopTokenDeadError);
    const row = await shopRow(a, shop.shop);
    expect(row.tokenState).toBe('dead');
    const grants = await grantsOf(a, shop.shop);
    await nearlyExpired();
    await expect(callAs(a)).rejects.toBeInstanceOf(ShopTokenDeadError);
    expect(await grantsOf(a, shop.shop)).toEqual(grants);
  });
});

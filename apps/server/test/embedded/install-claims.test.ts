// The install from a shop's first session token holds no database connection while the
// platform answers the token exchange: the claim that keeps other instances from exchanging
// too is a row of its own, taken and given back in statements of their own, and a claim past
// its time is taken over.
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { installClaims } from '../../src/features/auth/install-claims-schema.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function claimOf(shop: string) {
  const [row] = await t.app.db.select().from(installClaims).where(eq(installClaims.domain, shop));
  return row;
}

/** Sessions of the app's database in an open transaction (PostgreSQL; PGlite has none). */
async function openTransactions(): Promise<number> {
  if (t.dbKind !== 'postgres') return 0;
  return count(sql`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()
      and state like 'idle in transaction%'`);
}

async function count(query: SQL): Promise<number> {
  const { rows } = (await t.app.db.execute(query)) as { rows: { n: number }[] };
  return rows[0]!.n;
}

async function grants(shop: string) {
  return (await t.emulator.shop(shop)).installation?.grants.sessionToken ?? 0;
}

describe('install from a first session token', () => {
  it('holds no transaction open while the platform answers the exchange', async () => {
    const shop = 'slow-exchange.myshopify.com';
    await t.emulator.managedInstall(shop);
    await t.emulator.addFault({ kind: 'slow', delayMs: 1_500, shop, endpoint: 'access-token' });
    const first = t.call('getAccountInfo', await t.emulator.sessionToken(shop));
    // The exchange is under way once the claim is taken (or, were it held in one, a transaction
    // is open).
    await expect
      .poll(async () => (await claimOf(shop)) !== undefined || (await openTransactions()) > 0)
      .toBe(true);

    // Meanwhile the database answers other work at once, and on PostgreSQL no session of the
    // app sits in a transaction or holds an advisory lock.
    expect(await t.app.db.select().from(shops).where(eq(shops.domain, shop))).toEqual([]);
    expect(await openTransactions()).toBe(0);
    if (t.dbKind === 'postgres') {
      expect(
        await count(sql`select count(*)::int as n from pg_locks where locktype = 'advisory'`),
      ).toBe(0);
    }

    const answer = await first;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await claimOf(shop)).toBeUndefined();
    expect(await grants(shop)).toBe(1);
    await t.emulator.clearFaults();
  });

  it("waits while another instance's claim stands, and takes over one past its time", async () => {
    const waiting = 'claimed-elsewhere.myshopify.com';
    await t.emulator.managedInstall(waiting);
    await t.app.db
      .insert(installClaims)
      .values({ domain: waiting, claimedUntil: new Date(Date.now() + 60_000) });
    let done = false;
    const call = t
      .call('getAccountInfo', await t.emulator.sessionToken(waiting))
      .finally(() => (done = true));
    // The other instance is still at it: no exchange from here.
    await new Promise((resolve) => setImmediate(resolve));
    await expect.poll(() => grants(waiting), { timeout: 1_000 }).toBe(0);
    expect(done).toBe(false);
    // It gave its claim back without installing (its exchange failed): this request installs.
    await t.app.db.delete(installClaims).where(eq(installClaims.domain, waiting));
    const answer = await call;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await grants(waiting)).toBe(1);

    const abandoned = 'claim-abandoned.myshopify.com';
    await t.emulator.managedInstall(abandoned);
    await t.app.db
      .insert(installClaims)
      .values({ domain: abandoned, claimedUntil: new Date(Date.now() - 1_000) });
    const taken = await t.call('getAccountInfo', await t.emulator.sessionToken(abandoned));
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await grants(abandoned)).toBe(1);
    expect(await claimOf(abandoned)).toBeUndefined();
  });
});

// Managed installation: the platform installs the app with its declared scopes and opens it
// with a session token; the server exchanges the first token for the shop's expiring offline
// pair and records the shop as the OAuth callback does, once however many first requests race.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { closeGracefully } from '@gatehouse/graceful-close';
import { auditLog, shops } from '../../src/core/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function auditActions(shopId: string, action: string) {
  return t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.shopId, shopId), eq(auditLog.action, action)));
}

describe('managed installation', () => {
  it('installs the shop once from concurrent first session tokens, with an expiring token', async () => {
    const shop = 'race-shop.myshopify.com';
    const { scopes } = await t.emulator.managedInstall(shop);
    expect(scopes).toEqual(
      expect.arrayContaining(['read_orders', 'write_orders', 'read_themes', 'write_validations']),
    );
    const tokens = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.emulator.sessionToken(shop, { userId: String(i + 1) })),
    );
    const answers = await Promise.all(tokens.map((token) => t.call('getAccountInfo', token)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);

    const state = await t.emulator.shop(shop);
    expect(state.installation?.grants.sessionToken).toBe(1);
    const rows = await t.app.db.select().from(shops).where(eq(shops.domain, shop));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.isNew).toBe(true);
    expect(row.name).toBe(state.shop.name);
    expect(row.grantedScopes.split(',')).toEqual(expect.arrayContaining(scopes));
    expect(row.accessTokenExpiresAt).not.toBeNull();
    expect(await auditActions(row.id, 'shop.installed')).toHaveLength(1);

    // Later tokens find the shop installed: no second exchange.
    const later = await t.call('getDashboardData', await t.emulator.sessionToken(shop), {
      days: 7,
    });
    expect(later.statusCode, later.body).toBe(200);
    expect((await t.emulator.shop(shop)).installation?.grants.sessionToken).toBe(1);
  });

  it('installs again from a session token after an uninstall, and the standalone sign-in stays', async () => {
    const shop = 'back-again.myshopify.com';
    await t.emulator.managedInstall(shop);
    expect((await t.call('getAccountInfo', await t.emulator.sessionToken(shop))).statusCode).toBe(
      200,
    );
    await t.emulator.uninstall(shop);
    await expect
      .poll(async () => {
        const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, shop));
        return row?.uninstalledAt ?? null;
      })
      .not.toBeNull();
    await t.emulator.managedInstall(shop);
    const again = await t.call('getAccountInfo', await t.emulator.sessionToken(shop));
    expect(again.statusCode, again.body).toBe(200);
    const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, shop));
    expect(row!.uninstalledAt).toBeNull();
    expect(await auditActions(row!.id, 'shop.reinstalled')).toHaveLength(1);

    // The OAuth path for the same shop still signs in, to the same shop.
    const standalone = await t.signIn('back-again');
    expect((await t.call('getAccountInfo', standalone.token)).statusCode).toBe(200);
  });

  // Two instances share a database only on PostgreSQL (PGlite is one process's own).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'installs the shop once when first tokens reach two instances at once',
    async () => {
      const other = await buildApp(t.config, { logger: false });
      try {
        await other.ready();
        const shop = 'two-instances.myshopify.com';
        await t.emulator.managedInstall(shop);
        const tokens = await Promise.all(
          Array.from({ length: 6 }, () => t.emulator.sessionToken(shop)),
        );
        const answers = await Promise.all(
          tokens.map((token, i) =>
            (i % 2 ? other : t.app).inject({
              url: '/api/account/getAccountInfo',
              headers: { authorization: `Bearer ${token}` },
            }),
          ),
        );
        for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
        expect((await t.emulator.shop(shop)).installation?.grants.sessionToken).toBe(1);
        const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, shop));
        expect(await auditActions(row!.id, 'shop.installed')).toHaveLength(1);
      } finally {
        await closeGracefully(other, 2_000);
      }
    },
  );
});

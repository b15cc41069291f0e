// Inside the platform's admin every call carries a session token instead of a session of our
// own: tokens signed with another secret, for another app, naming no shop or the wrong one,
// expired or not yet valid are refused with 401; a good one reaches its own shop's data only,
// the same data a standalone sign-in sees, and a change it makes names the staff user.
import { and, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, shops } from '../../src/core/db/schema.js';
import { API_KEY, API_SECRET, createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const EXPIRED = {
  Message: 'Your session has expired. Please sign in again.',
  code: 'unauthorized',
  issues: [],
};

/** A token shaped like the platform's, with any claim or the key changed. */
async function forged(claims: Record<string, unknown>, secret = API_SECRET): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: 'https://forged-shop.myshopify.com/admin',
    dest: 'https://forged-shop.myshopify.com',
    aud: API_KEY,
    sub: '1',
    sid: 'session',
    ...claims,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + 60)
    .setJti(crypto.randomUUID())
    .sign(new TextEncoder().encode(secret));
}

async function embeddedShop(name: string): Promise<string> {
  const shop = `${name}.myshopify.com`;
  await t.emulator.managedInstall(shop);
  // The first token installs the shop.
  const first = await t.call('getAccountInfo', await t.emulator.sessionToken(shop));
  expect(first.statusCode, first.body).toBe(200);
  return shop;
}

describe('session tokens', () => {
  it('signs the staff user in to the shop the token names, and the change they make names them', async () => {
    const shop = await embeddedShop('token-shop');
    const token = await t.emulator.sessionToken(shop, { userId: '42' });
    const saved = await t.call('saveCountryBlocker', token, {
      mode: 'blacklist',
      countries: ['RU'],
      action: { type: 'block' },
      monitor: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, shop));
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.shopId, row!.id), eq(auditLog.action, 'call /api/regionBlocker/save')),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: 'merchant', detail: { staffUserId: '42' } });

    // Admin Access kept off needs no plan; its own audit entry names the staff member too.
    expect((await t.call('armAdminAccess', token, { enabled: false })).statusCode).toBe(200);
    const [armed] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.shopId, row!.id), eq(auditLog.action, 'adminAccess.armed')));
    expect(armed).toMatchObject({
      actor: 'merchant',
      detail: { enabled: false, staffUserId: '42' },
    });
  });

  it('refuses a token signed with another secret, for another app, or naming no shop it may', async () => {
    const shop = await embeddedShop('claims-shop');
    const own = { iss: `https://${shop}/admin`, dest: `https://${shop}` };
    // The same claims with the right key are let in: only the change below is refused.
    expect((await t.call('getAccountInfo', await forged(own))).statusCode).toBe(200);
    const refused = [
      await forged(own, 'another-apps-secret'),
      await forged({ ...own, aud: 'another-apps-key' }),
      // dest names another shop than the admin that issued it
      await forged({ ...own, dest: 'https://other-shop.myshopify.com' }),
      await forged({ ...own, dest: `http://${shop}` }),
      await forged({ ...own, dest: 'https://example.com', iss: 'https://example.com/admin' }),
      await forged({ ...own, sub: undefined }),
      // a shop that never installed the app: the platform will not exchange its token
      await forged({
        iss: 'https://never-installed.myshopify.com/admin',
        dest: 'https://never-installed.myshopify.com',
      }),
    ];
    for (const [i, token] of refused.entries()) {
      const res = await t.call('getAccountInfo', token);
      expect(res.statusCode, `token ${i}`).toBe(401);
      expect(res.json(), `token ${i}`).toEqual(EXPIRED);
    }
    const [never] = await t.app.db
      .select()
      .from(shops)
      .where(eq(shops.domain, 'never-installed.myshopify.com'));
    expect(never).toBeUndefined();
  });

  it('refuses an expired token and one not valid yet, beyond a few seconds of leeway', async () => {
    const shop = await embeddedShop('clock-shop');
    const at = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
    // Minted 61 s ago, one second past its minute, is still within the leeway.
    const late = await t.emulator.sessionToken(shop, { at: at(-61) });
    expect((await t.call('getAccountInfo', late)).statusCode).toBe(200);
    for (const token of [
      await t.emulator.sessionToken(shop, { at: at(-120) }),
      await t.emulator.sessionToken(shop, { at: at(120) }),
    ]) {
      const res = await t.call('getAccountInfo', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(EXPIRED);
    }
  });

  it("reaches only its own shop's data, the same a standalone sign-in of that shop sees", async () => {
    const alice = await embeddedShop('alice-embedded');
    const bob = await embeddedShop('bob-embedded');
    const input = {
      mode: 'blacklist',
      countries: ['CN'],
      action: { type: 'block' },
      monitor: false,
    };
    const aliceToken = await t.emulator.sessionToken(alice);
    expect((await t.call('saveCountryBlocker', aliceToken, input)).statusCode).toBe(200);
    const bobToken = await t.emulator.sessionToken(bob);
    expect((await t.call('getCountryBlocker', bobToken)).json().countries).toEqual([]);
    // The same shop signed in standalone (OAuth and /loginComplete) sees the embedded change.
    const standalone = await t.signIn('alice-embedded');
    expect((await t.call('getCountryBlocker', standalone.token)).json().countries).toEqual(['CN']);
  });

  it('ends nothing on logout inside the admin, and refuses the token once the shop uninstalled', async () => {
    const shop = await embeddedShop('gone-shop');
    const token = await t.emulator.sessionToken(shop);
    expect((await t.call('logout', token)).statusCode).toBe(200);
    expect((await t.call('getAccountInfo', token)).statusCode).toBe(200);
    await t.app.db.update(shops).set({ uninstalledAt: new Date() }).where(eq(shops.domain, shop));
    await t.emulator.uninstall(shop);
    expect((await t.call('getAccountInfo', token)).statusCode).toBe(401);
  });

  it("gives support a link for a shop installed only from the admin, opened as a page of its own, that sees the merchant's embedded data", async () => {
    const shop = await embeddedShop('support-embedded');
    const input = {
      mode: 'blacklist',
      countries: ['RU'],
      action: { type: 'block' },
      monitor: false,
    };
    const merchant = await t.emulator.sessionToken(shop);
    expect((await t.call('saveCountryBlocker', merchant, input)).statusCode).toBe(200);

    const minted = await t.support('POST', '/api/support/personate', { shop });
    expect(minted.statusCode, minted.body).toBe(200);
    const link = new URL(minted.json<{ url: string }>().url);
    // The link is the app's own page at the top level: it is never framed, not even by the
    // shop's admin, so the support session's cookie is the app's own.
    const page = await t.app.inject({ url: link.pathname });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const session = await t.call('personate', null, { id: link.pathname.split('/').pop() });
    expect(session.statusCode, session.body).toBe(200);
    const token = session.json<string>();
    expect((await t.call('getCountryBlocker', token)).json().countries).toEqual(['RU']);
    expect((await t.call('getAccountInfo', token)).json()).toMatchObject({
      domain: shop,
      isImpersonated: true,
    });
    // The merchant inside the admin goes on unaffected.
    expect((await t.call('getAccountInfo', await t.emulator.sessionToken(shop))).statusCode).toBe(
      200,
    );
  });
});

// Sessions once signed in: the bearer token, forged, expired and ended sessions, and support's
// one-time impersonation links with their audit entries.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, shops } from '../src/core/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sessions', () => {
  it('accepts the bearer scheme in any case', async () => {
    const { token } = await t.signIn('case-shop');
    for (const scheme of ['bearer', 'Bearer', 'BEARER']) {
      const res = await t.app.inject({
        url: '/api/account/getAccountInfo',
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('refuses a forged or malformed token with 401', async () => {
    for (const authorization of ['bearer forged', 'Basic abc', 'bearer', '']) {
      const res = await t.app.inject({
        url: '/api/account/getAccountInfo',
        headers: { authorization },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        Message: 'Your session has expired. Please sign in again.',
      });
    }
  });

  it('refuses an expired session', async () => {
    const { token, shop } = await t.signIn('expiry-shop');
    const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, shop));
    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.shopId, row!.id));
    expect((await t.call('getAccountInfo', token)).statusCode).toBe(401);
  });

  it('ends the session on logout', async () => {
    const { token } = await t.signIn('logout-shop');
    expect((await t.call('getAccountInfo', token)).statusCode).toBe(200);
    const out = await t.call('logout', token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toBe(true);
    expect((await t.call('getAccountInfo', token)).statusCode).toBe(401);
    expect((await t.call('logout', token)).statusCode).toBe(401);
  });

  it('answers 401 to every session call made without a token', async () => {
    const names = [
      'logout',
      'getAccountInfo',
      'setExtensionEnabled',
      'showRating',
      'getExtensionEnabned',
      'getNotification',
      'markMessageRead',
      'getWafConnected',
      'createCustomerQuestion',
      'getDashboardData',
      'checkEmptyWhiteLists',
      'getAdminAccess',
    ] as const;
    for (const name of names) {
      const res = await t.call(name, null);
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toMatchObject({
        Message: 'Your session has expired. Please sign in again.',
      });
    }
  });
});

describe('personate', () => {
  it('turns a support link into a one-hour impersonated session, once, with audit entries', async () => {
    await t.signIn('support-shop');
    const minted = await t.support('POST', '/api/support/personate', { shop: 'support-shop' });
    expect(minted.statusCode).toBe(200);
    const url = minted.json<{ url: string }>().url;
    expect(url).toMatch(new RegExp(`^${t.config.appUrl}/personate/[A-Za-z0-9_-]{43}$`));
    const id = url.split('/').pop()!;

    const res = await t.call('personate', null, { id });
    expect(res.statusCode).toBe(200);
    const token = res.json<string>();
    expect(typeof token).toBe('string');

    const info = await t.call('getAccountInfo', token);
    expect(info.json()).toMatchObject({
      isImpersonated: true,
      domain: 'support-shop.myshopify.com',
    });
    const [session] = await t.app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.impersonated, true)));
    const ttl = session!.expiresAt.getTime() - session!.createdAt.getTime();
    expect(ttl).toBeGreaterThan(59 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000 + 5000);

    const again = await t.call('personate', null, { id });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ Message: 'This support link is invalid or has expired.' });

    // A change made while impersonating is recorded as support's.
    expect((await t.call('setExtensionEnabled', token)).statusCode).toBe(200);
    const [shop] = await t.app.db
      .select()
      .from(shops)
      .where(eq(shops.domain, 'support-shop.myshopify.com'));
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.shopId, shop!.id));
    const actions = entries.map((e) => `${e.actor}:${e.action}:${e.impersonated}`);
    expect(actions).toContain('support:support.personate_link_created:false');
    expect(actions).toContain('support:personate.session_started:true');
    expect(actions).toContain('support:call /api/account/setExtensionEnabled:true');
  });

  it('refuses a forged link', async () => {
    const res = await t.call('personate', null, { id: 'not-a-real-token' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: 'This support link is invalid or has expired.' });
  });
});

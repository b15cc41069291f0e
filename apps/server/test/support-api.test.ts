// The support back office over HTTP: key required, every change validated and audit-logged.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, shops } from '../src/core/db/schema.js';
import { defaultSupportApiKey } from '../src/core/env.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('helpdesk-shop');
});
afterAll(async () => {
  await t?.close();
});

describe('support API', () => {
  it('derives its key from APP_SECRET when none is set', () => {
    expect(t.config.supportApiKey).toBe(defaultSupportApiKey(t.config.appSecret));
    expect(t.config.supportApiKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses calls without the support key', async () => {
    for (const authorization of [
      undefined,
      'bearer wrong-key',
      `Basic ${t.config.supportApiKey}`,
    ]) {
      const res = await t.app.inject({
        url: '/api/support/show?shop=helpdesk-shop',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ Message: 'A valid support API key is required.' });
    }
    // A merchant session is not a support key.
    const merchant = await t.signIn('helpdesk-shop');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/personate',
      headers: { authorization: `bearer ${merchant.token}` },
      payload: { shop: 'helpdesk-shop' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('shows a shop by handle or domain', async () => {
    for (const shop of ['helpdesk-shop', 'helpdesk-shop.myshopify.com']) {
      const res = await t.support('GET', '/api/support/show', { shop });
      expect(res.statusCode).toBe(200);
      expect(res.json().shop).toMatchObject({
        domain: 'helpdesk-shop.myshopify.com',
        plan: 'free',
        isNew: true,
        apiVersion: '2026-10',
      });
    }
    const unknown = await t.support('GET', '/api/support/show', { shop: 'nobody-here' });
    expect(unknown.statusCode).toBe(404);
  });

  it('sets known flags and refuses unknown keys or bad values, changing nothing', async () => {
    const ok = await t.support('POST', '/api/support/set', {
      shop: 'helpdesk-shop',
      values: { plan: 'premium', isAppDisabled: 'true', installedDaysAgo: '5' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().shop).toMatchObject({ plan: 'premium', isAppDisabled: true });
    const [row] = await t.app.db
      .select()
      .from(shops)
      .where(eq(shops.domain, 'helpdesk-shop.myshopify.com'));
    const days = (Date.now() - row!.installedAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(5, 1);

    const bad = await t.support('POST', '/api/support/set', {
      shop: 'helpdesk-shop',
      values: { plan: 'gold', isNew: 'maybe', colour: 'red', isShowWaf: true },
    });
    expect(bad.statusCode).toBe(400);
    const message = bad.json<{ Message: string }>().Message;
    expect(message).toContain('unknown setting "colour"');
    expect(message).toContain('plan must be free, premium, payg');
    expect(message).toContain('isNew must be true or false');
    const [after] = await t.app.db
      .select()
      .from(shops)
      .where(eq(shops.domain, 'helpdesk-shop.myshopify.com'));
    expect(after).toMatchObject({ plan: 'premium', isShowWaf: false, isNew: true });
  });

  it('lists contact messages newest first with their shop', async () => {
    const { token } = await t.signIn('helpdesk-shop');
    for (const content of ['First question', 'Second question']) {
      await t.call('createCustomerQuestion', token, {
        content,
        name: 'Hal',
        replyEmail: 'hal@example.com',
      });
    }
    const res = await t.support('GET', '/api/support/questions');
    expect(res.statusCode).toBe(200);
    const { questions } = res.json<{ questions: { shop: string; content: string }[] }>();
    expect(questions.map((q) => q.content)).toEqual(['Second question', 'First question']);
    expect(questions[0]?.shop).toBe('helpdesk-shop.myshopify.com');
  });

  it('refuses an empty notification', async () => {
    const res = await t.support('POST', '/api/support/notify', {
      shop: 'helpdesk-shop',
      text: '  ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: 'Please give the message text.' });
  });

  it('audit-logs every support action', async () => {
    const [row] = await t.app.db
      .select()
      .from(shops)
      .where(eq(shops.domain, 'helpdesk-shop.myshopify.com'));
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.actor, 'support'));
    const actions = entries
      .filter((e) => e.shopId === row!.id || e.shopId === null)
      .map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'support.shop_viewed',
        'support.settings_changed',
        'support.questions_read',
      ]),
    );
  });
});

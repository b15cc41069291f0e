// Account calls answer from the shop's real state, only ever the caller's shop, and refuse
// bad input with a clear 400 that changes nothing: account info, the app embed status,
// notifications and the contact form.
import { contactMessages } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerQuestions, notifications, shops } from '../src/core/db/schema.js';
import { useSignedInShops, type ShopSession } from './helpers/signed-in-shops.js';
import type { TestApp } from './helpers/test-app.js';

let t: TestApp;
let alice: ShopSession;
let bob: ShopSession;
useSignedInShops({ alice: 'alice-store', bob: 'bob-store' }, (s) => ({ t, alice, bob } = s));

describe('getAccountInfo', () => {
  it("answers the signed-in shop's account with platform links", async () => {
    const res = await t.call('getAccountInfo', alice.token);
    expect(res.statusCode).toBe(200);
    const info = res.json();
    const base = `${t.emulatorUrl}/shops/alice-store.myshopify.com`;
    expect(info).toMatchObject({
      id: alice.id,
      pro: false,
      // The owner's name from the platform's shop.shopOwnerName.
      name: 'Sofia Sato',
      shopName: 'Alice Store',
      shopId: expect.stringMatching(/^\d+$/),
      email: 'owner@alice-store.example',
      storeUrl: `${base}/`,
      domain: 'alice-store.myshopify.com',
      adminUrl: `${base}/admin`,
      themeEditorUrl: `${base}/admin/themes/current/editor?context=apps&template=index&activateAppId=${t.config.shopify.apiKey}/app-embed`,
      islegacyAccount: false,
      isReviewLeft: false,
      isThemeScopeEnabled: true,
      extensionEnabled: false,
      isShowWaf: false,
      isAppDisabled: false,
      isNew: true,
      plan: 'free',
      isPayg: false,
      isAdminAccessEnabled: false,
      isImpersonated: false,
      unsupportedReason: null,
      needsReconnect: false,
      platformPlanName: 'Basic',
    });
  });

  it('names why a store cannot use the app once its platform plan has no online store', async () => {
    const carol = await t.signIn('carol-store');
    await t.emulator.setPlan('carol-store.myshopify.com', 'Starter');
    // The plan is read from the platform when the merchant signs in.
    const again = await t.signIn('carol-store');
    expect((await t.call('getAccountInfo', again.token)).json()).toMatchObject({
      unsupportedReason: 'noOnlineStore',
      platformPlanName: 'Starter',
    });
    await t.emulator.setPlan('carol-store.myshopify.com', 'Frozen');
    const frozen = await t.signIn('carol-store');
    expect((await t.call('getAccountInfo', frozen.token)).json()).toMatchObject({
      unsupportedReason: 'storeClosed',
    });
    await t.emulator.setPlan('carol-store.myshopify.com', 'Basic');
    await t.signIn('carol-store');
    expect((await t.call('getAccountInfo', carol.token)).json()).toMatchObject({
      unsupportedReason: null,
    });
  });

  it.each([
    ['on a paid plan', 'Basic'],
    ["on the platform's development plan", 'Development'],
  ])('lets a development store %s use the app', async (_name, plan) => {
    await t.signIn('dana-store');
    await t.emulator.setPlan('dana-store.myshopify.com', plan, true);
    const again = await t.signIn('dana-store');
    expect((await t.call('getAccountInfo', again.token)).json()).toMatchObject({
      unsupportedReason: null,
      platformPlanName: plan,
    });
  });

  it('reflects plan and flags set by support', async () => {
    await t.support('POST', '/api/support/set', {
      shop: 'bob-store',
      values: { plan: 'payg', isShowWaf: 'true', islegacyAccount: true, adminAccess: true },
    });
    const info = (await t.call('getAccountInfo', bob.token)).json();
    expect(info).toMatchObject({
      pro: true,
      plan: 'payg',
      isPayg: true,
      isShowWaf: true,
      islegacyAccount: true,
      // The dashboard shows whether a device is marked, not the General Settings switch.
      isAdminAccessEnabled: false,
    });
  });
});

describe('app embed status', () => {
  it('is false until the merchant enables the embed, then true after themes/update', async () => {
    const before = await t.call('getExtensionEnabned', alice.token);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ isEnabled: false });

    await t.emulator.setAppEmbed('alice-store.myshopify.com', true);
    // The emulator delivers themes/update to /api/webhooks, which drops the cached state.
    await expect
      .poll(async () => (await t.call('getExtensionEnabned', alice.token)).json(), {
        timeout: 5000,
        interval: 100,
      })
      .toEqual({ isEnabled: true });
    const deliveries = await t.emulator.deliveries({
      shop: 'alice-store.myshopify.com',
      topic: 'themes/update',
    });
    expect(deliveries.some((d) => d.status === 'delivered' || d.attempts.length > 0)).toBe(true);
  });

  it('is false without a theme scope', async () => {
    await t.app.db
      .update(shops)
      .set({ grantedScopes: 'read_orders' })
      .where(eq(shops.domain, 'bob-store.myshopify.com'));
    expect((await t.call('getExtensionEnabned', bob.token)).json()).toEqual({ isEnabled: false });
    expect((await t.call('getAccountInfo', bob.token)).json()).toMatchObject({
      isThemeScopeEnabled: false,
    });
    await t.app.db
      .update(shops)
      .set({ grantedScopes: 'read_orders,write_orders,read_themes' })
      .where(eq(shops.domain, 'bob-store.myshopify.com'));
  });

  it('answers a clear 400, not a 500, when the platform refuses to show the theme', async () => {
    // The merchant narrowed the app's scopes on the platform; the server still believes it may read themes.
    await t.emulator.setScopes('bob-store.myshopify.com', ['read_orders', 'write_orders']);
    const res = await t.call('getExtensionEnabned', bob.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      Message:
        'Shopify refused to let us check your theme for the Gatehouse app embed. Please sign in to Gatehouse again, then try again.',
    });
    await t.emulator.setScopes('bob-store.myshopify.com', [
      'read_orders',
      'write_orders',
      'read_themes',
    ]);
  });

  it('"Do not show again" sets extensionEnabled', async () => {
    const res = await t.call('setExtensionEnabled', bob.token);
    expect(res.json()).toBe(true);
    expect((await t.call('getAccountInfo', bob.token)).json()).toMatchObject({
      extensionEnabled: true,
    });
    expect((await t.call('getAccountInfo', alice.token)).json()).toMatchObject({
      extensionEnabled: false,
    });
  });
});

describe('notifications', () => {
  it('shows the oldest unread message of the own shop only, until marked read', async () => {
    expect((await t.call('getNotification', alice.token)).json()).toEqual({
      id: null,
      content: null,
    });
    await t.support('POST', '/api/support/notify', { shop: 'alice-store', text: 'First' });
    await t.support('POST', '/api/support/notify', { shop: 'alice-store', text: 'Second' });
    await t.support('POST', '/api/support/notify', { shop: 'bob-store', text: 'For Bob' });

    const first = (await t.call('getNotification', alice.token)).json<{
      id: string;
      content: string;
    }>();
    expect(first.content).toBe('First');
    const bobs = (await t.call('getNotification', bob.token)).json<{
      id: string;
      content: string;
    }>();
    expect(bobs.content).toBe('For Bob');

    // Bob cannot mark Alice's message read.
    const cross = await t.call('markMessageRead', bob.token, { id: first.id });
    expect(cross.statusCode).toBe(400);
    expect(cross.json()).toMatchObject({ Message: 'That message does not exist.' });
    const [unchanged] = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, first.id));
    expect(unchanged?.readAt).toBeNull();

    expect((await t.call('markMessageRead', alice.token, { id: first.id })).json()).toBe(true);
    expect((await t.call('getNotification', alice.token)).json()).toMatchObject({
      content: 'Second',
    });
    expect((await t.call('getNotification', bob.token)).json()).toMatchObject({
      content: 'For Bob',
    });
  });

  it('refuses a malformed or unknown message id', async () => {
    for (const input of [{ id: 'not-a-uuid' }, { id: '00000000-0000-4000-8000-000000000000' }]) {
      const res = await t.call('markMessageRead', alice.token, input);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Message: 'That message does not exist.' });
    }
    const missing = await t.call('markMessageRead', alice.token, {});
    expect(missing.json()).toMatchObject({ Message: 'Please say which message to mark as read.' });
  });
});

describe('contact form', () => {
  const valid = { content: 'Hello, I need help.', name: 'Alice', replyEmail: 'alice@example.com' };

  it('stores a valid question for the own shop', async () => {
    const res = await t.call('createCustomerQuestion', alice.token, valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    const rows = await t.app.db
      .select()
      .from(customerQuestions)
      .where(eq(customerQuestions.shopId, alice.id));
    expect(rows.map((r) => r.content)).toEqual([valid.content]);
  });

  it.each([
    [{ ...valid, content: '  ' }, contactMessages.contentRequired],
    [{ ...valid, content: 'x'.repeat(5001) }, contactMessages.contentTooLong],
    [{ ...valid, name: '' }, contactMessages.nameRequired],
    [{ ...valid, name: 'n'.repeat(101) }, contactMessages.nameTooLong],
    [{ ...valid, replyEmail: '' }, contactMessages.emailRequired],
    [{ ...valid, replyEmail: 'not-an-email' }, contactMessages.emailInvalid],
    [{ ...valid, replyEmail: `${'a'.repeat(95)}@b.com` }, contactMessages.emailTooLong],
    [{ name: 'A', replyEmail: 'a@b.co' }, contactMessages.contentRequired],
  ])('refuses %# with its exact message and stores nothing', async (input, message) => {
    const before = await t.app.db.select().from(customerQuestions);
    const res = await t.call('createCustomerQuestion', bob.token, input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
    expect(await t.app.db.select().from(customerQuestions)).toHaveLength(before.length);
  });
});

// Plans and subscriptions end to end against the platform emulator: choosing Free, starting
// a paid plan through the confirmation page, declining, cancelling, the platform freezing
// and reactivating, plan gates, and refusals of forged or foreign requests.
import type { SubscriptionState } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { shops } from '../src/core/db/schema.js';
import { UPGRADE_MESSAGE } from '../src/core/plan-gates.js';
import { route } from '../src/core/http/route.js';
import { useSignedInShops, type ShopSession } from './helpers/signed-in-shops.js';
import type { TestApp } from './helpers/test-app.js';
import { approve, waitFor } from './helpers/billing.js';

const gatedCall = {
  method: 'POST' as const,
  path: '/api/test/gated',
  feature: 'adminAccess' as const,
  request: z.object({}),
  response: z.boolean(),
};

let t: TestApp;
let premium: ShopSession;
let other: ShopSession;

async function shopRow(domain: string) {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, domain));
  return row!;
}
const state = async (token: string) =>
  (await t.call('getSubscription', token)).json<SubscriptionState>();
const gated = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: gatedCall.path,
    headers: { authorization: `Bearer ${token}` },
  });

useSignedInShops(
  { premium: 'premium-store', other: 'other-store' },
  (s) => ({ t, premium, other } = s),
  { setup: (app) => route(app, gatedCall, async () => true) },
);

describe('plans', () => {
  it('lists the three plans of the catalogue', async () => {
    const res = await t.call('getPlans', premium.token);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ id: string; price: number; trialDays: number }[]>();
    expect(list.map((p) => [p.id, p.price, p.trialDays])).toEqual([
      ['free', 0, 0],
      ['premium', 14.99, 7],
      ['payg', 4.99, 7],
    ]);
  });

  it('needs a session', async () => {
    expect((await t.call('getSubscription', null)).statusCode).toBe(401);
    expect((await t.call('choosePlan', null, { plan: 'free' })).statusCode).toBe(401);
  });

  it('refuses an unknown plan with a clear message and changes nothing', async () => {
    for (const body of [{ plan: 'gold' }, {}, { plan: 'free', extra: 1 }]) {
      const res = await t.call('choosePlan', other.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ Message: string }>().Message).toEqual(expect.any(String));
    }
    expect((await shopRow(other.shop)).isNew).toBe(true);
  });
});

describe('choosing Free', () => {
  it('sets the Free plan at once and clears isNew; choosing it again is refused', async () => {
    const res = await t.call('choosePlan', other.token, { plan: 'free' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ confirmationUrl: null });
    const row = await shopRow(other.shop);
    expect(row).toMatchObject({ plan: 'free', isNew: false });
    const again = await t.call('choosePlan', other.token, { plan: 'free' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ Message: 'You are already on the Free plan.' });
  });

  it('refuses Free features a gated call', async () => {
    const res = await gated(other.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
  });
});

describe('Premium through the confirmation page', () => {
  let chargeId = '';

  it('answers a confirmation URL and shows the approval as pending', async () => {
    const res = await t.call('choosePlan', premium.token, { plan: 'premium' });
    expect(res.statusCode).toBe(200);
    const { confirmationUrl } = res.json<{ confirmationUrl: string }>();
    expect(confirmationUrl).toMatch(/\/admin\/charges\/\d+\/confirm$/);
    const s = await state(premium.token);
    expect(s).toMatchObject({ plan: 'free', pending: { plan: 'premium', confirmationUrl } });
    expect((await shopRow(premium.shop)).isNew).toBe(true);
    const subs = await t.emulator.subscriptions(premium.shop);
    expect(subs[0]).toMatchObject({ name: 'Premium', status: 'PENDING', test: true, trialDays: 7 });
  });

  it('activates Premium after approval, re-reading the platform', async () => {
    const pending = (await state(premium.token)).pending!;
    const result = await approve(t, pending.confirmationUrl, 'approve');
    chargeId = result.chargeId;
    expect(result.location).toBe('/subscription?outcome=activated&plan=premium');
    const info = (await t.call('getAccountInfo', premium.token)).json();
    expect(info).toMatchObject({ plan: 'premium', pro: true, isNew: false });
    const s = await state(premium.token);
    expect(s.subscription).toMatchObject({ plan: 'premium', status: 'ACTIVE', trialDaysLeft: 7 });
    expect(s.pending).toBeNull();
    expect((await gated(premium.token)).statusCode).toBe(200);
    const again = await t.call('choosePlan', premium.token, { plan: 'premium' });
    expect(again.json()).toMatchObject({ Message: 'You are already on the Premium plan.' });
  });

  it('ignores a return with another shop or a forged charge id', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/billing/return?shop=${other.shop}&charge_id=${chargeId}`,
    });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe('/subscription?outcome=failed');
    expect((await shopRow(other.shop)).plan).toBe('free');
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/billing/return?shop=${premium.shop}&charge_id=999999`,
    });
    expect(unknown.headers.location).toBe('/subscription?outcome=failed');
    const junk = await t.app.inject({
      method: 'GET',
      url: '/api/billing/return?shop=x&charge_id=a',
    });
    expect(junk.headers.location).toBe('/subscription?outcome=failed');
    expect((await shopRow(premium.shop)).plan).toBe('premium');
  });

  it("never lets another shop's token read or cancel this subscription", async () => {
    expect((await state(other.token)).plan).toBe('free');
    const cancel = await t.call('cancelSubscription', other.token);
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json()).toMatchObject({ Message: 'You have no paid subscription to cancel.' });
    expect((await shopRow(premium.shop)).plan).toBe('premium');
  });

  it('falls back to Free features when the platform freezes it, and back when reactivated', async () => {
    await t.emulator.freezeSubscription(premium.shop, chargeId);
    await waitFor(async () => (await shopRow(premium.shop)).plan === 'free');
    expect((await state(premium.token)).subscription).toMatchObject({ status: 'FROZEN' });
    expect((await gated(premium.token)).statusCode).toBe(403);
    await t.emulator.unfreezeSubscription(premium.shop, chargeId);
    await waitFor(async () => (await shopRow(premium.shop)).plan === 'premium');
    expect((await gated(premium.token)).statusCode).toBe(200);
  });

  it('offers no second trial and keeps Premium when a plan change is declined', async () => {
    const res = await t.call('choosePlan', premium.token, { plan: 'payg' });
    const { confirmationUrl } = res.json<{ confirmationUrl: string }>();
    const subs = await t.emulator.subscriptions(premium.shop);
    expect(subs.at(-1)).toMatchObject({ name: 'Pay-As-You-Go', trialDays: 0 });
    const result = await approve(t, confirmationUrl, 'decline');
    expect(result.location).toBe('/subscription?outcome=declined&plan=payg');
    await waitFor(async () => {
      const list = await t.emulator.subscriptions(premium.shop);
      return list.at(-1)?.status === 'DECLINED';
    });
    expect((await shopRow(premium.shop)).plan).toBe('premium');
    expect((await state(premium.token)).subscription).toMatchObject({ status: 'ACTIVE' });
  });

  it('cancels back to Free, on the platform too', async () => {
    const res = await t.call('cancelSubscription', premium.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expect((await shopRow(premium.shop)).plan).toBe('free');
    const subs = await t.emulator.subscriptions(premium.shop);
    expect(subs.find((s) => String(s.id) === chargeId)?.status).toBe('CANCELLED');
    // The CANCELLED webhook arriving afterwards changes nothing more: once the server has
    // answered it, the shop is still on Free.
    await waitFor(async () => {
      const deliveries = await t.emulator.deliveries({
        shop: premium.shop,
        topic: 'app_subscriptions/update',
      });
      return deliveries.some(
        (d) =>
          d.status === 'delivered' &&
          (d.payload as { app_subscription?: { status?: string } }).app_subscription?.status ===
            'CANCELLED',
      );
    });
    expect((await shopRow(premium.shop)).plan).toBe('free');
    expect((await gated(premium.token)).statusCode).toBe(403);
  });
});

describe('a new shop declining', () => {
  it('stays as it was, still new, with the outcome declined', async () => {
    const fresh = await t.signIn('decliner-store');
    const res = await t.call('choosePlan', fresh.token, { plan: 'premium' });
    const result = await approve(
      t,
      res.json<{ confirmationUrl: string }>().confirmationUrl,
      'decline',
    );
    expect(result.location).toBe('/subscription?outcome=declined&plan=premium');
    expect(await shopRow(fresh.shop)).toMatchObject({ plan: 'free', isNew: true });
    expect((await t.emulator.subscriptions(fresh.shop)).map((s) => s.status)).toEqual(['DECLINED']);
  });
});

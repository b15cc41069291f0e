// Fraud Protect's calls: a paid feature (403 on Free), the settings stored for the caller's shop
// only, every bad input a 400 with a Message that changes nothing, and the log: the caller's
// entries only, newest first, a page at a time; Retry only for the caller's failed entries.
import {
  DEFAULT_FRAUD_PROTECT,
  ORDER_LOG_PAGE_SIZE,
  fraudProtectMessages as m,
  orderLogMessages,
  type OrderLogPage,
  type FraudProtectView,
} from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderActions } from '../../src/orders/order-actions-schema.js';
import { shops } from '../../src/core/db/schema.js';
import { UPGRADE_MESSAGE } from '../../src/core/plan-gates.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
const shopIds: Record<string, string> = {};

const ALICE = {
  ...DEFAULT_FRAUD_PROTECT,
  enabled: true,
  actOnMedium: true,
  reason: 'DECLINED' as const,
  refund: false,
  tag: 'risky',
  exemptCustomerTags: ['VIP', 'wholesale'],
  minOrderAmount: 25.5,
  exemptReturningCustomers: true,
  monitor: true,
};

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, carol] = await Promise.all([
    t.signIn('fp-alice'),
    t.signIn('fp-bob'),
    t.signIn('fp-carol'),
  ]);
  for (const [who, plan] of [
    [alice, 'premium'],
    [bob, 'payg'],
    [carol, 'free'],
  ] as const) {
    const [row] = await t.app.db
      .update(shops)
      .set({ plan })
      .where(eq(shops.domain, who.shop))
      .returning();
    shopIds[who.shop] = row!.id;
  }
});
afterAll(async () => {
  await t?.close();
});

const settingsOf = async (who: SignedIn) =>
  (await t.call('getFraudProtect', who.token)).json<FraudProtectView>();

describe('settings', () => {
  it('starts off with the defaults, and says how long the log is kept', async () => {
    expect(await settingsOf(alice)).toEqual({
      settings: DEFAULT_FRAUD_PROTECT,
      logRetentionDays: 90,
      canReadCustomers: true,
    });
  });

  it('stores the settings for the caller’s shop only', async () => {
    const saved = await t.call('saveFraudProtect', alice.token, ALICE);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<FraudProtectView>().settings).toEqual(ALICE);
    expect((await settingsOf(alice)).settings).toEqual(ALICE);
    expect((await settingsOf(bob)).settings).toEqual(DEFAULT_FRAUD_PROTECT);
  });

  it('refuses a plan without Fraud Protect with 403', async () => {
    for (const name of ['getFraudProtect', 'getFraudProtectLog'] as const) {
      const res = await t.call(name, carol.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
    }
    const save = await t.call('saveFraudProtect', carol.token, ALICE);
    expect(save.statusCode).toBe(403);
  });

  it('refuses a call without a session or with a forged one', async () => {
    expect((await t.call('getFraudProtect', null)).statusCode).toBe(401);
    expect((await t.call('getFraudProtectLog', 'not-a-token')).statusCode).toBe(401);
  });

  const bad: [string, unknown, string][] = [
    ['only tagging without a tag', { ...ALICE, mode: 'flag', tag: '' }, m.tagRequired],
    ['an unknown mode', { ...ALICE, mode: 'delete' }, m.mode],
    ['an unknown reason', { ...ALICE, reason: 'BECAUSE' }, m.reason],
    ['a tag with a comma', { ...ALICE, tag: 'a,b' }, m.tag],
    ['an overlong tag', { ...ALICE, tag: 'x'.repeat(41) }, m.tag],
    [
      'too many customer tags',
      { ...ALICE, exemptCustomerTags: Array(21).fill('vip') },
      m.customerTags,
    ],
    ['a negative amount', { ...ALICE, minOrderAmount: -1 }, m.amount],
    ['an amount as text', { ...ALICE, minOrderAmount: '10' }, m.amount],
    ['a missing switch', { ...ALICE, enabled: undefined }, '"enabled" must be true or false.'],
  ];
  for (const [name, body, message] of bad) {
    it(`answers 400 for ${name}, changing nothing`, async () => {
      const res = await t.call('saveFraudProtect', alice.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Message: message });
      expect((await settingsOf(alice)).settings).toEqual(ALICE);
    });
  }

  it('answers 400 for an unknown field and for a control character in the tag', async () => {
    const extra = await t.call('saveFraudProtect', alice.token, { ...ALICE, refundTwice: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ Message: expect.any(String) });
    const nul = await t.call('saveFraudProtect', alice.token, { ...ALICE, tag: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect((await settingsOf(alice)).settings).toEqual(ALICE);
  });
});

describe('the log', () => {
  const entry = (shop: string, n: number, status: 'done' | 'failed' = 'done') => ({
    shopId: shopIds[shop]!,
    feature: 'fraud-protect' as const,
    orderId: String(5000 + n),
    orderName: `#${5000 + n}`,
    riskLevel: 'HIGH',
    action: 'cancel' as const,
    status,
    params: { reason: 'FRAUD' as const, refund: true, restock: true, notifyCustomer: true },
    error: status === 'failed' ? 'Shopify refused: Order has already been cancelled' : null,
    createdAt: new Date(Date.UTC(2030, 0, 1, 0, n)),
  });

  beforeAll(async () => {
    await t.app.db
      .insert(orderActions)
      .values([
        ...Array.from({ length: 24 }, (_, n) => entry(alice.shop, n)),
        entry(alice.shop, 24, 'failed'),
        entry(bob.shop, 1, 'failed'),
      ]);
  });

  it('lists the caller’s entries, newest first, a page at a time, with the order’s admin link', async () => {
    const first = (
      await t.call('getFraudProtectLog', alice.token, { page: '1' })
    ).json<OrderLogPage>();
    expect(first.total).toBe(25);
    expect(first.pageSize).toBe(ORDER_LOG_PAGE_SIZE);
    expect(first.entries).toHaveLength(ORDER_LOG_PAGE_SIZE);
    expect(first.entries[0]).toMatchObject({
      orderName: '#5024',
      status: 'failed',
      error: 'Shopify refused: Order has already been cancelled',
      orderUrl: `${t.emulatorUrl}/shops/${alice.shop}/admin/orders/5024`,
    });
    const second = (
      await t.call('getFraudProtectLog', alice.token, { page: '2' })
    ).json<OrderLogPage>();
    expect(second.entries.map((e) => e.orderName)).toEqual([
      '#5004',
      '#5003',
      '#5002',
      '#5001',
      '#5000',
    ]);
    const bobs = (await t.call('getFraudProtectLog', bob.token)).json<OrderLogPage>();
    expect(bobs.entries.map((e) => e.orderName)).toEqual(['#5001']);
  });

  it('answers 400 for a page that is not a page', async () => {
    for (const page of ['0', '-1', 'x', '1.5', '10001']) {
      const res = await t.call('getFraudProtectLog', alice.token, { page });
      expect(res.statusCode, page).toBe(400);
      expect(res.json()).toMatchObject({ Message: orderLogMessages.page });
    }
  });

  it('retries only the caller’s failed entries', async () => {
    const bobs = (await t.call('getFraudProtectLog', bob.token)).json<OrderLogPage>();
    const bobEntry = bobs.entries[0]!;
    // Alice cannot retry Bob's entry: as if it did not exist.
    const foreign = await t.call('retryFraudProtectAction', alice.token, { id: bobEntry.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ Message: 'No order log entry with that id.' });
    const [row] = await t.app.db
      .select()
      .from(orderActions)
      .where(eq(orderActions.id, bobEntry.id));
    expect(row?.status).toBe('failed');

    const done = (
      await t.call('getFraudProtectLog', alice.token, { page: '2' })
    ).json<OrderLogPage>();
    const notFailed = await t.call('retryFraudProtectAction', alice.token, {
      id: done.entries[0]!.id,
    });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json()).toMatchObject({
      Message: 'Only a failed or waiting action can be tried again.',
    });

    const bad = await t.call('retryFraudProtectAction', alice.token, { id: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Message: orderLogMessages.entryId });
  });
});

describe('the log shared with the auto-cancel filters', () => {
  let dave: SignedIn;
  const at = (minute: number) => new Date(Date.UTC(2031, 0, 1, 0, minute));

  beforeAll(async () => {
    dave = await t.signIn('fp-dave');
    const [shop] = await t.app.db
      .update(shops)
      .set({ plan: 'premium' })
      .where(eq(shops.domain, dave.shop))
      .returning();
    const common = {
      shopId: shop!.id,
      riskLevel: null,
      params: { reason: 'FRAUD' as const, refund: true },
    };
    await t.app.db.insert(orderActions).values([
      {
        ...common,
        feature: 'fraud-protect',
        orderId: '7001',
        orderName: '#7001',
        riskLevel: 'HIGH',
        action: 'cancel',
        status: 'done',
        createdAt: at(1),
      },
      {
        ...common,
        feature: 'auto-cancel',
        filterId: '00000000-0000-4000-8000-000000000001',
        filterName: 'Big orders shipped elsewhere',
        orderId: '7002',
        orderName: '#7002',
        action: 'cancel',
        status: 'failed',
        error: 'Shopify refused: Order has already been cancelled',
        createdAt: at(2),
      },
      {
        ...common,
        feature: 'fraud-protect',
        orderId: '7003',
        orderName: '#7003',
        action: 'check',
        status: 'failed',
        params: {},
        error: 'Shopify is having trouble right now, so we could not check order #7003.',
        createdAt: at(3),
      },
    ]);
  });

  it('answers the same entries, newest first, on both pages, each naming its feature and filter', async () => {
    const fraud = await t.call('getFraudProtectLog', dave.token, { page: '1' });
    const filters = await t.call('getAutoCancelLog', dave.token, { page: '1' });
    expect(fraud.statusCode).toBe(200);
    expect(filters.statusCode).toBe(200);
    // Fraud Protect's page also says what was written into the orders' risk (none here).
    const { riskNotes, ...fraudPage } = fraud.json<OrderLogPage>();
    expect(riskNotes).toEqual([]);
    expect(filters.json()).toEqual(fraudPage);
    const page = fraud.json<OrderLogPage>();
    expect(page.total).toBe(3);
    expect(page.entries.map((e) => [e.orderName, e.feature, e.action, e.filterName])).toEqual([
      ['#7003', 'fraud-protect', 'check', null],
      ['#7002', 'auto-cancel', 'cancel', 'Big orders shipped elsewhere'],
      ['#7001', 'fraud-protect', 'cancel', null],
    ]);
    // Another shop sees none of them.
    const bobs = (await t.call('getAutoCancelLog', bob.token)).json<OrderLogPage>();
    expect(bobs.entries.map((e) => e.orderName)).toEqual(['#5001']);
  });

  it('narrows to one feature when asked, and refuses an unknown feature', async () => {
    const mine = (
      await t.call('getAutoCancelLog', dave.token, { page: '1', feature: 'auto-cancel' })
    ).json<OrderLogPage>();
    expect(mine.total).toBe(1);
    expect(mine.entries.map((e) => e.orderName)).toEqual(['#7002']);
    const fraud = (
      await t.call('getFraudProtectLog', dave.token, { feature: 'fraud-protect' })
    ).json<OrderLogPage>();
    expect(fraud.entries.map((e) => e.orderName)).toEqual(['#7003', '#7001']);
    const bad = await t.call('getFraudProtectLog', dave.token, { feature: 'firewall' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Message: orderLogMessages.feature });
  });

  it('retries a filter’s failed entry from the Fraud Protect page, and not another shop’s', async () => {
    const page = (await t.call('getFraudProtectLog', dave.token)).json<OrderLogPage>();
    const filterEntry = page.entries.find((e) => e.feature === 'auto-cancel')!;
    const foreign = await t.call('retryAutoCancelAction', alice.token, { id: filterEntry.id });
    expect(foreign.statusCode).toBe(404);
    const retried = await t.call('retryFraudProtectAction', dave.token, { id: filterEntry.id });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      id: filterEntry.id,
      feature: 'auto-cancel',
      filterName: 'Big orders shipped elsewhere',
      status: 'pending',
      error: null,
    });
  });
});

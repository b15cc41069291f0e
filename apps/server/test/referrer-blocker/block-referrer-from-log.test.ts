// "Block this referrer" from the visitor log: the referring site's domain goes into the
// Referrer Blocker with the same checks as an add, applies to the very next decision of that
// shop only, says so when the site is already blocked, and is a paid feature.
import {
  maxReferrerEntries,
  referrerMessages as m,
  visitorLogMessages,
  type ReferrerBlockerView,
} from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referrerRules } from '../../src/features/referrer-blocker/referrer-schema.js';
import { shops } from '../../src/core/db/schema.js';
import { UPGRADE_MESSAGE } from '../../src/core/plan-gates.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;

async function shopIdOf(shop: SignedIn) {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, shop.shop));
  return row!.id;
}

async function setPlan(shop: SignedIn, plan: 'free' | 'premium' | 'payg') {
  const id = await shopIdOf(shop);
  await t.app.db.update(shops).set({ plan }).where(eq(shops.id, id));
  await t.app.protection.policies.rebuild(id);
}

/** The entries as stored once queued visits are written (their hits are part of them). */
const entries = async (shop: SignedIn) => {
  await t.app.visits.flush();
  return (await t.call('getReferrerBlocker', shop.token)).json<ReferrerBlockerView>().entries;
};

const blockReferrer = (shop: SignedIn, value: string) =>
  t.call('visitQuickAction', shop.token, { action: 'blockReferrer', value });

const decide = async (shop: SignedIn, ref: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': '8.8.8.8' },
      query: { shop: shop.shop, url: `https://${shop.shop}/`, ref },
    })
  ).json<{ action: string }>().action;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-referrer-log');
  bob = await t.signIn('bob-referrer-log');
  carol = await t.signIn('carol-referrer-log');
  await setPlan(alice, 'premium');
  await setPlan(bob, 'payg');
  await t.app.protection.geo.ready;
});
afterAll(async () => {
  await t?.close();
});

describe('"Block this referrer" from the visitor log', () => {
  it('answers 403 on the Free plan and stores nothing', async () => {
    const res = await blockReferrer(carol, 'spam.example');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
    expect(await t.app.db.select().from(referrerRules)).toEqual([]);
  });

  it('blocks the site at once for that shop, and says so when it is already blocked', async () => {
    expect(await decide(alice, 'https://spam.example/offer')).toBe('allow');
    const res = await blockReferrer(alice, 'spam.example');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      changed: true,
      message: 'spam.example was added to the Referrer Blocker.',
    });
    expect(await decide(alice, 'https://spam.example/offer')).toBe('block');
    expect(await decide(bob, 'https://spam.example/offer')).toBe('allow');
    expect((await entries(alice)).map((e) => [e.domain, e.note])).toEqual([
      ['spam.example', 'Added from the visitor log'],
    ]);

    const again = await blockReferrer(alice, 'SPAM.example');
    expect(again.json()).toEqual({
      changed: false,
      message: 'spam.example is already blocked by the Referrer Blocker.',
    });
    expect(await entries(alice)).toHaveLength(1);
  });

  it('keeps the host of a pasted address', async () => {
    const res = await blockReferrer(alice, 'https://WWW.Junk.example/page?x=1');
    expect(res.json()).toEqual({
      changed: true,
      message: 'www.junk.example was added to the Referrer Blocker.',
    });
    expect(await decide(alice, 'https://www.junk.example/')).toBe('block');
  });

  it.each([
    ['localhost', m.domainInvalid('localhost')],
    ['1.2.3.4', m.domainInvalid('1.2.3.4')],
    ['', m.domain],
    [`${'a'.repeat(300)}.example`, visitorLogMessages.quickValueTooLong],
  ])('refuses %j and changes nothing', async (value, message) => {
    const before = await entries(alice);
    const res = await blockReferrer(alice, value);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
    expect(await entries(alice)).toEqual(before);
  });

  it('refuses a site once the blocker is full', async () => {
    const bobId = await shopIdOf(bob);
    await t.app.db.insert(referrerRules).values(
      Array.from({ length: maxReferrerEntries }, (_, i) => ({
        shopId: bobId,
        domain: `site${i}.example`,
      })),
    );
    const res = await blockReferrer(bob, 'spam.example');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: m.cap });
    expect(await entries(bob)).toHaveLength(maxReferrerEntries);
  });
});

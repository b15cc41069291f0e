// Content Protection through the merchant's calls and the storefront's decision: the plan
// gate, every switch off by default, a save that names the switches per page (whole store, or
// product and collection pages), bad input answering 400 and changing nothing, and an
// admin-access device never restricted.
import {
  CONTENT_PROTECTION_OFF,
  type ContentProtectionSettings,
  type DecideResponse,
} from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/core/crypto/secrets.js';
import { shops } from '../../src/core/db/schema.js';
import { UPGRADE_MESSAGE } from '../../src/core/plan-gates.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let alice: SignedIn;
let carol: SignedIn;

async function decide(shop: SignedIn, path: string, d?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/storefront/decide',
    headers: { 'x-forwarded-for': '8.8.8.8' },
    query: { shop: shop.shop, url: `https://${shop.shop}${path}`, ...(d ? { d } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DecideResponse>();
}

const get = async (shop: SignedIn) =>
  (await t.call('getContentProtection', shop.token)).json<ContentProtectionSettings>();

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-protect');
  carol = await t.signIn('carol-protect');
  await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.domain, alice.shop));
});
afterAll(async () => {
  await t?.close();
});

describe('content protection', () => {
  it('answers 403 with the upgrade message on the Free plan', async () => {
    for (const [name, input] of [
      ['getContentProtection', {}],
      ['saveContentProtection', CONTENT_PROTECTION_OFF],
    ] as const) {
      const res = await t.call(name, carol.token, input);
      expect(res.statusCode, name).toBe(403);
      expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
    }
  });

  it('has every switch off at first, and decisions name none', async () => {
    expect(await get(alice)).toEqual(CONTENT_PROTECTION_OFF);
    expect((await decide(alice, '/')).protect).toBeUndefined();
  });

  it('names the switches that apply to each page', async () => {
    const settings = {
      ...CONTENT_PROTECTION_OFF,
      rightClick: 'store',
      copy: 'catalog',
      frame: 'store',
    } as const;
    const res = await t.call('saveContentProtection', alice.token, settings);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(settings);
    expect((await decide(alice, '/pages/about')).protect).toEqual(['rightClick', 'frame']);
    expect((await decide(alice, '/products/hat?x=1')).protect).toEqual([
      'rightClick',
      'copy',
      'frame',
    ]);
    expect((await decide(alice, '/fr/collections/all')).protect).toEqual([
      'rightClick',
      'copy',
      'frame',
    ]);
  });

  it('never restricts an admin-access device', async () => {
    const [shop] = await t.app.db.select().from(shops).where(eq(shops.domain, alice.shop));
    const entry = t.app.protection.policies.peek(alice.shop)!;
    const device = t.app.protection.tokens.mintDevice(shop!.id);
    t.app.protection.policies.prime({
      ...entry,
      adminAccess: true,
      devices: new Set([hashSecret(device)]),
    });
    const answer = await decide(alice, '/products/hat', device);
    expect(answer.adminAccess).toBe(true);
    expect(answer.protect).toBeUndefined();
    expect((await decide(alice, '/products/hat')).protect).toHaveLength(3);
  });

  it.each([
    ['an unknown scope', { ...CONTENT_PROTECTION_OFF, copy: 'everywhere' }],
    ['an unknown switch', { ...CONTENT_PROTECTION_OFF, screenshots: 'store' }],
    ['a missing switch', { rightClick: 'store' }],
  ])('refuses %s and changes nothing', async (_name, input) => {
    const before = await get(alice);
    const res = await t.call('saveContentProtection', alice.token, input);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Message: string }>().Message).toBeTruthy();
    expect(await get(alice)).toEqual(before);
  });
});

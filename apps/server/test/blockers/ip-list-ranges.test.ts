// How wide an IP list entry may be, through the API: a range is judged by what it covers once
// normalised (an IPv4-mapped IPv6 block is its IPv4 block), on the block list, the allow list
// and the legacy list, whether it comes by the form, a CSV file or the legacy migration; an
// entry wider than a /8 (IPv4) or a /16 (IPv6) is refused with a message and nothing is
// stored. Entries that together cover a large share of the addresses are kept with a notice,
// in the add's answer and on the list's page (entries whose time is up no longer count). An
// entry stored before the bound is not applied (the store stays open to everyone else) and its
// list's page says so.
import type { IpListPage, LegacyMigrationPreview } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ipRules } from '../../src/protection/protection-schema.js';
import { legacyEntries } from '../../src/features/legacy-block-lists/legacy-block-lists-schema.js';
import { useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { TestApp } from '../helpers/test-app.js';

let t: TestApp;
let shop: ShopSession;
let wide: ShopSession;
let legacy: ShopSession;
let expired: ShopSession;
useSignedInShops(
  {
    shop: { name: 'ranges-shop', plan: 'premium' },
    wide: { name: 'ranges-wide', plan: 'premium' },
    legacy: { name: 'ranges-legacy', plan: 'premium' },
    expired: { name: 'ranges-expired', plan: 'premium' },
  },
  (signedIn) => ({ t, shop, wide, legacy, expired } = signedIn),
);

const page = async (who: ShopSession, list: 'listIpBlocker' | 'listWhiteLists') => {
  const res = await t.call(list, who.token, { limit: 200 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<IpListPage>();
};

const decide = async (who: ShopSession, ip: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': ip },
      query: { shop: who.shop, url: `https://${who.shop}/` },
    })
  ).json<{ action: string }>().action;

const TOO_WIDE: [string, RegExp][] = [
  ['::ffff:0.0.0.0/96', /covers every address/],
  ['10.0.0.0/0', /covers every address/],
  ['0.0.0.0/1', /covers 1\/2 of all IPv4 addresses.*at most a \/8/],
  ['128.0.0.0/1', /covers 1\/2 of all IPv4 addresses/],
  ['::ffff:128.0.0.0/97', /\(128\.0\.0\.0\/1\) covers 1\/2 of all IPv4/],
  ['2000::/3', /of all IPv6 addresses.*at most a \/16/],
];

describe('an entry wider than a list entry may be', () => {
  it.each(TOO_WIDE)('%s is refused on both lists, by the form and by a file', async (ip, says) => {
    for (const call of ['addIpBlocker', 'addWhiteLists'] as const) {
      const res = await t.call(call, shop.token, { ip });
      expect(res.statusCode, call).toBe(400);
      expect(res.json<{ Message: string }>().Message).toMatch(says);
    }
    for (const call of ['previewIpBlockerImport', 'previewWhiteListsImport'] as const) {
      const preview = await t.call(call, shop.token, { csv: `${ip},from a file` });
      expect(preview.json()).toMatchObject({
        token: null,
        errors: [{ line: 1, reason: expect.stringMatching(says) as unknown }],
      });
    }
    const legacyAdd = await t.call('addLegacyBlockList', shop.token, { kind: 'ip', value: ip });
    expect(legacyAdd.statusCode).toBe(400);
    expect(legacyAdd.json<{ Message: string }>().Message).toMatch(says);
    const stored = await t.app.db.select().from(ipRules).where(eq(ipRules.shopId, shop.id));
    expect(stored).toEqual([]);
    expect(await decide(shop, '203.0.113.7')).toBe('allow');
  });

  it('a /8 and a /16 are the widest accepted', async () => {
    expect((await t.call('addIpBlocker', shop.token, { ip: '10.0.0.0/8' })).statusCode).toBe(200);
    expect((await t.call('addWhiteLists', shop.token, { ip: '2001::/16' })).statusCode).toBe(200);
    expect((await page(shop, 'listIpBlocker')).notices).toEqual([]);
  });
});

describe('entries that together cover a large share of the addresses', () => {
  it('are kept, with a notice in the answer of the add and on the page', async () => {
    const first = await t.call('addIpBlocker', wide.token, { ip: '1.0.0.0/8' });
    expect(first.json()).toMatchObject({ ip: '1.0.0.0/8', notices: [] });
    const second = await t.call('addIpBlocker', wide.token, { ip: '2.0.0.0/8' });
    expect(second.statusCode).toBe(200);
    const notice =
      'Together, the entries of this list cover 1/128 of all IPv4 addresses. Check that this is what you meant: every visitor from those addresses is affected.';
    expect(second.json()).toMatchObject({ ip: '2.0.0.0/8', notices: [notice] });
    expect((await page(wide, 'listIpBlocker')).notices).toEqual([notice]);
    // The other list is measured on its own.
    expect((await page(wide, 'listWhiteLists')).notices).toEqual([]);
  });

  it('leave out entries whose time is up: they no longer apply', async () => {
    const past = new Date(Date.now() - 60_000);
    await t.app.db.insert(ipRules).values([
      { shopId: expired.id, list: 'block', ip: '3.0.0.0/8', expiresAt: past },
      { shopId: expired.id, list: 'block', ip: '4.0.0.0/8', expiresAt: past },
    ]);
    const added = await t.call('addIpBlocker', expired.token, { ip: '5.0.0.0/8' });
    expect(added.json()).toMatchObject({ ip: '5.0.0.0/8', notices: [] });
    expect((await page(expired, 'listIpBlocker')).notices).toEqual([]);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const live = await t.call('addIpBlocker', expired.token, { ip: '6.0.0.0/8', expiresAt: later });
    expect(live.json<{ notices: string[] }>().notices).toEqual([
      expect.stringContaining('cover 1/128 of all IPv4 addresses'),
    ]);
  });
});

describe('an entry stored before the bound', () => {
  it('is not applied, and the list’s page says so, while the other entries still are', async () => {
    await t.app.db.insert(ipRules).values([
      { shopId: legacy.id, list: 'block', ip: '0.0.0.0/0' },
      { shopId: legacy.id, list: 'block', ip: '198.51.100.0/24' },
      { shopId: legacy.id, list: 'allow', ip: '128.0.0.0/1' },
    ]);
    await t.app.protection.changed(legacy.id);
    expect(await decide(legacy, '203.0.113.7')).toBe('allow');
    // The allow list's /1 does not let the blocked range in either.
    expect(await decide(legacy, '198.51.100.9')).toBe('block');
    expect((await page(legacy, 'listIpBlocker')).notices).toEqual([
      '"0.0.0.0/0" is not applied: it is wider than an entry may be. Delete it, and add narrower ranges if you need them.',
    ]);
    expect((await page(legacy, 'listWhiteLists')).notices).toEqual([
      expect.stringContaining('"128.0.0.0/1" is not applied'),
    ]);
    // Saving another entry still works: the old entry is reported, not in the way.
    expect((await t.call('addIpBlocker', legacy.token, { ip: '192.0.2.1' })).statusCode).toBe(200);
  });

  it('on the legacy list is not applied and does not move into the IP Blocker', async () => {
    await t.app.db
      .insert(legacyEntries)
      .values({ shopId: legacy.id, kind: 'ip', value: '::/0', note: 'from long ago' });
    await t.app.protection.changed(legacy.id);
    expect(await decide(legacy, '2001:db8::1')).toBe('allow');
    const listed = await t.call('listLegacyBlockLists', legacy.token);
    expect(listed.json<{ notices: string[] }>().notices).toEqual([
      expect.stringContaining('"::/0" is not applied'),
    ]);
    const add = await t.call('addLegacyBlockList', legacy.token, {
      kind: 'ip',
      value: '2001:db8::/32',
    });
    expect(add.statusCode, add.body).toBe(200);
    const preview = (
      await t.call('previewLegacyMigration', legacy.token)
    ).json<LegacyMigrationPreview>();
    expect(preview.items).toMatchObject([
      { value: '::/0', outcome: 'stay', reason: expect.stringMatching(/covers every address/) },
      { value: '2001:db8::/32', outcome: 'move' },
    ]);
    const moved = await t.call('migrateLegacyBlockLists', legacy.token, {});
    expect(moved.statusCode, moved.body).toBe(200);
    const blockList = (await page(legacy, 'listIpBlocker')).entries.map((e) => e.ip);
    expect(blockList).toContain('2001:db8::/32');
    expect(blockList).not.toContain('::/0');
    expect(await decide(legacy, '2001:db8::1')).toBe('block');
    expect(await decide(legacy, '2001:db9::1')).toBe('allow');
  });
});

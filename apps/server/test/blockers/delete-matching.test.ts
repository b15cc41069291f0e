// Deleting every entry a list's search matches, on every page, for each entry list that offers
// it (the IP block and allow lists, the ISP/ASN and Referrer Blockers, and the firewall's URL,
// Referrer and ISP/ASN Blockers): exactly the entries the search shows go, in the caller's shop
// and list only; a bad request, or a count that no longer matches what was confirmed, is a 400
// that deletes nothing.
import {
  entryDeleteMessages,
  protectionMessages,
  type AsnBlockerView,
  type FirewallListView,
  type IpListPage,
  type ReferrerBlockerView,
  type UrlBlockerView,
} from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { ipRules } from '../../src/protection/protection-schema.js';
import { useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { TestApp } from '../helpers/test-app.js';

let t: TestApp;
let alice: ShopSession;
let bob: ShopSession;

useSignedInShops(
  {
    alice: { name: 'alice-delete-matching', plan: 'premium' },
    bob: { name: 'bob-delete-matching', plan: 'premium' },
  },
  (s) => ({ t, alice, bob } = s),
);

/** Entries stored as an import would: 10.1.0.x noted "spam" for x < 130, "office" after. */
async function fillIpLists(shop: ShopSession) {
  const rows = Array.from({ length: 180 }, (_, i) => ({
    shopId: shop.id,
    list: 'block' as const,
    ip: `10.1.0.${i}`,
    note: i < 130 ? `Spam run ${i}` : 'office',
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
  }));
  await t.app.db.insert(ipRules).values(rows);
  // The allow list holds entries the same search matches: they must stay.
  await t.app.db
    .insert(ipRules)
    .values([{ shopId: shop.id, list: 'allow', ip: '10.2.0.1', note: 'spam checker' }]);
}

const page = async (shop: ShopSession, search: string, list = 'IpBlocker' as const) => {
  const res = await t.call(`list${list}`, shop.token, { search, limit: 50 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<IpListPage>();
};

/** Every entry the search shows, walking its pages as the table does. */
async function allShown(shop: ShopSession, search: string): Promise<string[]> {
  const ips: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const res = await t.call('listIpBlocker', shop.token, {
      search,
      limit: 50,
      ...(cursor ? { cursor } : {}),
    });
    const body = res.json<IpListPage>();
    ips.push(...body.entries.map((e) => e.ip));
    if (body.nextCursor === null) return ips;
    cursor = body.nextCursor;
  }
  throw new Error('more pages than entries');
}

const ipCount = async (shopId: string) =>
  (await t.app.db.select().from(ipRules)).filter((r) => r.shopId === shopId).length;

describe('the IP lists', () => {
  it('count what a search matches on every page, and delete exactly those', async () => {
    await fillIpLists(alice);
    await fillIpLists(bob);
    const first = await page(alice, 'SPAM');
    expect(first.entries).toHaveLength(50);
    expect(first.matching).toBe(130);
    expect(first.total).toBe(180);
    expect((await page(alice, '')).matching).toBe(180);
    const shown = await allShown(alice, 'SPAM');
    expect(shown).toHaveLength(130);

    const res = await t.call('deleteIpBlocker', alice.token, {
      matching: { search: 'SPAM', count: 130 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 130 });

    const left = await allShown(alice, '');
    expect(left).toHaveLength(50);
    expect(left.filter((ip) => shown.includes(ip))).toEqual([]);
    expect((await page(alice, 'spam')).matching).toBe(0);
    // The allow list and the other shop keep their matching entries.
    expect((await page(alice, 'spam', 'WhiteLists' as 'IpBlocker')).matching).toBe(1);
    expect((await page(bob, 'spam')).matching).toBe(130);
  });

  it('refuse another shop: its count does not match, and nothing is deleted', async () => {
    const before = await ipCount(alice.id);
    // Bob asks to delete alice's "office" entries by search: only bob's own could match.
    const res = await t.call('deleteIpBlocker', bob.token, {
      matching: { search: 'office', count: before },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: entryDeleteMessages.changed(50) });
    expect(await ipCount(alice.id)).toBe(before);
    expect((await page(bob, 'office')).matching).toBe(50);
  });

  it('answer a bad request with 400 and delete nothing', async () => {
    const before = { alice: await ipCount(alice.id), bob: await ipCount(bob.id) };
    const bad: [unknown, string][] = [
      [{ matching: { search: 'spam', count: 129 } }, entryDeleteMessages.changed(130)],
      [{ matching: { search: 'spam', count: 131 } }, entryDeleteMessages.changed(130)],
      [{ matching: { search: 'spam' } }, entryDeleteMessages.count],
      [{ matching: { search: 'spam', count: 0 } }, entryDeleteMessages.count],
      [{ matching: { search: 'spam', count: 1.5 } }, entryDeleteMessages.count],
      [{ matching: { search: 'x'.repeat(101), count: 1 } }, protectionMessages.search],
      [{ matching: { search: 7, count: 1 } }, protectionMessages.search],
      [
        { ids: ['00000000-0000-4000-8000-000000000000'], matching: { search: '', count: 1 } },
        entryDeleteMessages.oneWay,
      ],
      [{}, protectionMessages.noEntries],
    ];
    for (const [input, message] of bad) {
      const res = await t.call('deleteIpBlocker', bob.token, input);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.json(), JSON.stringify(input)).toMatchObject({ Message: message });
    }
    const control = await t.call('deleteIpBlocker', bob.token, {
      matching: { search: 'spam\u0007', count: 130 },
    });
    expect(control.statusCode).toBe(400);
    expect({ alice: await ipCount(alice.id), bob: await ipCount(bob.id) }).toEqual(before);
  });

  it('delete the whole list with an empty search', async () => {
    const res = await t.call('deleteWhiteLists', bob.token, {
      matching: { search: '', count: 1 },
    });
    expect(res.json()).toEqual({ deleted: 1 });
    expect((await page(bob, '')).total).toBe(180);
  });
});

describe('the ISP/ASN and Referrer Blockers', () => {
  it('delete what the page filter shows: "AS151" finds AS numbers containing 151', async () => {
    for (const [value, note] of [
      ['AS15169', 'search'],
      ['AS21512', ''],
      ['AS13335', 'cdn 151'],
      ['AS24940', 'hosting'],
      ['Hetzner Online', ''],
    ]) {
      const res = await t.call('addAsnBlocker', alice.token, { value, note });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.call('addAsnBlocker', bob.token, { value: 'AS15169' });
    const wrong = await t.call('deleteAsnBlocker', alice.token, {
      matching: { search: 'AS151', count: 2 },
    });
    expect(wrong.json()).toMatchObject({ Message: entryDeleteMessages.changed(3) });
    const res = await t.call('deleteAsnBlocker', alice.token, {
      matching: { search: 'AS151', count: 3 },
    });
    expect(res.json()).toEqual({ deleted: 3 });
    const view = (await t.call('getAsnBlocker', alice.token)).json<AsnBlockerView>();
    expect(view.entries.map((e) => e.asn ?? e.name).sort()).toEqual([24940, 'Hetzner Online']);
    const bobs = (await t.call('getAsnBlocker', bob.token)).json<AsnBlockerView>();
    expect(bobs.entries).toHaveLength(1);
  });

  it('delete referrer domains whose domain or note contains the filter', async () => {
    const add = await t.call('addReferrerBlocker', alice.token, {
      domains: ['spam.example', '*.spam.example', 'ads.example', 'shop.test'],
    });
    expect(add.statusCode, add.body).toBe(200);
    await t.call('addReferrerBlocker', alice.token, { domains: ['other.test'], note: 'Spam' });
    const res = await t.call('deleteReferrerBlocker', alice.token, {
      matching: { search: 'spam', count: 3 },
    });
    expect(res.json()).toEqual({ deleted: 3 });
    const view = (await t.call('getReferrerBlocker', alice.token)).json<ReferrerBlockerView>();
    expect(view.entries.map((e) => e.domain).sort()).toEqual(['ads.example', 'shop.test']);
  });
});

describe("the firewall's URL, Referrer and ISP/ASN Blockers", () => {
  it('delete URL patterns whose pattern or note contains the search', async () => {
    for (const [pattern, note] of [
      ['/wp-login.php', ''],
      ['/wp-admin/*', ''],
      ['/.env', 'probe of WP installs'],
      ['/admin', ''],
    ]) {
      const res = await t.call('addUrlBlocker', alice.token, { match: 'exact', pattern, note });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.call('addUrlBlocker', bob.token, { match: 'exact', pattern: '/wp-login.php' });
    const stale = await t.call('deleteUrlBlocker', alice.token, {
      matching: { search: 'WP', count: 2 },
    });
    expect(stale.json()).toMatchObject({ Message: entryDeleteMessages.changed(3) });
    const res = await t.call('deleteUrlBlocker', alice.token, {
      matching: { search: 'WP', count: 3 },
    });
    expect(res.json()).toEqual({ deleted: 3 });
    const view = (await t.call('getUrlBlocker', alice.token)).json<UrlBlockerView>();
    expect(view.entries.map((e) => e.pattern)).toEqual(['/admin']);
    const bobs = (await t.call('getUrlBlocker', bob.token)).json<UrlBlockerView>();
    expect(bobs.entries).toHaveLength(1);
    // Picking entries by id still works.
    const picked = await t.call('deleteUrlBlocker', alice.token, { ids: [view.entries[0]!.id] });
    expect(picked.json()).toEqual({ deleted: 1 });
  });

  it('delete from the one list asked for, though both lists share a table', async () => {
    for (const value of ['spam.example', '*.spam.example', 'ads.example']) {
      const res = await t.call('addFirewallReferrerBlocker', alice.token, { value });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const [value, note] of [
      ['AS15169', ''],
      ['AS24940', 'spam hosting'],
    ]) {
      const res = await t.call('addFirewallAsnBlocker', alice.token, { value, note });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await t.call('deleteFirewallReferrerBlocker', alice.token, {
      matching: { search: 'spam', count: 2 },
    });
    expect(res.json()).toEqual({ deleted: 2 });
    const referrers = (
      await t.call('getFirewallReferrerBlocker', alice.token)
    ).json<FirewallListView>();
    expect(referrers.entries.map((e) => e.value)).toEqual(['ads.example']);
    const asns = await t.call('deleteFirewallAsnBlocker', alice.token, {
      matching: { search: 'spam', count: 1 },
    });
    expect(asns.json()).toEqual({ deleted: 1 });
    const left = (await t.call('getFirewallAsnBlocker', alice.token)).json<FirewallListView>();
    expect(left.entries.map((e) => e.value)).toEqual(['AS15169']);
  });

  it('answer a bad request with 400 and delete nothing', async () => {
    for (const call of [
      'deleteUrlBlocker',
      'deleteFirewallReferrerBlocker',
      'deleteFirewallAsnBlocker',
    ] as const) {
      const res = await t.call(call, alice.token, { matching: { search: '', count: 0 } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Message: entryDeleteMessages.count });
      const both = await t.call(call, alice.token, {
        ids: ['00000000-0000-4000-8000-000000000000'],
        matching: { search: '', count: 1 },
      });
      expect(both.json()).toMatchObject({ Message: entryDeleteMessages.oneWay });
    }
    const view = (await t.call('getFirewallAsnBlocker', alice.token)).json<FirewallListView>();
    expect(view.entries).toHaveLength(1);
  });
});

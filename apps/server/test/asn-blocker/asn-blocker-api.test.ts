// One file past the usual size on purpose: the blocker's calls, decisions, hits and quick
// action build on the same entries, added once, as a merchant would.
// The ISP/ASN Blocker's calls: a paid feature (403 on Free), entries stored only for the
// caller's shop, every bad input a 400 with a clear Message that changes nothing, and each
// change applied by the very next storefront decision; blocked visits count on the dashboard
// and read as "ISP/ASN Blocker: …" in the visitor log; the visitor log's "Block this ASN".
import {
  maxAsnEntries,
  protectionMessages as m,
  visitorLogMessages,
  type AsnBlockerView,
  type AsnEntry,
  type VisitPage,
} from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { asnRules } from '../../src/features/asn-blocker/asn-schema.js';
import { UPGRADE_MESSAGE } from '../../src/core/plan-gates.js';
import { setPlan, useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { SignedIn, TestApp } from '../helpers/test-app.js';

const GOOGLE_DNS = '8.8.8.8'; // AS15169 Google LLC
const HETZNER = '88.198.0.1'; // AS24940 Hetzner Online GmbH
const CLOUDFLARE = '1.1.1.1'; // AS13335 Cloudflare, Inc.

let t: TestApp;
let alice: ShopSession;
let bob: ShopSession;
let carol: ShopSession;
const ids: Record<string, string> = {};

/** The blocker as stored once queued visits are written (their hits are part of it). */
const view = async (token: string) => {
  await t.app.visits.flush();
  return (await t.call('getAsnBlocker', token)).json<AsnBlockerView>();
};

const decide = async (shop: SignedIn, ip: string, path = '/') =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': ip },
      query: { shop: shop.shop, url: `https://${shop.shop}${path}`, ref: '' },
    })
  ).json<{ action: string; redirectUrl?: string }>();

useSignedInShops(
  {
    alice: { name: 'alice-asn', plan: 'premium' },
    bob: { name: 'bob-asn', plan: 'payg' },
    carol: 'carol-asn',
  },
  (s) => ({ t, alice, bob, carol } = s),
  { geo: true },
);

describe('the plan gate', () => {
  it('answers 403 with the upgrade message on the Free plan, for every call', async () => {
    for (const [name, input] of [
      ['getAsnBlocker', {}],
      ['saveAsnBlocker', { action: { type: 'block' }, monitor: false }],
      ['addAsnBlocker', { value: 'AS15169' }],
      ['deleteAsnBlocker', { ids: ['00000000-0000-4000-8000-000000000000'] }],
    ] as const) {
      const res = await t.call(name, carol.token, input);
      expect(res.statusCode, name).toBe(403);
      expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
    }
    const quick = await t.call('visitQuickAction', carol.token, {
      action: 'blockAsn',
      value: 'AS15169',
    });
    expect(quick.statusCode).toBe(403);
    expect(await t.app.db.select().from(asnRules)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.call('getAsnBlocker', null)).statusCode).toBe(401);
  });
});

describe('entries', () => {
  it('answers the defaults first', async () => {
    expect(await view(alice.token)).toEqual({
      action: { type: 'block' },
      monitor: false,
      entries: [],
      limit: maxAsnEntries,
    });
  });

  it('adds ASNs in either spelling and ISP names, newest first, for the caller only', async () => {
    for (const [value, note] of [
      ['AS15169', 'crawler farm'],
      ['24940', ''],
      ['  DigitalOcean   LLC ', 'hosting'],
    ] as const) {
      const res = await t.call('addAsnBlocker', alice.token, { value, note });
      expect(res.statusCode, res.body).toBe(200);
      ids[value.trim()] = res.json<AsnEntry>().id;
    }
    const { entries } = await view(alice.token);
    expect(entries.map((e) => [e.asn, e.name, e.note])).toEqual([
      [null, 'DigitalOcean LLC', 'hosting'],
      [24940, null, ''],
      [15169, null, 'crawler farm'],
    ]);
    expect((await view(bob.token)).entries).toEqual([]);
  });

  it.each([
    [{ value: '' }, m.asnValue],
    [{ value: '   ' }, m.asnValue],
    [{}, m.asnValue],
    [{ value: 'AS0' }, m.asnRange],
    [{ value: '4294967296' }, m.asnRange],
    [{ value: 'AS99999999999' }, m.asnRange],
    [{ value: '-- & --' }, m.ispName],
    [{ value: 'ASabc' }, m.asnMistyped],
    [{ value: 'AS-15169' }, m.asnMistyped],
    [{ value: 'AS' }, m.asnMistyped],
    [{ value: 'x'.repeat(201) }, m.ispNameTooLong],
    [{ value: 'Telia', note: 'x'.repeat(501) }, m.noteTooLong],
    [{ value: 'as 15169' }, m.asnDuplicate],
    [{ value: 'digitalocean, llc' }, m.asnDuplicate],
  ])('refuses %j with a clear message and changes nothing', async (input, message) => {
    const before = await view(alice.token);
    const res = await t.call('addAsnBlocker', alice.token, input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
    expect(await view(alice.token)).toEqual(before);
  });

  it('refuses a bad action with the engine message and changes nothing', async () => {
    const before = await view(alice.token);
    const res = await t.call('saveAsnBlocker', alice.token, {
      action: { type: 'redirect', url: 'ftp://example.com/' },
      monitor: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      Message:
        '"ftp://example.com/" is not a valid redirect URL (use a full http:// or https:// address)',
    });
    const missing = await t.call('saveAsnBlocker', alice.token, {
      action: { type: 'redirect', url: ' ' },
      monitor: false,
    });
    expect(missing.json()).toMatchObject({ Message: m.redirectUrl });
    expect(await view(alice.token)).toEqual(before);
  });

  it('refuses bad deletes, and never deletes another shop’s entries', async () => {
    expect((await t.call('deleteAsnBlocker', alice.token, { ids: [] })).json()).toMatchObject({
      Message: m.noEntries,
    });
    expect((await t.call('deleteAsnBlocker', alice.token, { ids: ['nope'] })).json()).toMatchObject(
      {
        Message: m.entryId,
      },
    );
    const res = await t.call('deleteAsnBlocker', bob.token, { ids: [ids.AS15169] });
    expect(res.json()).toEqual({ deleted: 0 });
    expect((await view(alice.token)).entries).toHaveLength(3);
    const save = await t.call('saveAsnBlocker', bob.token, {
      action: { type: 'redirect', url: 'https://bob.example/' },
      monitor: true,
    });
    expect(save.statusCode).toBe(200);
    expect(await view(alice.token)).toMatchObject({ action: { type: 'block' }, monitor: false });
  });

  it(`holds at most ${maxAsnEntries} entries`, async () => {
    await t.app.db.insert(asnRules).values(
      Array.from({ length: maxAsnEntries }, (_, i) => ({
        shopId: bob.id,
        asn: 100_000 + i,
        key: `as:${100_000 + i}`,
      })),
    );
    const res = await t.call('addAsnBlocker', bob.token, { value: 'AS15169' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: m.asnCap });
    const { entries } = await view(bob.token);
    expect(entries).toHaveLength(maxAsnEntries);
    await t.call('deleteAsnBlocker', bob.token, { ids: entries.slice(0, 1000).map((e) => e.id) });
    await t.call('deleteAsnBlocker', bob.token, { ids: entries.slice(1000).map((e) => e.id) });
    expect((await view(bob.token)).entries).toEqual([]);
  });
});

describe('storefront decisions', () => {
  it('block listed networks at once, and only for the shop that listed them', async () => {
    expect((await decide(alice, GOOGLE_DNS)).action).toBe('block');
    expect((await decide(alice, HETZNER)).action).toBe('block');
    expect((await decide(alice, CLOUDFLARE)).action).toBe('allow');
    expect((await decide(bob, GOOGLE_DNS)).action).toBe('allow');
    const add = await t.call('addAsnBlocker', alice.token, { value: 'cloudflare' });
    expect(add.statusCode).toBe(200);
    ids.cloudflare = add.json<AsnEntry>().id;
    expect((await decide(alice, CLOUDFLARE)).action).toBe('block');
  });

  it('redirect, or only report in monitor mode, as saved', async () => {
    const saved = await t.call('saveAsnBlocker', alice.token, {
      action: { type: 'redirect', url: 'https://example.com/no-hosting' },
      monitor: false,
    });
    expect(saved.json()).toMatchObject({
      action: { type: 'redirect', url: 'https://example.com/no-hosting' },
      monitor: false,
    });
    expect(await decide(alice, GOOGLE_DNS)).toMatchObject({
      action: 'redirect',
      redirectUrl: 'https://example.com/no-hosting',
    });
    await t.call('saveAsnBlocker', alice.token, { action: { type: 'block' }, monitor: true });
    expect((await decide(alice, GOOGLE_DNS)).action).toBe('allow');
    await t.call('saveAsnBlocker', alice.token, { action: { type: 'block' }, monitor: false });
    expect((await decide(alice, GOOGLE_DNS)).action).toBe('block');
  });

  it('stop blocking once an entry is deleted', async () => {
    const res = await t.call('deleteAsnBlocker', alice.token, { ids: [ids.cloudflare] });
    expect(res.json()).toEqual({ deleted: 1 });
    expect((await decide(alice, CLOUDFLARE)).action).toBe('allow');
  });

  it('stop applying when the plan no longer includes the blocker, and the entries stay', async () => {
    await setPlan(t, alice, 'free');
    expect((await decide(alice, GOOGLE_DNS)).action).toBe('allow');
    await setPlan(t, alice, 'premium');
    expect((await decide(alice, GOOGLE_DNS)).action).toBe('block');
  });

  it('count on the dashboard and name the entry in the visitor log', async () => {
    await t.app.visits.flush();
    const before = (await t.call('getDashboardData', alice.token, { days: 1 })).json();
    await decide(alice, GOOGLE_DNS, '/products/counted');
    await decide(alice, HETZNER, '/products/counted');
    await t.app.visits.flush();
    const after = (await t.call('getDashboardData', alice.token, { days: 1 })).json();
    expect(after.asnBlocker - before.asnBlocker).toBe(2);
    expect(after.regionBlocker).toBe(before.regionBlocker);
    const page = (
      await t.call('listVisits', alice.token, { url: '/products/counted' })
    ).json<VisitPage>();
    expect(page.visits.map((v) => [v.ip, v.action, v.rule])).toEqual([
      [
        HETZNER,
        'block',
        {
          id: expect.any(String),
          kind: 'asn',
          label: 'ISP/ASN Blocker: AS24940',
          mode: null,
          page: '/asnBlocker',
        },
      ],
      [
        GOOGLE_DNS,
        'block',
        {
          id: ids.AS15169,
          kind: 'asn',
          label: 'ISP/ASN Blocker: AS15169',
          mode: null,
          page: '/asnBlocker',
        },
      ],
    ]);
    const lookup = (await t.call('lookupIp', alice.token, { ip: GOOGLE_DNS })).json();
    expect(lookup.decision).toMatchObject({
      action: 'block',
      rule: { kind: 'asn', label: 'ISP/ASN Blocker: AS15169' },
    });
  });
});

describe('hits', () => {
  it('count the visits each entry decided, monitor mode included, with the last hit', async () => {
    await t.app.visits.flush();
    const hitsOf = async () => new Map((await view(alice.token)).entries.map((e) => [e.id, e]));
    const before = await hitsOf();
    const start = Date.now();
    await decide(alice, GOOGLE_DNS);
    await decide(alice, GOOGLE_DNS);
    await decide(alice, HETZNER);
    await decide(alice, CLOUDFLARE); // no entry matches: allowed, nobody's hit
    await t.call('saveAsnBlocker', alice.token, { action: { type: 'block' }, monitor: true });
    expect((await decide(alice, GOOGLE_DNS)).action).toBe('allow');
    await t.call('saveAsnBlocker', alice.token, { action: { type: 'block' }, monitor: false });
    await t.app.visits.flush();
    const after = await hitsOf();

    const added = (id: string) => after.get(id)!.hits - before.get(id)!.hits;
    expect(added(ids.AS15169!)).toBe(3);
    expect(added(ids['24940']!)).toBe(1);
    expect(added(ids['DigitalOcean   LLC']!)).toBe(0);
    expect(Date.parse(after.get(ids.AS15169!)!.lastHitAt!)).toBeGreaterThanOrEqual(start - 1000);
    expect(after.get(ids['DigitalOcean   LLC']!)!.lastHitAt).toBe(
      before.get(ids['DigitalOcean   LLC']!)!.lastHitAt,
    );
  });
});

describe('"Block this ASN" from the visitor log', () => {
  it('adds the ASN at once, and says so when it is already blocked', async () => {
    expect((await decide(alice, CLOUDFLARE)).action).toBe('allow');
    const res = await t.call('visitQuickAction', alice.token, {
      action: 'blockAsn',
      value: '13335',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      changed: true,
      message: 'AS13335 was added to the ISP/ASN Blocker.',
    });
    expect((await decide(alice, CLOUDFLARE)).action).toBe('block');
    expect((await decide(bob, CLOUDFLARE)).action).toBe('allow');
    const again = await t.call('visitQuickAction', alice.token, {
      action: 'blockAsn',
      value: 'AS13335',
    });
    expect(again.json()).toEqual({
      changed: false,
      message: 'AS13335 is already blocked by the ISP/ASN Blocker.',
    });
    const entry = (await view(alice.token)).entries[0];
    expect(entry).toMatchObject({ asn: 13335, name: null, note: 'Added from the visitor log' });
  });

  it.each(['AS0', 'ASX', '4294967296', 'Cloudflare'])('refuses %j', async (value) => {
    const before = await view(alice.token);
    const res = await t.call('visitQuickAction', alice.token, { action: 'blockAsn', value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: visitorLogMessages.quickValueAsn });
    expect(await view(alice.token)).toEqual(before);
  });
});

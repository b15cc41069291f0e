// The Referrer Blocker's calls: a paid feature (403 on Free), entries stored only for the
// caller's shop, every bad input a 400 with a clear Message that changes nothing, and each
// change applied by the very next storefront decision, which reads the referrer the storefront
// script sends; a blocked visit reads as "Referrer Blocker: …" in the visitor log (linked to
// the blocker's page), counts a hit on its entry and counts on the dashboard.
import {
  type DashboardData,
  maxReferrerEntries,
  protectionMessages as pm,
  referrerMessages as m,
  type ReferrerAddResult,
  type ReferrerBlockerView,
  type VisitPage,
} from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { referrerRules } from '../../src/features/referrer-blocker/referrer-schema.js';
import { UPGRADE_MESSAGE } from '../../src/core/plan-gates.js';
import { setPlan, useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { SignedIn, TestApp } from '../helpers/test-app.js';

const VISITOR = '8.8.8.8';

let t: TestApp;
let alice: ShopSession;
let bob: ShopSession;
let carol: ShopSession;
const ids: Record<string, string> = {};

/** The blocker as stored once queued visits are written (their hits are part of it). */
const view = async (token: string) => {
  await t.app.visits.flush();
  return (await t.call('getReferrerBlocker', token)).json<ReferrerBlockerView>();
};

const decide = async (shop: SignedIn, ref: string, path = '/') =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': VISITOR },
      query: { shop: shop.shop, url: `https://${shop.shop}${path}`, ref },
    })
  ).json<{ action: string; redirectUrl?: string }>();

useSignedInShops(
  {
    alice: { name: 'alice-referrer', plan: 'premium' },
    bob: { name: 'bob-referrer', plan: 'payg' },
    carol: 'carol-referrer',
  },
  (s) => ({ t, alice, bob, carol } = s),
  { geo: true },
);

describe('the plan gate', () => {
  it('answers 403 with the upgrade message on the Free plan, for every call', async () => {
    for (const [name, input] of [
      ['getReferrerBlocker', {}],
      ['saveReferrerBlocker', { action: { type: 'block' }, monitor: false }],
      ['addReferrerBlocker', { domains: ['spam.example'] }],
      ['deleteReferrerBlocker', { ids: ['00000000-0000-4000-8000-000000000000'] }],
    ] as const) {
      const res = await t.call(name, carol.token, input);
      expect(res.statusCode, name).toBe(403);
      expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
    }
    expect(await t.app.db.select().from(referrerRules)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.call('getReferrerBlocker', null)).statusCode).toBe(401);
  });
});

describe('entries', () => {
  it('answers the defaults first', async () => {
    expect(await view(alice.token)).toEqual({
      action: { type: 'block' },
      monitor: false,
      entries: [],
      limit: maxReferrerEntries,
    });
  });

  it('adds domains in their normal form, newest first, for the caller only', async () => {
    const res = await t.call('addReferrerBlocker', alice.token, {
      domains: ['Spam.Example', ' *.ads.example ', 'https://www.junk.example/page?x=1'],
      note: 'spam traffic',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { added, skipped } = res.json<ReferrerAddResult>();
    expect(added.map((e) => e.domain)).toEqual([
      'spam.example',
      '*.ads.example',
      'www.junk.example',
    ]);
    expect(skipped).toEqual([]);
    for (const entry of added) ids[entry.domain] = entry.id;
    const { entries } = await view(alice.token);
    expect(entries.map((e) => [e.domain, e.note, e.hits])).toEqual([
      ['www.junk.example', 'spam traffic', 0],
      ['*.ads.example', 'spam traffic', 0],
      ['spam.example', 'spam traffic', 0],
    ]);
    expect((await view(bob.token)).entries).toEqual([]);
  });

  it('adds the new domains of a list and names those already listed', async () => {
    const res = await t.call('addReferrerBlocker', alice.token, {
      domains: ['SPAM.example', 'other.example', 'other.example'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { added, skipped } = res.json<ReferrerAddResult>();
    expect(added.map((e) => e.domain)).toEqual(['other.example']);
    expect(skipped).toEqual(['spam.example', 'other.example']);
    ids['other.example'] = added[0]!.id;
  });

  it.each([
    [{ domains: [] }, m.noDomains],
    [{}, m.noDomains],
    [{ domains: [''] }, m.domain],
    [{ domains: ['spam.example', 'not a domain'] }, m.domainInvalid('not a domain')],
    [{ domains: ['localhost'] }, m.domainInvalid('localhost')],
    [{ domains: ['1.2.3.4'] }, m.domainInvalid('1.2.3.4')],
    [{ domains: ['*.'] }, m.domainInvalid('*.')],
    [{ domains: ['x'.repeat(301)] }, m.domainTooLong],
    [{ domains: Array.from({ length: 101 }, (_, i) => `s${i}.example`) }, m.tooManyDomains],
    [{ domains: ['new.example'], note: 'x'.repeat(501) }, pm.noteTooLong],
    [{ domains: ['spam.example'] }, m.duplicate],
    [{ domains: ['*.ADS.example', 'spam.example'] }, m.duplicate],
  ])('refuses %j with a clear message and changes nothing', async (input, message) => {
    const before = await view(alice.token);
    const res = await t.call('addReferrerBlocker', alice.token, input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
    expect(await view(alice.token)).toEqual(before);
  });

  it('refuses a bad action with the engine message and changes nothing', async () => {
    const before = await view(alice.token);
    const res = await t.call('saveReferrerBlocker', alice.token, {
      action: { type: 'redirect', url: 'ftp://example.com/' },
      monitor: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      Message:
        '"ftp://example.com/" is not a valid redirect URL (use a full http:// or https:// address)',
    });
    expect(await view(alice.token)).toEqual(before);
  });

  it('refuses bad deletes, and never touches another shop’s entries or settings', async () => {
    expect((await t.call('deleteReferrerBlocker', alice.token, { ids: [] })).json()).toMatchObject({
      Message: pm.noEntries,
    });
    expect(
      (await t.call('deleteReferrerBlocker', alice.token, { ids: ['nope'] })).json(),
    ).toMatchObject({
      Message: pm.entryId,
    });
    const res = await t.call('deleteReferrerBlocker', bob.token, { ids: [ids['spam.example']] });
    expect(res.json()).toEqual({ deleted: 0 });
    expect((await view(alice.token)).entries).toHaveLength(4);
    const save = await t.call('saveReferrerBlocker', bob.token, {
      action: { type: 'redirect', url: 'https://bob.example/' },
      monitor: true,
    });
    expect(save.statusCode).toBe(200);
    expect(await view(alice.token)).toMatchObject({ action: { type: 'block' }, monitor: false });
  });

  it(`holds at most ${maxReferrerEntries} entries`, async () => {
    await t.app.db.insert(referrerRules).values(
      Array.from({ length: maxReferrerEntries }, (_, i) => ({
        shopId: bob.id,
        domain: `site${i}.example`,
      })),
    );
    const res = await t.call('addReferrerBlocker', bob.token, { domains: ['spam.example'] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: m.cap });
    const { entries } = await view(bob.token);
    expect(entries).toHaveLength(maxReferrerEntries);
    await t.call('deleteReferrerBlocker', bob.token, {
      ids: entries.slice(0, 1000).map((e) => e.id),
    });
    await t.call('deleteReferrerBlocker', bob.token, { ids: entries.slice(1000).map((e) => e.id) });
    expect((await view(bob.token)).entries).toEqual([]);
  });
});

describe('storefront decisions', () => {
  it('block visits from listed sites at once, and only for the shop that listed them', async () => {
    expect((await decide(alice, 'https://spam.example/offer')).action).toBe('block');
    expect((await decide(alice, 'https://x.ads.example/')).action).toBe('block');
    expect((await decide(alice, 'https://ads.example/')).action).toBe('allow');
    expect((await decide(alice, 'https://www.google.com/')).action).toBe('allow');
    expect((await decide(alice, '')).action).toBe('allow');
    expect((await decide(alice, 'not a url at all')).action).toBe('allow');
    expect((await decide(bob, 'https://spam.example/')).action).toBe('allow');
  });

  it('redirect, or only report in monitor mode, as saved', async () => {
    await t.call('saveReferrerBlocker', alice.token, {
      action: { type: 'redirect', url: 'https://example.com/welcome' },
      monitor: false,
    });
    expect(await decide(alice, 'https://spam.example/')).toMatchObject({
      action: 'redirect',
      redirectUrl: 'https://example.com/welcome',
    });
    await t.call('saveReferrerBlocker', alice.token, { action: { type: 'block' }, monitor: true });
    expect((await decide(alice, 'https://spam.example/')).action).toBe('allow');
    await t.call('saveReferrerBlocker', alice.token, { action: { type: 'block' }, monitor: false });
    expect((await decide(alice, 'https://spam.example/')).action).toBe('block');
  });

  it('stop blocking once an entry is deleted', async () => {
    const res = await t.call('deleteReferrerBlocker', alice.token, {
      ids: [ids['other.example']],
    });
    expect(res.json()).toEqual({ deleted: 1 });
    expect((await decide(alice, 'https://other.example/')).action).toBe('allow');
  });

  it('stop applying when the plan no longer includes the blocker, and the entries stay', async () => {
    await setPlan(t, alice, 'free');
    expect((await decide(alice, 'https://spam.example/')).action).toBe('allow');
    await setPlan(t, alice, 'premium');
    expect((await decide(alice, 'https://spam.example/')).action).toBe('block');
  });

  it('name the entry in the visitor log and count hits, monitor mode included', async () => {
    const blocked = async () =>
      (await t.call('getDashboardData', alice.token, { days: 1 })).json<DashboardData>()
        .referrerBlocker;
    const before = new Map((await view(alice.token)).entries.map((e) => [e.id, e]));
    const blockedBefore = await blocked();
    const start = Date.now();
    await decide(alice, 'https://spam.example/a', '/products/from-spam');
    await decide(alice, 'https://cdn.ads.example/b', '/products/from-spam');
    await t.call('saveReferrerBlocker', alice.token, { action: { type: 'block' }, monitor: true });
    await decide(alice, 'https://spam.example/c', '/products/from-spam');
    await t.call('saveReferrerBlocker', alice.token, { action: { type: 'block' }, monitor: false });
    const after = new Map((await view(alice.token)).entries.map((e) => [e.id, e]));
    const added = (id: string) => after.get(id)!.hits - before.get(id)!.hits;
    expect(added(ids['spam.example']!)).toBe(2);
    expect(added(ids['*.ads.example']!)).toBe(1);
    expect(added(ids['www.junk.example']!)).toBe(0);
    expect(Date.parse(after.get(ids['spam.example']!)!.lastHitAt!)).toBeGreaterThanOrEqual(
      start - 1000,
    );
    // The dashboard counts the two blocked visits, not the one monitor mode let in.
    expect((await blocked()) - blockedBefore).toBe(2);

    const page = (
      await t.call('listVisits', alice.token, { url: '/products/from-spam' })
    ).json<VisitPage>();
    expect(page.visits.map((v) => [v.referrer, v.action, v.rule, v.monitor?.id ?? null])).toEqual([
      ['https://spam.example/c', 'allow', null, ids['spam.example']],
      [
        'https://cdn.ads.example/b',
        'block',
        {
          id: ids['*.ads.example'],
          kind: 'referrer',
          label: 'Referrer Blocker: *.ads.example',
          mode: null,
          page: '/referrerBlocker',
        },
        null,
      ],
      [
        'https://spam.example/a',
        'block',
        {
          id: ids['spam.example'],
          kind: 'referrer',
          label: 'Referrer Blocker: spam.example',
          mode: null,
          page: '/referrerBlocker',
        },
        null,
      ],
    ]);
  });
});

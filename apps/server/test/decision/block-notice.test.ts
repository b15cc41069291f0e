// A blocked shopper is told the kind of reason in plain words (never the rule), the store's
// customer-facing email from the platform, and a reference; the merchant types that reference
// into the visitor log and finds that very visit. Every blocked visit counts in a dashboard
// card, as many as the chart's blocked line says.
import {
  dashboardCounters,
  visitAddressTag,
  type DashboardData,
  type DecideResponse,
  type TimeSeries,
  type VisitPage,
} from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { TestApp } from '../helpers/test-app.js';

const US = '8.8.8.8';
const DE = '88.198.0.1';
const LISTED = '198.51.100.7';
const SPAM = 'https://spam-offers.example/deal';

let t: TestApp;
let alice: ShopSession;
let bob: ShopSession;
useSignedInShops(
  { alice: { name: 'alice-notice', plan: 'premium' }, bob: 'bob-notice' },
  (s) => ({ t, alice, bob } = s),
  { geo: true },
);

const decide = async (shop: ShopSession, ip: string, ref = '') =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': ip, 'user-agent': 'test-browser/1.0' },
      query: { shop: shop.shop, url: `https://${shop.shop}/products/hat`, ref },
    })
  ).json<DecideResponse>();

const visitsOf = async (shop: ShopSession, query: Record<string, string>) => {
  const res = await t.call('listVisits', shop.token, query);
  return { status: res.statusCode, body: res.json<VisitPage & { Message?: string }>() };
};

async function protectAlice() {
  const saved = await Promise.all([
    t.call('saveCountryBlocker', alice.token, {
      mode: 'blacklist',
      countries: ['US'],
      action: { type: 'block' },
      monitor: false,
    }),
    t.call('addIpBlocker', alice.token, { ip: LISTED, note: 'chargebacks' }),
    t.call('addReferrerBlocker', alice.token, { domains: ['spam-offers.example'] }),
  ]);
  for (const res of saved) expect(res.statusCode).toBe(200);
}

beforeAll(protectAlice);

describe('the block page notice', () => {
  it('names the kind of reason, the store address and a reference, never the rule', async () => {
    const byCountry = await decide(alice, US);
    const byReferrer = await decide(alice, DE, SPAM);
    const byAddress = await decide(alice, LISTED);
    const email = 'hello@alice-notice.example';
    expect(byCountry).toMatchObject({
      action: 'block',
      notice: { reason: 'your country or region', contactEmail: email },
    });
    expect(byReferrer.notice).toMatchObject({ reason: 'the website that sent you here' });
    expect(byAddress.notice).toMatchObject({ reason: 'your IP address' });
    for (const answer of [byCountry, byReferrer, byAddress]) {
      expect(answer.notice?.reference).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
      // Nothing of the rule itself: no list entry, country code, note or domain.
      expect(JSON.stringify(answer.notice)).not.toMatch(/US"|198\.51|chargebacks|spam-offers/);
    }
    expect((await decide(alice, DE)).notice).toBeUndefined();
  });

  it('leaves the address out when the store has no contact email', async () => {
    await t.app.db.update(shops).set({ contactEmail: '' }).where(eq(shops.id, alice.id));
    await t.app.protection.policies.rebuild(alice.id);
    expect((await decide(alice, US)).notice).toMatchObject({ contactEmail: '' });
    const [row] = await t.app.db.select().from(shops).where(eq(shops.id, bob.id));
    // Taken from the platform's shop at install: its customer-facing address, not the owner's.
    expect(row?.contactEmail).toBe('hello@bob-notice.example');
  });

  it('shows the contact email the store saves on the platform, once shop/update arrives', async () => {
    const saved = await t.call('saveCountryBlocker', bob.token, {
      mode: 'blacklist',
      countries: ['US'],
      action: { type: 'block' },
      monitor: false,
    });
    expect(saved.statusCode).toBe(200);
    expect((await decide(bob, US)).notice?.contactEmail).toBe('hello@bob-notice.example');
    const { webhookIds } = await t.emulator.setShopDetails(bob.shop, {
      contactEmail: 'care@bob-notice.example',
    });
    expect(webhookIds).toHaveLength(1);
    // The decisions already made with the old address learn the new one without a save.
    await expect
      .poll(async () => (await decide(bob, US)).notice?.contactEmail, { timeout: 15_000 })
      .toBe('care@bob-notice.example');
    const [row] = await t.app.db.select().from(shops).where(eq(shops.id, bob.id));
    expect(row?.contactEmail).toBe('care@bob-notice.example');
  });

  it('finds the blocked visit in the visitor log by its reference, as a shopper types it', async () => {
    const first = (await decide(alice, US)).notice!.reference;
    // An allowed visit and another blocked one around it are not what the reference names.
    await decide(alice, DE);
    const second = (await decide(alice, LISTED)).notice!.reference;
    expect(second).not.toBe(first);
    await t.app.visits.flush();

    const typed = ` ${first.toLowerCase().replace(/-/g, ' ')} `;
    const found = await visitsOf(alice, { ref: typed });
    expect(found.status).toBe(200);
    expect(found.body.visits.map((v) => [v.ip, v.action])).toEqual([[US, 'block']]);
    expect((await visitsOf(alice, { ref: second })).body.visits.map((v) => v.ip)).toEqual([LISTED]);
    // Another shop's log never shows it.
    expect((await visitsOf(bob, { ref: first })).body.visits).toEqual([]);
    // A reference of a moment nothing was blocked finds nothing.
    expect((await visitsOf(alice, { ref: '00000-00001' })).body.visits).toEqual([]);
  });

  it('tells shoppers blocked in the same millisecond apart, even a flood of them', async () => {
    // More visitors in one millisecond than a page of the log holds.
    const flood = Array.from({ length: 60 }, (_, i) => `8.8.8.${i + 1}`);
    const tags = flood.map(visitAddressTag);
    // The first one decided: the last of the millisecond in the log's order.
    const target = flood.find((_, i) => tags.indexOf(tags[i]!) === tags.lastIndexOf(tags[i]!))!;
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    const references = new Map<string, string>();
    try {
      for (const ip of flood) references.set(ip, (await decide(alice, ip)).notice!.reference);
    } finally {
      now.mockRestore();
    }
    await t.app.visits.flush();
    expect(new Set(references.values()).size).toBeGreaterThan(50);
    const found = await visitsOf(alice, { ref: references.get(target)!, range: '1h' });
    expect(found.body.visits.map((v) => v.ip)).toEqual([target]);
    expect(found.body.nextCursor).toBeNull();
  });

  it('refuses what is not a reference with a message saying what one looks like', async () => {
    for (const ref of ['12345', 'ABCDE-FGHJU', 'x'.repeat(50)]) {
      const res = await visitsOf(alice, { ref });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        Message: 'A reference has ten letters and digits, like 1KQ7M-2X9DA.',
      });
    }
  });
});

describe('the dashboard counts', () => {
  it('count every blocked visit in a card, as many as the chart says were blocked', async () => {
    const before = await totals();
    await decide(alice, DE, SPAM);
    await decide(alice, DE, SPAM);
    await decide(alice, US);
    await decide(alice, LISTED);
    await decide(alice, DE);
    await t.app.visits.flush();
    const after = await totals();
    expect(after.cards.referrerBlocker - before.cards.referrerBlocker).toBe(2);
    expect(after.cards.regionBlocker - before.cards.regionBlocker).toBe(1);
    expect(after.cards.ipBlocker - before.cards.ipBlocker).toBe(1);
    expect(after.blockedInCards - before.blockedInCards).toBe(4);
    expect(after.blockedInCards).toBe(after.blockedInChart);
  });
});

async function totals() {
  const cards = (await t.call('getDashboardData', alice.token, { days: 1 })).json<DashboardData>();
  const chart = (await t.call('getTimeSeries', alice.token, { days: 1 })).json<TimeSeries>();
  const visitCounters = dashboardCounters.filter((name) => name !== 'fraudProtect');
  return {
    cards,
    blockedInCards: visitCounters.reduce((sum, name) => sum + cards[name], 0),
    blockedInChart: chart.buckets.reduce((sum, b) => sum + b.blocked, 0),
  };
}

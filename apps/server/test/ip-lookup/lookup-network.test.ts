// The IP lookup names the kinds of network an address is in and the search engines whose
// networks hold it, and decides for a user agent the merchant types: a real Googlebot from
// Google's network is verified and let in, the same agent from a cloud server is a fake crawler
// caught by the Bot Blocker, and without an agent the visit is a browser's (an "empty user
// agent" rule does not catch it).
import { BOT_CATEGORIES, visitorLogMessages as m, type IpLookupResult } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const GOOGLE_CRAWLER = '66.249.66.1'; // AS15169, Google's own network
const DIGITALOCEAN = '159.89.0.1'; // AS14061, a hosting network

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-lookup');
  bob = await t.signIn('bob-lookup');
  await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.domain, alice.shop));
  await t.app.protection.geo.ready;
  const categories = Object.fromEntries(BOT_CATEGORIES.map((id) => [id, 'off']));
  const saved = await t.call('saveBotBlocker', alice.token, {
    action: { type: 'block' },
    categories: { ...categories, 'fake-crawlers': 'block', 'empty-agent': 'block' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function lookup(who: SignedIn, query: { ip: string; ua?: string }) {
  const res = await t.call('lookupIp', who.token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<IpLookupResult>();
}

describe('the IP lookup and the network', () => {
  it('names the network kinds and the crawler networks of an address', async () => {
    const cloud = await lookup(alice, { ip: DIGITALOCEAN });
    expect(cloud.network).toMatchObject({ hosting: true, tor: false, privateRelay: false });
    expect(cloud.crawlerNetworks).toEqual([]);
    const google = await lookup(alice, { ip: GOOGLE_CRAWLER });
    expect(google.crawlerNetworks).toContain('Google');
  });

  it('verifies a claimed crawler from its network and lets it in', async () => {
    const r = await lookup(alice, { ip: GOOGLE_CRAWLER, ua: GOOGLEBOT });
    expect(r.userAgent).toBe(GOOGLEBOT);
    expect(r.crawler).toEqual({ name: 'Google', check: 'verified' });
    expect(r.decision.action).toBe('allow');
  });

  it('catches the same agent from a cloud server as a fake crawler', async () => {
    const r = await lookup(alice, { ip: DIGITALOCEAN, ua: GOOGLEBOT });
    expect(r.crawler).toEqual({ name: 'Google', check: 'fake' });
    expect(r.decision.action).toBe('block');
    expect(r.decision.rule?.label).toMatch(/^Bot Blocker/);
    // Another shop's rules are its own: no Bot Blocker there.
    expect((await lookup(bob, { ip: DIGITALOCEAN, ua: GOOGLEBOT })).decision.action).toBe('allow');
  });

  it('decides for a browser when no user agent is given', async () => {
    const r = await lookup(alice, { ip: DIGITALOCEAN });
    expect(r.userAgent).toBe('');
    expect(r.crawler).toBeNull();
    expect(r.decision.action).toBe('allow');
  });

  it('refuses a user agent longer than any browser sends', async () => {
    const res = await t.call('lookupIp', alice.token, { ip: DIGITALOCEAN, ua: 'x'.repeat(1001) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: m.lookupUserAgent });
  });
});

// Without the publishers' lists (a first start, a publisher down) no switch silently means
// something else: the Tor switch says it is not enforced on the page, in the IP lookup and in
// the visitor log; a shopper on Akamai's iCloud Private Relay network is not taken for hosting
// or VPN; a claimed Bingbot is judged by Microsoft's network and Bing's reverse DNS (a local
// stand-in here), never let in on its name alone; a claimed Amazonbot, whose operator publishes
// no ranges at all, by Amazon's reverse DNS alone.
import {
  type IpLookupResult,
  type VisitPage,
  type VpnBlockerSettings,
  type VpnBlockerView,
} from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { standInResolver } from '../helpers/crawler-resolver.js';
import { classifierReady } from '../helpers/classifier-ready.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const TOR_EXIT = '185.220.101.1'; // a Tor exit; Tor's list is not loaded here
const RELAY = '172.224.8.1'; // AS36183, Akamai's iCloud Private Relay network
const DIGITALOCEAN = '159.89.0.1'; // AS14061, a hosting network
const BING = '40.77.167.1'; // AS8075, where Bing's crawlers run
const AZURE_VM = '13.64.0.1'; // AS8075 too: Microsoft's cloud, anyone's server
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';
const BING_NAME = 'msnbot-40-77-167-1.search.msn.com';

const AMAZONBOT_IP = '3.224.220.101'; // AWS
const AWS_VM = '3.224.220.102'; // AWS too: anyone's server
const AMAZONBOT_NAME = '3-224-220-101.crawl.amazonbot.amazon';
const AWS_VM_NAME = 'ec2-3-224-220-102.compute-1.amazonaws.com';
const AMAZONBOT =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)';

const resolver = standInResolver({
  ptr: {
    [BING]: [BING_NAME],
    [AZURE_VM]: ['vm-13-64-0-1.cloudapp.net'],
    [AMAZONBOT_IP]: [`${AMAZONBOT_NAME}.`],
    [AWS_VM]: [AWS_VM_NAME],
  },
  a: {
    [BING_NAME]: [BING],
    'vm-13-64-0-1.cloudapp.net': [AZURE_VM],
    [AMAZONBOT_NAME]: [AMAZONBOT_IP],
    [AWS_VM_NAME]: [AWS_VM],
  },
});

let t: TestApp;
let alice: SignedIn;

const OFF = { enabled: false, action: { type: 'block' }, monitor: false } as const;
const ON = { ...OFF, enabled: true } as const;
const SWITCHES: VpnBlockerSettings = {
  switches: { hosting: ON, vpn: ON, proxy: OFF, tor: ON },
  allowPrivateRelay: true,
};

const decide = async (ip: string, userAgent: string, path = '/') =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
      query: { shop: alice.shop, url: `https://${alice.shop}${path}` },
    })
  ).json<{ action: string }>().action;

async function lookup(ip: string, ua?: string) {
  const res = await t.call('lookupIp', alice.token, ua ? { ip, ua } : { ip });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<IpLookupResult>();
}

const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

beforeAll(async () => {
  t = await createTestApp({}, {}, undefined, { crawlerResolver: resolver });
  alice = await t.signIn('alice-fail-safe');
  await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.domain, alice.shop));
  await classifierReady(t.app);
  const saved = await t.call('saveVpnBlocker', alice.token, SWITCHES);
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe('the Tor switch without its list', () => {
  it('the page shows the Tor list missing while the switch is on', async () => {
    const view = (await t.call('getVpnBlocker', alice.token)).json<VpnBlockerView>();
    expect(view.switches.tor.enabled).toBe(true);
    expect(view.feeds.find((f) => f.network === 'tor')).toMatchObject({ loaded: false });
  });

  it('the IP lookup says the switch is not enforced until the list loads', async () => {
    const r = await lookup(TOR_EXIT);
    expect(r.network.tor).toBe(false);
    expect(r.decision.action).toBe('allow');
    expect(r.notEnforced).toEqual(['Tor switch: not enforced until the list loads']);
  });

  it('the visitor log says so on the visit it let in', async () => {
    expect(await decide(TOR_EXIT, BROWSER, '/products/through-tor')).toBe('allow');
    await t.app.visits.flush();
    const page = (
      await t.call('listVisits', alice.token, { url: '/products/through-tor' })
    ).json<VisitPage>();
    expect(page.visits).toHaveLength(1);
    expect(page.visits[0]!.notEnforced).toEqual(['Tor switch: not enforced until the list loads']);
  });
});

describe('iCloud Private Relay without its list', () => {
  it('a shopper on Akamai’s relay network is let in past the hosting and VPN switches', async () => {
    const r = await lookup(RELAY);
    expect(r.asn).toBe(36183);
    expect(r.network).toMatchObject({ privateRelay: true, hosting: false, vpn: false });
    expect(await decide(RELAY, BROWSER)).toBe('allow');
  });
});

describe('a claimed Bingbot without Bing’s list', () => {
  it('from a server outside Microsoft’s network is a fake at once, with no DNS asked', async () => {
    const r = await lookup(DIGITALOCEAN, BINGBOT);
    expect(r.crawler).toEqual({ name: 'Bing', check: 'fake' });
    expect(r.decision.action).toBe('block');
    expect(resolver.asked.filter((q) => q.includes(DIGITALOCEAN))).toEqual([]);
  });

  it('from Microsoft’s network is verified by Bing’s reverse DNS confirmed forward', async () => {
    const r = await lookup(BING, BINGBOT);
    expect(r.asn).toBe(8075);
    expect(r.crawler).toEqual({ name: 'Bing', check: 'verified' });
    expect(r.decision.action).toBe('allow');
    expect(resolver.asked).toEqual(expect.arrayContaining([`ptr ${BING}`, `a ${BING_NAME}`]));
  });

  it('from an Azure server is a fake once its DNS answer is in; until then it passes by Microsoft’s network', async () => {
    resolver.hold.add(`ptr ${AZURE_VM}`);
    // The storefront never waits for DNS: the first visit is judged by the network alone.
    expect(await decide(AZURE_VM, BINGBOT, '/products/first')).toBe('allow');
    resolver.release();
    await vi.waitFor(async () => {
      expect(await decide(AZURE_VM, BINGBOT, '/products/later')).toBe('block');
    });
    expect((await lookup(AZURE_VM, BINGBOT)).crawler).toEqual({ name: 'Bing', check: 'fake' });
  });
});

describe('a claimed Amazonbot, whose operator publishes no ranges', () => {
  it('is verified by Amazon’s reverse DNS confirmed forward', async () => {
    const r = await lookup(AMAZONBOT_IP, AMAZONBOT);
    expect(r.crawler).toEqual({ name: 'Amazonbot', check: 'verified' });
    expect(resolver.asked).toEqual(
      expect.arrayContaining([`ptr ${AMAZONBOT_IP}`, `a ${AMAZONBOT_NAME}`]),
    );
  });

  it('from another server of the same cloud is a fake', async () => {
    const r = await lookup(AWS_VM, AMAZONBOT);
    expect(r.crawler).toEqual({ name: 'Amazonbot', check: 'fake' });
  });
});

// The firewall's block page tells a blocked shopper what the storefront's does: the merchant's
// text, the kind of reason in plain words (never the rule, its entry or its note), the store's
// contact email when it has one, and a reference made of the request's time and address as the
// access log keeps them, so the merchant finds the request by it; and the form that sends a
// request for access to the app, with that reference, from the shopper's own browser.
import {
  DEFAULT_BLOCK_PAGE,
  parseVisitReference,
  visitReference,
  type FirewallAccessRecord,
} from '@gatehouse/contracts';
import type { RuleSet } from '@gatehouse/engine';
import { blockPageRenderer } from '../src/pages.js';
import { describe, expect, it } from 'vitest';
import { send, shopOf, type RunningFirewall, withFirewall } from './helpers.js';

const LISTED = '198.51.100.7';
const ACCESS_URL = 'https://app.gatehouse.example/api/storefront/accessRequest';
const EMAIL = 'help+orders@shop.example.com';
const rules: RuleSet = {
  appEnabled: true,
  rules: [
    { id: 'listed-1', kind: 'ip-block', ip: LISTED, note: 'chargebacks from this one' },
    { id: 'curl-1', kind: 'bot-agent', patterns: [{ value: 'secretbot' }] },
  ],
};

let firewall: RunningFirewall;
const logged: FirewallAccessRecord[] = [];

withFirewall(
  {
    shops: (originUrl) => [
      shopOf('shop.example.com', originUrl, rules, {
        contactEmail: EMAIL,
        blockPage: { ...DEFAULT_BLOCK_PAGE, title: 'Closed <for you>', message: 'Sorry & bye' },
      }),
      shopOf('quiet.example.com', originUrl, rules),
    ],
    firewall: () => ({
      trustedProxies: ['127.0.0.1'],
      accessLog: { record: (entry) => logged.push(entry) },
      accessRequestUrl: ACCESS_URL,
    }),
  },
  (s) => ({ firewall } = s),
);

const blocked = async (host: string, headers: Record<string, string>) => {
  const res = await send(firewall.port, host, '/products/hat', { headers });
  expect(res.status).toBe(403);
  return res.body.toString();
};
const referenceIn = (page: string) => /Reference:<\/dt>\s*<dd>([0-9A-Z-]+) \(/.exec(page)?.[1];

describe('the firewall block page', () => {
  it('says the kind of reason, the contact email and a reference, never the rule', async () => {
    const before = logged.length;
    const page = await blocked('shop.example.com', { 'x-forwarded-for': LISTED });
    expect(page).toContain('Closed &lt;for you&gt;');
    expect(page).toContain('Sorry &amp; bye');
    expect(page).toMatch(/Reason:<\/dt>\s*<dd>your IP address<\/dd>/);
    const reference = referenceIn(page);
    expect(reference).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(page).toContain(
      `<a href="mailto:help%2Borders@shop.example.com?subject=Blocked%20visit%20${reference}">${EMAIL}</a>`,
    );
    // Nothing of the rule: not its id, its list entry or its note.
    expect(page).not.toMatch(/198\.51|chargebacks|listed-1|ip-block/);

    // The reference is the request's as the access log keeps it.
    const entry = logged.slice(before).find((e) => e.action === 'block');
    expect(entry).toBeDefined();
    expect(reference).toBe(visitReference(entry!.time, entry!.ip));
    expect(parseVisitReference(reference!.toLowerCase())).toEqual(parseVisitReference(reference!));
  });

  it('names each kind of reason and gives each request its own reference', async () => {
    const bot = await blocked('shop.example.com', {
      'x-forwarded-for': '8.8.8.8',
      'user-agent': 'secretbot/2',
    });
    expect(bot).toMatch(/Reason:<\/dt>\s*<dd>automated browser or bot<\/dd>/);
    expect(bot).not.toContain('secretbot');
    const again = await blocked('shop.example.com', { 'x-forwarded-for': LISTED });
    const other = await blocked('shop.example.com', {
      'x-forwarded-for': '8.8.4.4',
      'user-agent': 'secretbot',
    });
    expect(new Set([referenceIn(bot), referenceIn(again), referenceIn(other)]).size).toBe(3);
  });

  it('leaves the contact out when the store has no email', async () => {
    const page = await blocked('quiet.example.com', { 'x-forwarded-for': LISTED });
    expect(page).not.toContain('Contact the store');
    expect(page).not.toContain('mailto:');
    expect(referenceIn(page)).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  });

  it('carries the form that asks for access, with the visit’s reference, for the store', async () => {
    const page = await blocked('shop.example.com', { 'x-forwarded-for': LISTED });
    const reference = referenceIn(page)!;
    expect(page).toContain(`<form id="gh-access" data-reference="${reference}">`);
    expect(page).toMatch(/<input\s+type="email"\s+name="email"/);
    expect(page).toContain(JSON.stringify(ACCESS_URL));
    expect(page).toContain(JSON.stringify(shopOf('shop.example.com', '', rules).domain));
  });

  it('keeps the values in its script from closing the script', () => {
    const render = blockPageRenderer(DEFAULT_BLOCK_PAGE, '', {
      url: 'https://app.example/</script><script>alert(1)//',
      shop: 'shop.myshopify.com',
    });
    const page = render('your IP address', 'ABCDE-FGHIJ');
    expect(page).not.toContain('</script><script>alert(1)');
    expect(page).toContain('\\u003c/script>');
  });
});

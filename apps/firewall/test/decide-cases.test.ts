// The engine's decision table, third runner: the same cases run against decide() in the engine
// and against the server's decision endpoint run here through the firewall, as requests from
// the case's visitor (its address in X-Forwarded-For from a trusted load balancer, its user
// agent, referrer and method as headers) to a shop whose snapshot holds the case's rules. A
// block must be the block page (403) with no request reaching the store, a redirect the rule's
// address, and an allow the store's own answer. Admin Access devices are the storefront
// script's (a token it keeps), so their case is not the firewall's.
import { DEFAULT_BLOCK_PAGE } from '@gatehouse/contracts';
import { buildNetworkClassifier, decideCases, loadGeo, loadNetworkTable } from '@gatehouse/engine';
import { describe, expect, it } from 'vitest';
import { send, shopOf, type RunningFirewall, withFirewall } from './helpers.js';

let firewall: RunningFirewall;
const reached: string[] = [];

// Geolocation redirects are the storefront script's (once per session, after the visitor's
// answer to a prompt): no firewall policy carries them, so their cases are not the firewall's.
const cases = decideCases.filter(
  (c) => c.visit.adminDevice !== true && !c.rules.rules.some((r) => r.kind === 'geo-redirect'),
);
const hostOf = (i: number) => `case-${i}.example.com`;

withFirewall(
  {
    origin: (app) =>
      app.all('/*', async (request) => {
        reached.push(String(request.headers.host));
        return 'the store';
      }),
    shops: (originUrl) => cases.map((c, i) => shopOf(hostOf(i), originUrl, c.rules)),
    firewall: async () => ({
      geo: await loadGeo({
        city: false,
        classifier: buildNetworkClassifier(loadNetworkTable(), []),
      }),
      trustedProxies: ['127.0.0.1'],
    }),
  },
  (s) => ({ firewall } = s),
);

function pathOf(url: string): string {
  const parsed = new URL(url, 'http://relative.invalid');
  return parsed.pathname + parsed.search;
}

describe('the decision table through the firewall', () => {
  it.each(cases.map((c, i) => [c.name, c, i] as const))('%s', async (_name, c, i) => {
    const before = reached.length;
    const res = await send(firewall.port, hostOf(i), pathOf(c.visit.url), {
      method: c.visit.method ?? 'GET',
      headers: {
        'x-forwarded-for': c.visit.ip,
        ...(c.visit.userAgent !== undefined ? { 'user-agent': c.visit.userAgent } : {}),
        ...(c.visit.referrer !== undefined ? { referer: c.visit.referrer } : {}),
      },
    });
    if (c.expect.action === 'allow') {
      expect(res.status).toBe(200);
      expect(res.body.toString()).toBe('the store');
      expect(reached.length).toBe(before + 1);
      return;
    }
    expect(reached.length).toBe(before);
    if (c.expect.action === 'block') {
      expect(res.status).toBe(403);
      expect(res.body.toString()).toContain(DEFAULT_BLOCK_PAGE.title);
    } else {
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(c.expect.redirectUrl);
    }
  });
});

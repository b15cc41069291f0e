import { describe, expect, it } from 'vitest';
import { UNKNOWN_FACTS, type GeoFacts, type GeoLookup } from '../geo/geo-facts.js';
import { parseIpInto } from '../ip/ip-address.js';
import { buildNetworkClassifier } from '../network/classifier.js';
import { loadNetworkTable } from '../network/network-table.js';
import { compile } from './compile.js';
import { decideCases } from './decide.cases.js';
import { decide } from './decide.js';
import type { Policy, Visit } from './policy.js';

function policyOf(input: unknown): Policy {
  const result = compile(input);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('; '));
  return result.policy;
}

const factsFor = (country: string | null): GeoFacts => ({ ...UNKNOWN_FACTS, country });
// The cases' network facts as the server's classifier gives them with no feed loaded: the
// networks table, the organisation rules, and crawlers checked by their owners' networks.
const classifier = buildNetworkClassifier(loadNetworkTable(), []);
const caseWords = new Uint32Array(4);
const caseFacts = (c: (typeof decideCases)[number]): GeoFacts => {
  const version = parseIpInto(c.visit.ip, caseWords);
  const network =
    version === 0 || c.asn === undefined
      ? { network: 0, crawlers: 0 }
      : classifier.classify(version, caseWords, c.asn ?? null, c.org ?? null);
  return {
    ...UNKNOWN_FACTS,
    country: c.country,
    asn: c.asn ?? null,
    org: c.org ?? null,
    ...network,
    crawlersKnown: classifier.crawlersKnown,
  };
};

describe('decide: the shared case table', () => {
  it.each(decideCases)('$name', (c) => {
    const decision = decide(policyOf(c.rules), c.visit, caseFacts(c));
    expect(decision.action).toBe(c.expect.action);
    expect(decision.rule?.id ?? null).toBe(c.expect.ruleId);
    expect(decision.monitor?.id).toBe(c.expect.monitorRuleId);
    expect(decision.redirectUrl).toBe(c.expect.redirectUrl);
    expect(decision.prompt !== undefined).toBe(c.expect.prompt ?? false);
    expect(decision.facts.country).toBe(c.country);
  });
});

describe('decide', () => {
  const policy = policyOf({
    appEnabled: true,
    rules: [
      { id: 'temp', kind: 'ip-block', ip: '198.51.100.0/24', expiresAt: '2026-06-01T00:00:00Z' },
      { id: 'watch', kind: 'country', mode: 'blacklist', countries: ['RU'], monitor: true },
      {
        id: 'de',
        kind: 'country',
        mode: 'blacklist',
        countries: ['DE'],
        action: { type: 'redirect', url: 'https://de.example.com' },
      },
    ],
  });

  it('expires an entry exactly at its expiry time', () => {
    const expiry = Date.parse('2026-06-01T00:00:00Z');
    const at = (now: number) =>
      decide(policy, { ip: '198.51.100.9', url: '/', now }, UNKNOWN_FACTS);
    expect(at(expiry - 1).rule?.id).toBe('temp');
    expect(at(expiry).action).toBe('allow');
  });

  it('reports a monitored rule as "would block" with what it would do', () => {
    const decision = decide(policy, { ip: '5.6.7.8', url: '/' }, factsFor('RU'));
    expect(decision).toMatchObject({
      action: 'allow',
      rule: null,
      monitor: { id: 'watch', kind: 'country', action: 'block' },
    });
  });

  it('names the rule and the facts it used', () => {
    const facts: GeoFacts = {
      ...UNKNOWN_FACTS,
      country: 'DE',
      asn: 24940,
      org: 'Hetzner Online GmbH',
    };
    expect(decide(policy, { ip: '88.198.0.1', url: '/' }, facts)).toEqual({
      action: 'redirect',
      rule: { id: 'de', kind: 'country' },
      redirectUrl: 'https://de.example.com/',
      facts,
    });
  });

  it('looks facts up itself when given a geo lookup', () => {
    const seen: string[] = [];
    const geo: GeoLookup = {
      lookup: (ip) => {
        seen.push(ip);
        return factsFor('DE');
      },
    };
    expect(decide(policy, { ip: '88.198.0.1', url: '/' }, geo).rule?.id).toBe('de');
    expect(seen).toEqual(['88.198.0.1']);
  });

  it('knows no facts when given none', () => {
    expect(decide(policy, { ip: '88.198.0.1', url: '/' })).toMatchObject({
      action: 'allow',
      facts: UNKNOWN_FACTS,
    });
  });

  it('allows, without throwing, when the geo lookup throws', () => {
    const geo: GeoLookup = {
      lookup: () => {
        throw new Error('broken');
      },
    };
    expect(decide(policy, { ip: '1.2.3.4', url: '/' }, geo)).toMatchObject({
      action: 'allow',
      rule: null,
    });
  });

  it('never throws on garbage, and garbage addresses match no IP rule', () => {
    const ipPolicy = policyOf({
      appEnabled: true,
      rules: [
        {
          id: 'all4',
          kind: 'ip-block',
          ip: '203.0.0.0/8',
          scope: { type: 'urls', patterns: ['/products/x'] },
        },
        { id: 'all6', kind: 'ip-block', ip: '2001::/16', expiresAt: '2999-01-01T00:00:00Z' },
        { id: 'c', kind: 'country', mode: 'whitelist', countries: ['FR'] },
      ],
    });
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const alphabet = '0123456789abcdefABCDEF:.%/[]- \u0000\u00e9\ud83d';
    const randomString = () => {
      let s = '';
      const length = Math.floor(random() * 48);
      for (let i = 0; i < length; i++) s += alphabet[Math.floor(random() * alphabet.length)];
      return s;
    };
    for (let i = 0; i < 5000; i++) {
      const ip = randomString();
      const visit = { ip, url: randomString(), now: i % 7 === 0 ? NaN : undefined } as Visit;
      const facts = { ...UNKNOWN_FACTS, country: i % 3 === 0 ? randomString() : 'US' };
      const decision = decide(ipPolicy, visit, facts);
      expect(['allow', 'block', 'redirect']).toContain(decision.action);
    }
    const odd: unknown[] = [
      null,
      undefined,
      42,
      'ip',
      [],
      { ip: 7 },
      { ip: null, url: {} },
      { ip: '1.2.3.4', url: 5, now: 'x' },
    ];
    for (const visit of odd) {
      expect(() => decide(ipPolicy, visit as Visit, odd as unknown as GeoFacts)).not.toThrow();
      expect(() => decide(null as unknown as Policy, visit as Visit)).not.toThrow();
    }
  });

  it('still blocks valid addresses of both families under the fuzz policy', () => {
    const ipPolicy = policyOf({
      appEnabled: true,
      rules: [
        { id: 'all4', kind: 'ip-block', ip: '203.0.0.0/8' },
        { id: 'all6', kind: 'ip-block', ip: '2001::/16' },
      ],
    });
    expect(decide(ipPolicy, { ip: '203.0.113.1', url: '/' }).rule?.id).toBe('all4');
    expect(decide(ipPolicy, { ip: '2001:db8::1', url: '/' }).rule?.id).toBe('all6');
    expect(decide(ipPolicy, { ip: 'garbage', url: '/' }).rule).toBeNull();
  });
});

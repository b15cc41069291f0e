// No verified crawler is ever blocked by a country, ISP/ASN, network or bot rule, in any
// combination, order, action or monitor mode; only an IP block entry can stop one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_FACTS, type GeoFacts } from '../geo/geo-facts.js';
import { BOT_CATEGORIES } from '../rules/bot-categories.js';
import { COUNTRY_CODES } from '../rules/country-codes.js';
import { NETWORK_KINDS } from '../network/network-flags.js';
import { crawlerBit, CRAWLER_IDS } from '../network/crawlers.js';
import { compile } from './compile.js';
import { GOOGLEBOT_IP, GOOGLEBOT_UA, BINGBOT_IP, BINGBOT_UA, VERIFIED } from './decide-case-kit.js';
import { decide } from './decide.js';

const allCrawlers = CRAWLER_IDS.reduce((mask, id) => mask | crawlerBit(id), 0);
const visitors = [
  { ip: GOOGLEBOT_IP, userAgent: GOOGLEBOT_UA, asn: 15169, org: 'Google LLC', crawler: 'google' },
  {
    ip: BINGBOT_IP,
    userAgent: BINGBOT_UA,
    asn: 8075,
    org: 'Microsoft Corporation',
    crawler: 'bing',
  },
] as const;

const action = fc.constantFrom(
  { type: 'block' as const },
  { type: 'redirect' as const, url: 'https://example.com/away' },
);
const common = { action, monitor: fc.boolean() };
const country = fc.record({
  id: fc.constant('countries'),
  kind: fc.constant('country' as const),
  mode: fc.constantFrom('blacklist' as const, 'whitelist' as const),
  countries: fc.subarray([...COUNTRY_CODES], { minLength: 1, maxLength: 30 }),
  blockUnknown: fc.boolean(),
  ...common,
});
const asn = fc.record({
  id: fc.constant('asns'),
  kind: fc.constant('asn' as const),
  asns: fc.array(fc.constantFrom(15169, 8075, 14061, 24940), { maxLength: 4 }),
  names: fc.array(fc.constantFrom('Google', 'Microsoft', 'DigitalOcean'), { maxLength: 3 }),
  ...common,
});
const network = fc.record({
  id: fc.constant('networks'),
  kind: fc.constant('network' as const),
  networks: fc.subarray([...NETWORK_KINDS], { minLength: 1 }),
  ...common,
});

// Bot rules whose categories and patterns a crawler's user agent could meet.
const bot = fc.record({
  id: fc.constant('bots'),
  kind: fc.constant('bot-agent' as const),
  categories: fc.subarray([...BOT_CATEGORIES]),
  patterns: fc.subarray([
    { value: 'bot' },
    { value: 'Googlebot' },
    { value: 'compatible;' },
    { value: '(google|bing)bot/\\d', regex: true },
  ]),
  ...common,
});

describe('verified crawlers', () => {
  it('pass every combination of country, ISP/ASN, network and bot rules', () => {
    fc.assert(
      fc.property(
        fc.subarray([0, 1, 2, 3]),
        country,
        asn,
        network,
        bot,
        fc.constantFrom(...visitors),
        fc.integer({ min: 0, max: 31 }),
        (which, c, a, n, b, visitor, flags) => {
          const rules = [VERIFIED, ...which.map((i) => [c, a, n, b][i]!)];
          const compiled = compile({ appEnabled: true, rules });
          if (!compiled.ok) throw new Error(compiled.errors[0]!.message);
          const facts: GeoFacts = {
            ...UNKNOWN_FACTS,
            country: 'US',
            asn: visitor.asn,
            org: visitor.org,
            network: flags,
            crawlers: crawlerBit(visitor.crawler),
            crawlersKnown: allCrawlers,
          };
          const decision = decide(
            compiled.policy,
            { ip: visitor.ip, url: '/', userAgent: visitor.userAgent },
            facts,
          );
          expect(decision.action).toBe('allow');
          expect(decision.rule?.kind).toBe('verified-crawler');
          expect(decision.crawler).toEqual({ id: visitor.crawler, check: 'verified' });
        },
      ),
      { seed: 20261124, numRuns: 300 },
    );
  });
});

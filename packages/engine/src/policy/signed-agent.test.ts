// A verified signed agent is decided by what it is and what it is for: the country, ISP/ASN,
// referrer, VPN/proxy/hosting and geolocation rules never see it, the Bot Blocker decides it by
// its purpose's category, and the entries the merchant wrote for addresses and URLs still
// apply. The store's own authorised crawler passes the Bot Blocker too.
import { describe, expect, it } from 'vitest';
import { UNKNOWN_FACTS, type GeoFacts } from '../geo/geo-facts.js';
import { NETWORK_HOSTING } from '../network/network-flags.js';
const STORE_CRAWLER = 'store-crawler';
import type { Rule } from '../rules/rule-set.js';
import { compile } from './compile.js';
import { decide } from './decide.js';
import type { Policy, Visit } from './policy.js';

function policyOf(...rules: Rule[]): Policy {
  const result = compile({ appEnabled: true, rules });
  if (!result.ok) throw new Error(result.errors[0]?.message);
  return result.policy;
}

const ADDRESS = '203.0.113.9';
// A cloud server in the United States, on a network the merchant listed by hand.
const CLOUD: GeoFacts = { ...UNKNOWN_FACTS, country: 'US', asn: 14061, network: NETWORK_HOSTING };
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const visit = (signedAgent?: string, more: Partial<Visit> = {}): Visit => ({
  ip: ADDRESS,
  url: '/products/hat',
  userAgent: CHROME,
  referrer: 'https://spam.example/',
  ...(signedAgent !== undefined ? { signedAgent } : {}),
  ...more,
});

const NETWORK_RULES: Rule[] = [
  { id: 'countries', kind: 'country', mode: 'blacklist', countries: ['US'] },
  { id: 'legacy-countries', kind: 'legacy-country', countries: ['US'] },
  { id: 'asns', kind: 'asn', asns: [14061] },
  { id: 'referrers', kind: 'referrer', domains: ['spam.example'] },
  { id: 'hosting', kind: 'network', networks: ['hosting'] },
  { id: 'redirect', kind: 'geo-redirect', url: 'https://us.example.com', countries: ['US'] },
] as Rule[];

describe('a verified signed agent', () => {
  it('is never stopped or redirected by where its request comes from', () => {
    for (const rule of NETWORK_RULES) {
      const policy = policyOf(rule);
      // The same visit unsigned is stopped or sent away by each of these rules.
      expect(decide(policy, visit(), CLOUD).action, rule.id).not.toBe('allow');
      expect(decide(policy, visit('ai-agents'), CLOUD), rule.id).toMatchObject({
        action: 'allow',
        rule: null,
      });
    }
  });

  it('is blocked when the merchant blocks its purpose, let in when it is allowed', () => {
    const policy = policyOf(...NETWORK_RULES, {
      id: 'training',
      kind: 'bot-agent',
      categories: ['ai-crawlers'],
    } as Rule);
    expect(decide(policy, visit('ai-crawlers'), CLOUD)).toMatchObject({
      action: 'block',
      rule: { id: 'training' },
    });
    expect(decide(policy, visit('ai-agents'), CLOUD)).toMatchObject({ action: 'allow' });
    // Its category decides it whether or not it sends a user agent.
    expect(decide(policy, visit('ai-crawlers', { userAgent: undefined }), CLOUD).action).toBe(
      'block',
    );
  });

  it('is still stopped by an IP block entry or a URL rule, and let in by an IP allow entry', () => {
    const block = policyOf({ id: 'mine', kind: 'ip-block', ip: ADDRESS } as Rule);
    expect(decide(block, visit('ai-agents'), CLOUD).rule?.id).toBe('mine');
    const legacy = policyOf({ id: 'old', kind: 'legacy-ip', ip: ADDRESS } as Rule);
    expect(decide(legacy, visit('ai-agents'), CLOUD).rule?.id).toBe('old');
    const url = policyOf({
      id: 'path',
      kind: 'url',
      match: 'prefix',
      pattern: '/products',
    } as Rule);
    expect(decide(url, visit('ai-agents'), CLOUD).rule?.id).toBe('path');
    const allow = policyOf(
      { id: 'friend', kind: 'ip-allow', ip: ADDRESS } as Rule,
      { id: 'agents', kind: 'bot-agent', categories: ['ai-agents'] } as Rule,
    );
    expect(decide(allow, visit('ai-agents'), CLOUD)).toMatchObject({
      action: 'allow',
      rule: { id: 'friend' },
    });
  });

  it('that the store itself authorised passes every Bot Blocker rule', () => {
    const policy = policyOf(...NETWORK_RULES, {
      id: 'everything',
      kind: 'bot-agent',
      categories: ['ai-crawlers', 'ai-search', 'ai-agents', 'seo-tools', 'scripts', 'other-bots'],
      patterns: [{ value: 'Screaming Frog' }],
    } as Rule);
    const frog = { userAgent: 'Screaming Frog SEO Spider/21.0' };
    expect(decide(policy, visit(undefined, frog), CLOUD).action).toBe('block');
    expect(decide(policy, visit(STORE_CRAWLER, frog), CLOUD)).toMatchObject({
      action: 'allow',
      rule: null,
    });
    const blocked = policyOf({ id: 'mine', kind: 'ip-block', ip: ADDRESS } as Rule);
    expect(decide(blocked, visit(STORE_CRAWLER, frog), CLOUD).rule?.id).toBe('mine');
  });
});

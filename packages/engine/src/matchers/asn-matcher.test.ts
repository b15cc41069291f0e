import { describe, expect, it } from 'vitest';
import { UNKNOWN_FACTS, type GeoFacts } from '../geo/geo-facts.js';
import { compile } from '../policy/compile.js';
import { decide } from '../policy/decide.js';
import type { Policy } from '../policy/policy.js';
import type { Rule } from '../rules/rule-set.js';

function policyOf(...rules: Rule[]): Policy {
  const result = compile({ appEnabled: true, rules });
  if (!result.ok) throw new Error(result.errors[0]?.message);
  return result.policy;
}

const from = (asn: number | null, org: string | null): GeoFacts => ({
  ...UNKNOWN_FACTS,
  country: 'US',
  asn,
  org,
});
const visit = { ip: '198.51.100.1', url: '/' };

describe('the ISP/ASN matcher', () => {
  const policy = policyOf(
    { id: 'google', kind: 'asn', asns: [15169] },
    { id: 'hosting', kind: 'asn', asns: [24940, 14061], names: ['DigitalOcean', 'OVH'] },
    { id: 'big', kind: 'asn', asns: [4_200_000_001] },
  );

  it('blocks listed ASNs, naming the rule and carrying the facts', () => {
    const facts = from(15169, 'Google LLC');
    expect(decide(policy, visit, facts)).toEqual({
      action: 'block',
      rule: { id: 'google', kind: 'asn' },
      facts,
    });
    expect(decide(policy, visit, from(14061, null)).rule?.id).toBe('hosting');
    expect(decide(policy, visit, from(4_200_000_001, null)).rule?.id).toBe('big');
  });

  it('blocks by organisation when the ASN is not listed', () => {
    expect(decide(policy, visit, from(393406, 'DigitalOcean, LLC')).rule?.id).toBe('hosting');
    expect(decide(policy, visit, from(null, 'OVH SAS')).rule?.id).toBe('hosting');
    expect(decide(policy, visit, from(1, 'GOVHOST')).action).toBe('allow');
  });

  it('allows visitors without network facts', () => {
    expect(decide(policy, visit, from(null, null)).action).toBe('allow');
    expect(decide(policy, visit, from(null, '')).action).toBe('allow');
    expect(decide(policy, visit, UNKNOWN_FACTS).action).toBe('allow');
  });

  it('lets the first listed rule decide when an ASN and a name both hit', () => {
    const both = policyOf(
      { id: 'by-name', kind: 'asn', names: ['Google'], monitor: true },
      { id: 'by-asn', kind: 'asn', asns: [15169] },
    );
    expect(decide(both, visit, from(15169, 'Google LLC'))).toMatchObject({
      action: 'block',
      rule: { id: 'by-asn' },
      monitor: { id: 'by-name', kind: 'asn', action: 'block' },
    });
  });

  it('starts afresh on every decision', () => {
    const scoped = policyOf(
      {
        id: 'scoped',
        kind: 'asn',
        asns: [15169],
        scope: { type: 'urls', patterns: ['/products/x'] },
      },
      { id: 'name', kind: 'asn', names: ['Hetzner'] },
    );
    expect(decide(scoped, { ip: '1.1.1.1', url: '/' }, from(15169, 'Google LLC')).action).toBe(
      'allow',
    );
    expect(decide(scoped, visit, from(24940, 'Hetzner Online GmbH')).rule?.id).toBe('name');
    expect(decide(scoped, { ip: '1.1.1.1', url: '/' }, from(15169, 'Google LLC')).action).toBe(
      'allow',
    );
    expect(decide(scoped, { ip: '1.1.1.1', url: '/products/x' }, from(15169, null)).rule?.id).toBe(
      'scoped',
    );
  });

  it('ignores disabled ISP/ASN rules', () => {
    const off = policyOf({ id: 'off', kind: 'asn', asns: [15169], enabled: false });
    expect(decide(off, visit, from(15169, 'Google LLC')).action).toBe('allow');
  });
});

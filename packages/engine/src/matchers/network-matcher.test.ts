import { describe, expect, it } from 'vitest';
import { UNKNOWN_FACTS, type GeoFacts } from '../geo/geo-facts.js';
import { NETWORK_HOSTING, NETWORK_PRIVATE_RELAY, NETWORK_TOR } from '../network/network-flags.js';
import { compile } from '../policy/compile.js';
import { decide } from '../policy/decide.js';
import type { Policy } from '../policy/policy.js';
import type { Rule } from '../rules/rule-set.js';

function policyOf(...rules: Rule[]): Policy {
  const result = compile({ appEnabled: true, rules });
  if (!result.ok) throw new Error(result.errors[0]?.message);
  return result.policy;
}

const facts = (network: number, listsMissing: number): GeoFacts => ({
  ...UNKNOWN_FACTS,
  country: 'DE',
  asn: 64500,
  network,
  listsMissing,
});
const visit = { ip: '198.51.100.1', url: '/' };

describe('the network matcher without a list', () => {
  const policy = policyOf(
    { id: 'vpn-tor', kind: 'network', networks: ['tor'] },
    { id: 'vpn-hosting', kind: 'network', networks: ['hosting'] },
  );

  it('says the Tor rule went unenforced while the Tor list is missing', () => {
    const decision = decide(policy, visit, facts(0, NETWORK_TOR | NETWORK_PRIVATE_RELAY));
    expect(decision.action).toBe('allow');
    // Only the kinds the rules ask for: no rule here blocks the relay.
    expect(decision.unlisted).toBe(NETWORK_TOR);
  });

  it('says so on a visit another of its rules blocks, too', () => {
    const decision = decide(policy, visit, facts(NETWORK_HOSTING, NETWORK_TOR));
    expect(decision.rule?.id).toBe('vpn-hosting');
    expect(decision.unlisted).toBe(NETWORK_TOR);
  });

  it('says nothing once the list is loaded, nor for rules that need no list', () => {
    expect(decide(policy, visit, facts(NETWORK_TOR, 0))).toMatchObject({
      action: 'block',
      rule: { id: 'vpn-tor' },
    });
    expect(decide(policy, visit, facts(NETWORK_TOR, 0)).unlisted).toBeUndefined();
    const hostingOnly = policyOf({ id: 'vpn-hosting', kind: 'network', networks: ['hosting'] });
    expect(decide(hostingOnly, visit, facts(0, NETWORK_TOR)).unlisted).toBeUndefined();
  });
});

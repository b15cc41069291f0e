// The decision table's Block Lists (Legacy) rows: its addresses and ranges, its countries, and
// where each stands in the order of evaluation (after the IP lists, after the Country Blocker).
import { DE, FR, PRIVATE, US, US_V6, on, visit, type DecideCase } from './decide-case-kit.js';

export const legacyCases: DecideCase[] = [
  {
    name: 'a legacy-listed address is blocked',
    rules: on({ id: 'l1', kind: 'legacy-ip', ip: US }),
    visit: visit(US),
    country: 'US',
    expect: { action: 'block', ruleId: 'l1' },
  },
  {
    name: 'a legacy-listed IPv6 range covers its addresses',
    rules: on({ id: 'l1', kind: 'legacy-ip', ip: '2001:4860::/32' }),
    visit: visit(US_V6),
    country: 'US',
    expect: { action: 'block', ruleId: 'l1' },
  },
  {
    name: 'an address outside the legacy ranges is allowed',
    rules: on({ id: 'l1', kind: 'legacy-ip', ip: '8.8.4.0/24' }),
    visit: visit(US),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'the IP allow list wins over the legacy list',
    rules: on(
      { id: 'a1', kind: 'ip-allow', ip: US },
      { id: 'l1', kind: 'legacy-ip', ip: '8.8.8.0/24' },
    ),
    visit: visit(US),
    country: 'US',
    expect: { action: 'allow', ruleId: 'a1' },
  },
  {
    name: 'the IP block list decides before the legacy list',
    rules: on({ id: 'l1', kind: 'legacy-ip', ip: US }, { id: 'b1', kind: 'ip-block', ip: US }),
    visit: visit(US),
    country: 'US',
    expect: { action: 'block', ruleId: 'b1' },
  },
  {
    name: 'a visitor from a legacy-listed country is blocked',
    rules: on({ id: 'lc1', kind: 'legacy-country', countries: ['DE', 'FR'] }),
    visit: visit(DE),
    country: 'DE',
    expect: { action: 'block', ruleId: 'lc1' },
  },
  {
    name: 'a visitor from a country the legacy list leaves out is allowed',
    rules: on({ id: 'lc1', kind: 'legacy-country', countries: ['DE'] }),
    visit: visit(FR),
    country: 'FR',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a visitor of unknown country passes the legacy countries',
    rules: on({ id: 'lc1', kind: 'legacy-country', countries: ['US', 'DE'] }),
    visit: visit(PRIVATE),
    country: null,
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'the legacy countries block a country the Country Blocker whitelist allows',
    rules: on(
      { id: 'country', kind: 'country', mode: 'whitelist', countries: ['DE', 'US'] },
      { id: 'lc1', kind: 'legacy-country', countries: ['DE'] },
    ),
    visit: visit(DE),
    country: 'DE',
    expect: { action: 'block', ruleId: 'lc1' },
  },
  {
    name: 'the Country Blocker decides before the legacy countries',
    rules: on(
      { id: 'country', kind: 'country', mode: 'blacklist', countries: ['FR'] },
      { id: 'lc1', kind: 'legacy-country', countries: ['FR'] },
    ),
    visit: visit(FR),
    country: 'FR',
    expect: { action: 'block', ruleId: 'country' },
  },
  {
    name: 'a legacy address in monitor mode lets the visitor in and names the rule',
    rules: on({ id: 'l1', kind: 'legacy-ip', ip: US, monitor: true }),
    visit: visit(US),
    country: 'US',
    expect: { action: 'allow', ruleId: null, monitorRuleId: 'l1' },
  },
];

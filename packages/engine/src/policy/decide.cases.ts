// The decision table: rules, a visitor, the expected decision. Exported so the engine's unit
// test, the server's decision endpoint test and the firewall's test all run the same cases.
// Addresses are real and `country` (and, where the rules look at the network, `asn` and `org`)
// is what the bundled geo data says for them (a geo test checks that), so an HTTP test that
// looks geo up itself gets the same facts.
import type { RuleSet } from '../rules/rule-set.js';
import type { DecisionAction, Visit } from './policy.js';

export interface DecideCase {
  name: string;
  rules: RuleSet;
  visit: Visit;
  /** The visitor's country per the geo data (null: private or unknown address). */
  country: string | null;
  /** The visitor's AS number per the geo data; given by the cases whose rules use it. */
  asn?: number | null;
  /** The visitor's organisation per the geo data; given with `asn`. */
  org?: string | null;
  expect: {
    action: DecisionAction;
    ruleId: string | null;
    monitorRuleId?: string;
    redirectUrl?: string;
  };
}

const US = '8.8.8.8'; // Google DNS
const US_V6 = '2001:4860:4860::8888';
const DE = '88.198.0.1'; // Hetzner, Falkenstein
const FR = '212.27.48.10'; // Free, Paris
const PRIVATE = '10.1.2.3';
const PAST = '2001-01-01T00:00:00Z';
const FUTURE = '2099-01-01T00:00:00Z';

const visit = (ip: string, url = '/'): Visit => ({ ip, url });
const from = (referrer: string, ip = US, url = '/'): Visit => ({ ip, url, referrer });
/** The networks of the addresses above, per the geo data. */
const GOOGLE = { asn: 15169, org: 'Google LLC' };
const HETZNER = { asn: 24940, org: 'Hetzner Online GmbH' };
const FREE = { asn: 12322, org: 'Free SAS' };
const on = (...rules: RuleSet['rules']): RuleSet => ({ appEnabled: true, rules });

export const decideCases: DecideCase[] = [
  {
    name: 'no rules allows everyone',
    rules: on(),
    visit: visit(US),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'app disabled allows a blocked address',
    rules: { appEnabled: false, rules: [{ id: 'b1', kind: 'ip-block', ip: US }] },
    visit: visit(US),
    country: 'US',
    expect: { action: 'allow', ruleId: 'app-disabled' },
  },
  {
    name: 'an admin-access device passes every rule',
    rules: on({ id: 'b1', kind: 'ip-block', ip: US }),
    visit: { ip: US, url: '/', adminDevice: true },
    country: 'US',
    expect: { action: 'allow', ruleId: 'admin-access' },
  },
  {
    name: 'a blocked IPv4 address is blocked',
    rules: on({ id: 'b1', kind: 'ip-block', ip: US }),
    visit: visit(US),
    country: 'US',
    expect: { action: 'block', ruleId: 'b1' },
  },
  {
    name: 'a blocked IPv4 range covers its addresses',
    rules: on({ id: 'b1', kind: 'ip-block', ip: '8.8.8.0/24' }),
    visit: visit(US),
    country: 'US',
    expect: { action: 'block', ruleId: 'b1' },
  },
  {
    name: 'an address outside every blocked range is allowed',
    rules: on({ id: 'b1', kind: 'ip-block', ip: '8.8.4.0/24' }),
    visit: visit(US),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a blocked IPv6 range covers its addresses',
    rules: on({ id: 'b6', kind: 'ip-block', ip: '2001:4860::/32' }),
    visit: visit(US_V6),
    country: 'US',
    expect: { action: 'block', ruleId: 'b6' },
  },
  {
    name: 'an IPv4-mapped IPv6 visitor matches IPv4 rules',
    rules: on({ id: 'b1', kind: 'ip-block', ip: '8.8.8.8' }),
    visit: visit(`::ffff:${US}`),
    country: 'US',
    expect: { action: 'block', ruleId: 'b1' },
  },
  {
    name: 'the allow list wins over the block list',
    rules: on(
      { id: 'b1', kind: 'ip-block', ip: '8.8.8.0/24' },
      { id: 'a1', kind: 'ip-allow', ip: US },
    ),
    visit: visit(US),
    country: 'US',
    expect: { action: 'allow', ruleId: 'a1' },
  },
  {
    name: 'the allow list wins over the country blocker',
    rules: on(
      { id: 'c1', kind: 'country', mode: 'blacklist', countries: ['US'] },
      { id: 'a1', kind: 'ip-allow', ip: '8.8.0.0/16' },
    ),
    visit: visit(US),
    country: 'US',
    expect: { action: 'allow', ruleId: 'a1' },
  },
  {
    name: 'the IP block list is checked before the country blocker',
    rules: on(
      { id: 'c1', kind: 'country', mode: 'blacklist', countries: ['US'] },
      {
        id: 'b1',
        kind: 'ip-block',
        ip: US,
        action: { type: 'redirect', url: 'https://example.com/ip' },
      },
    ),
    visit: visit(US),
    country: 'US',
    expect: { action: 'redirect', ruleId: 'b1', redirectUrl: 'https://example.com/ip' },
  },
  {
    name: 'among overlapping IP entries the first listed decides',
    rules: on(
      {
        id: 'wide',
        kind: 'ip-block',
        ip: '8.8.0.0/16',
        action: { type: 'redirect', url: 'https://example.com/' },
      },
      { id: 'narrow', kind: 'ip-block', ip: US },
    ),
    visit: visit(US),
    country: 'US',
    expect: { action: 'redirect', ruleId: 'wide', redirectUrl: 'https://example.com/' },
  },
  {
    name: 'a blacklisted country is blocked',
    rules: on({ id: 'c1', kind: 'country', mode: 'blacklist', countries: ['CN', 'US'] }),
    visit: visit(US),
    country: 'US',
    expect: { action: 'block', ruleId: 'c1' },
  },
  {
    name: 'a country not on the blacklist is allowed',
    rules: on({ id: 'c1', kind: 'country', mode: 'blacklist', countries: ['US'] }),
    visit: visit(DE),
    country: 'DE',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a whitelisted country is allowed',
    rules: on({ id: 'c1', kind: 'country', mode: 'whitelist', countries: ['DE', 'FR'] }),
    visit: visit(FR),
    country: 'FR',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a country missing from the whitelist is blocked',
    rules: on({ id: 'c1', kind: 'country', mode: 'whitelist', countries: ['DE', 'FR'] }),
    visit: visit(US_V6),
    country: 'US',
    expect: { action: 'block', ruleId: 'c1' },
  },
  {
    name: 'an empty whitelist is invalid and allows everyone',
    rules: on({ id: 'c1', kind: 'country', mode: 'whitelist', countries: [] }),
    visit: visit(US),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a visitor of unknown country passes a whitelist by default',
    rules: on({ id: 'c1', kind: 'country', mode: 'whitelist', countries: ['DE'] }),
    visit: visit(PRIVATE),
    country: null,
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a visitor of unknown country is blocked when the rule says so',
    rules: on({
      id: 'c1',
      kind: 'country',
      mode: 'whitelist',
      countries: ['DE'],
      blockUnknown: true,
    }),
    visit: visit(PRIVATE),
    country: null,
    expect: { action: 'block', ruleId: 'c1' },
  },
  {
    name: 'the country blocker can redirect',
    rules: on({
      id: 'c1',
      kind: 'country',
      mode: 'blacklist',
      countries: ['DE'],
      action: { type: 'redirect', url: 'https://de.example.com/welcome' },
    }),
    visit: visit(DE),
    country: 'DE',
    expect: { action: 'redirect', ruleId: 'c1', redirectUrl: 'https://de.example.com/welcome' },
  },
  {
    name: 'a monitored rule reports "would block" and allows',
    rules: on({ id: 'b1', kind: 'ip-block', ip: US, monitor: true }),
    visit: visit(US),
    country: 'US',
    expect: { action: 'allow', ruleId: null, monitorRuleId: 'b1' },
  },
  {
    name: 'a monitored rule lets a later enforced rule decide',
    rules: on(
      { id: 'b1', kind: 'ip-block', ip: US, monitor: true },
      { id: 'c1', kind: 'country', mode: 'blacklist', countries: ['US'] },
    ),
    visit: visit(US),
    country: 'US',
    expect: { action: 'block', ruleId: 'c1', monitorRuleId: 'b1' },
  },
  {
    name: 'an expired block entry no longer matches',
    rules: on({ id: 'b1', kind: 'ip-block', ip: US, expiresAt: PAST }),
    visit: visit(US),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a block entry with a future expiry matches',
    rules: on({ id: 'b1', kind: 'ip-block', ip: US, expiresAt: FUTURE }),
    visit: visit(US),
    country: 'US',
    expect: { action: 'block', ruleId: 'b1' },
  },
  {
    name: 'an expired allow entry no longer overrides the block list',
    rules: on(
      { id: 'a1', kind: 'ip-allow', ip: US, expiresAt: PAST },
      { id: 'b1', kind: 'ip-block', ip: US },
    ),
    visit: visit(US),
    country: 'US',
    expect: { action: 'block', ruleId: 'b1' },
  },
  {
    name: 'a disabled rule never matches',
    rules: on({ id: 'b1', kind: 'ip-block', ip: US, enabled: false }),
    visit: visit(US),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a rule scoped to a product blocks that product page',
    rules: on({
      id: 'b1',
      kind: 'ip-block',
      ip: US,
      scope: { type: 'urls', patterns: ['/products/secret'] },
    }),
    visit: visit(US, 'https://demo.myshopify.com/products/secret?variant=1'),
    country: 'US',
    expect: { action: 'block', ruleId: 'b1' },
  },
  {
    name: 'a rule scoped to a product covers it inside a collection and a locale',
    rules: on({
      id: 'b1',
      kind: 'ip-block',
      ip: US,
      scope: { type: 'urls', patterns: ['/products/secret'] },
    }),
    visit: visit(US, '/fr/collections/all/products/secret'),
    country: 'US',
    expect: { action: 'block', ruleId: 'b1' },
  },
  {
    name: 'a rule scoped to a product leaves other pages alone',
    rules: on({
      id: 'b1',
      kind: 'ip-block',
      ip: US,
      scope: { type: 'urls', patterns: ['/products/secret'] },
    }),
    visit: visit(US, '/products/secret-sauce'),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a country rule scoped to a collection blocks its products',
    rules: on({
      id: 'c1',
      kind: 'country',
      mode: 'blacklist',
      countries: ['FR'],
      scope: { type: 'urls', patterns: ['/collections/wholesale'] },
    }),
    visit: visit(FR, '/collections/wholesale/products/crate'),
    country: 'FR',
    expect: { action: 'block', ruleId: 'c1' },
  },
  {
    name: 'a country rule scoped to a collection allows the home page',
    rules: on({
      id: 'c1',
      kind: 'country',
      mode: 'blacklist',
      countries: ['FR'],
      scope: { type: 'urls', patterns: ['/collections/wholesale'] },
    }),
    visit: visit(FR, '/'),
    country: 'FR',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'an allow entry scoped to a path only allows there',
    rules: on(
      { id: 'a1', kind: 'ip-allow', ip: US, scope: { type: 'urls', patterns: ['/pages/press'] } },
      { id: 'c1', kind: 'country', mode: 'blacklist', countries: ['US'] },
    ),
    visit: visit(US, '/pages/contact'),
    country: 'US',
    expect: { action: 'block', ruleId: 'c1' },
  },
  {
    name: 'a blocked ASN is blocked',
    rules: on({ id: 'n1', kind: 'asn', asns: [24940, 15169] }),
    visit: visit(US),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'block', ruleId: 'n1' },
  },
  {
    name: 'an IPv6 visitor is blocked by the ASN of its network',
    rules: on({ id: 'n1', kind: 'asn', asns: [15169] }),
    visit: visit(US_V6),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'block', ruleId: 'n1' },
  },
  {
    name: 'a network not on the ASN list is allowed',
    rules: on({ id: 'n1', kind: 'asn', asns: [24940] }),
    visit: visit(US),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'an ISP name blocks its organisation, whatever the case',
    rules: on({ id: 'n1', kind: 'asn', names: ['hetzner'] }),
    visit: visit(DE),
    country: 'DE',
    ...HETZNER,
    expect: { action: 'block', ruleId: 'n1' },
  },
  {
    name: 'an ISP name of several words matches them in a row',
    rules: on({ id: 'n1', kind: 'asn', names: ['HETZNER  online'] }),
    visit: visit(DE),
    country: 'DE',
    ...HETZNER,
    expect: { action: 'block', ruleId: 'n1' },
  },
  {
    name: 'an ISP name does not match part of a word',
    rules: on({ id: 'n1', kind: 'asn', names: ['Goog', 'Online Hetzner'] }),
    visit: visit(US),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a visitor without a known network passes the ASN blocker',
    rules: on({ id: 'n1', kind: 'asn', asns: [15169], names: ['Google'] }),
    visit: visit(PRIVATE),
    country: null,
    asn: null,
    org: null,
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'the ASN blocker can redirect',
    rules: on({
      id: 'n1',
      kind: 'asn',
      asns: [12322],
      action: { type: 'redirect', url: 'https://example.com/no-bots' },
    }),
    visit: visit(FR),
    country: 'FR',
    ...FREE,
    expect: { action: 'redirect', ruleId: 'n1', redirectUrl: 'https://example.com/no-bots' },
  },
  {
    name: 'the country blocker is checked before the ASN blocker',
    rules: on(
      { id: 'n1', kind: 'asn', asns: [15169] },
      {
        id: 'c1',
        kind: 'country',
        mode: 'blacklist',
        countries: ['US'],
        action: { type: 'redirect', url: 'https://example.com/us' },
      },
    ),
    visit: visit(US),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'redirect', ruleId: 'c1', redirectUrl: 'https://example.com/us' },
  },
  {
    name: 'the allow list wins over the ASN blocker',
    rules: on({ id: 'n1', kind: 'asn', asns: [15169] }, { id: 'a1', kind: 'ip-allow', ip: US }),
    visit: visit(US),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'allow', ruleId: 'a1' },
  },
  {
    name: 'a monitored ASN rule reports "would block" and allows',
    rules: on({ id: 'n1', kind: 'asn', names: ['Free SAS'], monitor: true }),
    visit: visit(FR),
    country: 'FR',
    ...FREE,
    expect: { action: 'allow', ruleId: null, monitorRuleId: 'n1' },
  },
  {
    name: 'among ASN entries the first listed decides',
    rules: on(
      {
        id: 'n1',
        kind: 'asn',
        names: ['Google LLC'],
        action: { type: 'redirect', url: 'https://example.com/first' },
      },
      { id: 'n2', kind: 'asn', asns: [15169] },
    ),
    visit: visit(US),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'redirect', ruleId: 'n1', redirectUrl: 'https://example.com/first' },
  },
  {
    name: 'an ASN rule scoped to a collection leaves the home page alone',
    rules: on({
      id: 'n1',
      kind: 'asn',
      asns: [24940],
      scope: { type: 'urls', patterns: ['/collections/wholesale'] },
    }),
    visit: visit(DE, '/'),
    country: 'DE',
    ...HETZNER,
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'an ASN rule scoped to a collection blocks its products',
    rules: on({
      id: 'n1',
      kind: 'asn',
      asns: [24940],
      scope: { type: 'urls', patterns: ['/collections/wholesale'] },
    }),
    visit: visit(DE, '/collections/wholesale/products/crate'),
    country: 'DE',
    ...HETZNER,
    expect: { action: 'block', ruleId: 'n1' },
  },
  {
    name: 'a visit from a blocked referrer domain is blocked',
    rules: on({ id: 'r1', kind: 'referrer', domains: ['spam.example'] }),
    visit: from('https://spam.example/offers?id=1'),
    country: 'US',
    expect: { action: 'block', ruleId: 'r1' },
  },
  {
    name: 'a referrer domain matches whatever the case and a trailing dot',
    rules: on({ id: 'r1', kind: 'referrer', domains: ['Spam.Example'] }),
    visit: from('http://SPAM.example./'),
    country: 'US',
    expect: { action: 'block', ruleId: 'r1' },
  },
  {
    name: 'a plain referrer domain does not cover its subdomains',
    rules: on({ id: 'r1', kind: 'referrer', domains: ['spam.example'] }),
    visit: from('https://www.spam.example/'),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a wildcard referrer domain covers subdomains at any depth',
    rules: on({ id: 'r1', kind: 'referrer', domains: ['*.spam.example'] }),
    visit: from('https://a.b.spam.example/landing'),
    country: 'US',
    expect: { action: 'block', ruleId: 'r1' },
  },
  {
    name: 'a wildcard referrer domain leaves the domain itself alone',
    rules: on({ id: 'r1', kind: 'referrer', domains: ['*.spam.example'] }),
    visit: from('https://spam.example/'),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a referrer domain does not match a longer name ending the same way',
    rules: on({ id: 'r1', kind: 'referrer', domains: ['spam.example', '*.spam.example'] }),
    visit: from('https://notspam.example/'),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a visit without a referrer passes the referrer blocker',
    rules: on({ id: 'r1', kind: 'referrer', domains: ['spam.example'] }),
    visit: visit(US),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a referrer that is not a web address passes the referrer blocker',
    rules: on({ id: 'r1', kind: 'referrer', domains: ['spam.example'] }),
    visit: from('spam.example'),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'the referrer blocker can redirect',
    rules: on({
      id: 'r1',
      kind: 'referrer',
      domains: ['*.spam.example'],
      action: { type: 'redirect', url: 'https://example.com/welcome' },
    }),
    visit: from('https://ads.spam.example/'),
    country: 'US',
    expect: { action: 'redirect', ruleId: 'r1', redirectUrl: 'https://example.com/welcome' },
  },
  {
    name: 'a monitored referrer rule reports "would block" and allows',
    rules: on({ id: 'r1', kind: 'referrer', domains: ['spam.example'], monitor: true }),
    visit: from('https://spam.example/'),
    country: 'US',
    expect: { action: 'allow', ruleId: null, monitorRuleId: 'r1' },
  },
  {
    name: 'among referrer entries the first listed decides',
    rules: on(
      {
        id: 'r1',
        kind: 'referrer',
        domains: ['*.spam.example'],
        action: { type: 'redirect', url: 'https://example.com/first' },
      },
      { id: 'r2', kind: 'referrer', domains: ['www.spam.example'] },
    ),
    visit: from('https://www.spam.example/'),
    country: 'US',
    expect: { action: 'redirect', ruleId: 'r1', redirectUrl: 'https://example.com/first' },
  },
  {
    name: 'the ASN blocker is checked before the referrer blocker',
    rules: on(
      { id: 'r1', kind: 'referrer', domains: ['spam.example'] },
      {
        id: 'n1',
        kind: 'asn',
        asns: [15169],
        action: { type: 'redirect', url: 'https://example.com/network' },
      },
    ),
    visit: from('https://spam.example/'),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'redirect', ruleId: 'n1', redirectUrl: 'https://example.com/network' },
  },
  {
    name: 'the allow list wins over the referrer blocker',
    rules: on(
      { id: 'r1', kind: 'referrer', domains: ['spam.example'] },
      { id: 'a1', kind: 'ip-allow', ip: DE },
    ),
    visit: from('https://spam.example/', DE),
    country: 'DE',
    expect: { action: 'allow', ruleId: 'a1' },
  },
];

// The decision table's Referrer Blocker rows: exact domains, subdomain wildcards, the
// referrer read from the visit, and where the blocker stands in the order of evaluation.
import { DE, GOOGLE, US, from, on, visit, type DecideCase } from './decide-case-kit.js';

export const referrerCases: DecideCase[] = [
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

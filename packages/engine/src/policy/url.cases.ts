// The decision table's URL Blocker rows: each way of matching (exact, prefix, glob, regular
// expression), on the path or on the path and query, percent-encoded paths, methods (a visit
// without one is a page view, a GET), and where the kind stands in the order of evaluation.
import {
  DE,
  GOOGLEBOT_IP,
  GOOGLEBOT_UA,
  US,
  VERIFIED,
  on,
  visit,
  type DecideCase,
} from './decide-case-kit.js';

export const urlCases: DecideCase[] = [
  {
    name: 'an exact URL pattern blocks that path whatever its case',
    rules: on({ id: 'u1', kind: 'url', match: 'exact', pattern: '/wp-login.php' }),
    visit: visit(US, '/WP-Login.php?redirect_to=x'),
    country: 'US',
    expect: { action: 'block', ruleId: 'u1' },
  },
  {
    name: 'an exact URL pattern leaves longer paths alone',
    rules: on({ id: 'u1', kind: 'url', match: 'exact', pattern: '/admin' }),
    visit: visit(US, '/admin-guide'),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a prefix URL pattern blocks everything under it',
    rules: on({ id: 'u1', kind: 'url', match: 'prefix', pattern: '/admin' }),
    visit: visit(US, '/admin/config.php'),
    country: 'US',
    expect: { action: 'block', ruleId: 'u1' },
  },
  {
    name: 'a glob with ** matches a file at any depth, percent-encoded or not',
    rules: on({ id: 'u1', kind: 'url', match: 'glob', pattern: '**/.env' }),
    visit: visit(US, '/app/%2eenv'),
    country: 'US',
    expect: { action: 'block', ruleId: 'u1' },
  },
  {
    name: 'a glob with * stays within one segment',
    rules: on({ id: 'u1', kind: 'url', match: 'glob', pattern: '/*.php' }),
    visit: visit(US, '/blog/xmlrpc.php'),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a regular expression on the path and query blocks a probe in the query',
    rules: on({
      id: 'u1',
      kind: 'url',
      match: 'regex',
      pattern: 'union\\s*select',
      target: 'pathAndQuery',
    }),
    visit: visit(US, '/search?q=1 UNION SELECT password'),
    country: 'US',
    expect: { action: 'block', ruleId: 'u1' },
  },
  {
    name: 'a path-only pattern does not look at the query',
    rules: on({ id: 'u1', kind: 'url', match: 'regex', pattern: 'select' }),
    visit: visit(US, '/search?q=select'),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a POST-only URL rule lets a page view through',
    rules: on({ id: 'u1', kind: 'url', match: 'exact', pattern: '/contact', methods: ['POST'] }),
    visit: visit(US, '/contact'),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a GET URL rule applies to a page view',
    rules: on({ id: 'u1', kind: 'url', match: 'prefix', pattern: '/cart', methods: ['GET'] }),
    visit: visit(US, '/cart'),
    country: 'US',
    expect: { action: 'block', ruleId: 'u1' },
  },
  {
    name: 'a URL rule in monitor mode reports and allows',
    rules: on({ id: 'u1', kind: 'url', match: 'exact', pattern: '/.git/config', monitor: true }),
    visit: visit(US, '/.git/config'),
    country: 'US',
    expect: { action: 'allow', ruleId: null, monitorRuleId: 'u1' },
  },
  {
    name: 'a URL rule redirects when its action says so',
    rules: on({
      id: 'u1',
      kind: 'url',
      match: 'prefix',
      pattern: '/old-sale',
      action: { type: 'redirect', url: 'https://example.com/sale' },
    }),
    visit: visit(DE, '/old-sale/items'),
    country: 'DE',
    expect: { action: 'redirect', ruleId: 'u1', redirectUrl: 'https://example.com/sale' },
  },
  {
    name: 'the IP allow list comes before URL rules',
    rules: on(
      { id: 'a1', kind: 'ip-allow', ip: US },
      { id: 'u1', kind: 'url', match: 'prefix', pattern: '/admin' },
    ),
    visit: visit(US, '/admin'),
    country: 'US',
    expect: { action: 'allow', ruleId: 'a1' },
  },
  {
    name: 'URL rules come before verified search engines',
    rules: on(VERIFIED, { id: 'u1', kind: 'url', match: 'glob', pattern: '/**.php' }),
    visit: { ip: GOOGLEBOT_IP, url: '/wp-admin/install.php', userAgent: GOOGLEBOT_UA },
    country: 'US',
    expect: { action: 'block', ruleId: 'u1' },
  },
];

// The decision table's Bot (VPN/Proxy) Blocker rows: networks by kind, trusted networks,
// monitor mode and redirects, and home networks left alone.
import {
  DIGITALOCEAN,
  DIGITALOCEAN_NET,
  FR,
  FREE,
  MULLVAD,
  MULLVAD_NET,
  CHROME_UA,
  agent,
  on,
  type DecideCase,
} from './decide-case-kit.js';

const rule = (networks: ('hosting' | 'vpn' | 'proxy' | 'tor' | 'privateRelay')[], extra = {}) =>
  ({ id: `net-${networks.join('-')}`, kind: 'network', networks, ...extra }) as const;

export const networkCases: DecideCase[] = [
  {
    name: 'the hosting rule blocks a visitor from a cloud server',
    rules: on(rule(['hosting'])),
    visit: agent(DIGITALOCEAN, CHROME_UA),
    country: 'DE',
    ...DIGITALOCEAN_NET,
    expect: { action: 'block', ruleId: 'net-hosting' },
  },
  {
    name: 'the hosting and VPN rules leave a home broadband visitor alone',
    rules: on(rule(['hosting']), rule(['vpn'])),
    visit: agent(FR, CHROME_UA),
    country: 'FR',
    ...FREE,
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'the VPN rule blocks a visitor from a VPN service’s network',
    rules: on(rule(['vpn'])),
    visit: agent(MULLVAD, CHROME_UA),
    country: 'SE',
    ...MULLVAD_NET,
    expect: { action: 'block', ruleId: 'net-vpn' },
  },
  {
    name: 'the hosting rule alone lets a VPN service’s visitor in',
    rules: on(rule(['hosting'])),
    visit: agent(MULLVAD, CHROME_UA),
    country: 'SE',
    ...MULLVAD_NET,
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a network the merchant trusts is never blocked by the rule',
    rules: on(rule(['hosting'], { exceptAsns: [14061] })),
    visit: agent(DIGITALOCEAN, CHROME_UA),
    country: 'DE',
    ...DIGITALOCEAN_NET,
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a monitored hosting rule lets the visitor in and reports "would block"',
    rules: on(rule(['hosting'], { monitor: true })),
    visit: agent(DIGITALOCEAN, CHROME_UA),
    country: 'DE',
    ...DIGITALOCEAN_NET,
    expect: { action: 'allow', ruleId: null, monitorRuleId: 'net-hosting' },
  },
  {
    name: 'the VPN rule can redirect instead of blocking',
    rules: on(rule(['vpn'], { action: { type: 'redirect', url: 'https://example.com/no-vpn' } })),
    visit: agent(MULLVAD, CHROME_UA),
    country: 'SE',
    ...MULLVAD_NET,
    expect: { action: 'redirect', ruleId: 'net-vpn', redirectUrl: 'https://example.com/no-vpn' },
  },
];

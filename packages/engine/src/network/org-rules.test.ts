import { describe, expect, it } from 'vitest';
import { NETWORK_HOSTING, NETWORK_PROXY, NETWORK_VPN } from './network-flags.js';
import { buildOrgRules, orgFlags } from './org-rules.js';

const rules = buildOrgRules();

describe('organisation-name rules', () => {
  it.each([
    ['Rackspace Hosting', NETWORK_HOSTING],
    ['MBA DATACENTERS S.L.', NETWORK_HOSTING],
    ['Tonaquint Data Center, Inc.', NETWORK_HOSTING],
    ['DREAM VPS LTD', NETWORK_HOSTING],
    ['Windscribe', NETWORK_VPN],
    ['Mullvad VPN AB', NETWORK_VPN],
    ['IVPN Limited', NETWORK_VPN],
    ['Red-Proxy, LLC', NETWORK_PROXY],
  ])('flags %s', (org, flags) => {
    expect(orgFlags(rules, org)).toBe(flags);
  });

  // Home and mobile carriers the rules must never touch, including names with "cloud" or
  // "host" inside a longer word.
  it.each([
    'Comcast Cable Communications, LLC',
    'Deutsche Telekom AG',
    'Verizon Business',
    'AT&T Services, Inc.',
    'Vodafone GmbH',
    'Orange S.A.',
    'British Telecommunications PLC',
    'Telstra Limited',
    'Charter Communications Inc',
    'T-Mobile USA, Inc.',
    'Reliance Jio Infocomm Limited',
    'Cloudflare, Inc.',
    'Hostway Corporation Ltd',
    'GOVHOST Ltd',
  ])('leaves %s alone', (org) => {
    expect(orgFlags(rules, org)).toBe(0);
  });
});

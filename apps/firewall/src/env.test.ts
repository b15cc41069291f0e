// The firewall's configuration: trusted proxies are checked when it starts, like the server's.
import { describe, expect, it } from 'vitest';
import { loadFirewallConfig } from './env.js';

const base = { POLICY_URL: 'http://127.0.0.1:3000', FIREWALL_KEY: 'k'.repeat(64) };

describe('loadFirewallConfig', () => {
  it('reads trusted proxies as addresses, CIDR blocks and named ranges', () => {
    expect(
      loadFirewallConfig({ ...base, TRUSTED_PROXIES: ' 10.0.0.0/8 ,loopback,, 2001:db8::1' })
        .trustedProxies,
    ).toEqual(['10.0.0.0/8', 'loopback', '2001:db8::1']);
  });

  it.each([
    ['proxy.internal', /is not an IP address/],
    ['0.0.0.0/0', /covers every address/],
    ['::ffff:0.0.0.0/96', /covers every address/],
    ['128.0.0.0/1', /at most a \/8/],
  ])('stops at %s, naming TRUSTED_PROXIES', (entry, says) => {
    expect(() => loadFirewallConfig({ ...base, TRUSTED_PROXIES: entry })).toThrow(
      new RegExp(`TRUSTED_PROXIES: .*${says.source}`),
    );
  });
});

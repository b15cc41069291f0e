import { describe, expect, it } from 'vitest';
import { loadFirewallConfig } from './env.js';

const base = { FIREWALL_KEY: 'k'.repeat(64) };

describe("the firewall's development allowance of origins", () => {
  it('is empty unless set', () => {
    expect(loadFirewallConfig(base).devOrigins).toEqual([]);
    expect(loadFirewallConfig({ ...base, NODE_ENV: 'production' }).devOrigins).toEqual([]);
  });

  it('reads the listed hosts outside production', () => {
    const config = loadFirewallConfig({ ...base, FIREWALL_DEV_ORIGINS: 'localhost:4000' });
    expect(config.devOrigins).toEqual([{ host: 'localhost', port: 4000 }]);
  });

  it('stops the firewall when set in production, or when an entry is not a host', () => {
    expect(() =>
      loadFirewallConfig({
        ...base,
        NODE_ENV: 'production',
        FIREWALL_DEV_ORIGINS: 'localhost:4000',
      }),
    ).toThrow('FIREWALL_DEV_ORIGINS: is for development only, never with NODE_ENV=production');
    expect(() =>
      loadFirewallConfig({ ...base, FIREWALL_DEV_ORIGINS: 'http://localhost:4000' }),
    ).toThrow('FIREWALL_DEV_ORIGINS: "http://localhost:4000" is not a host or host:port');
  });
});

describe("the firewall's stand-ins for signed agents' key directories", () => {
  it('are read as host=origin pairs outside production', () => {
    const config = loadFirewallConfig({
      ...base,
      FIREWALL_AGENT_DIRECTORIES: 'shopify.com=http://localhost:4000',
    });
    expect([...config.agentDirectories]).toEqual([['shopify.com', 'http://localhost:4000']]);
    expect(loadFirewallConfig(base).agentDirectories.size).toBe(0);
  });

  it('stop the firewall in production, or when an entry is not host=origin', () => {
    expect(() =>
      loadFirewallConfig({
        ...base,
        NODE_ENV: 'production',
        FIREWALL_AGENT_DIRECTORIES: 'shopify.com=http://localhost:4000',
      }),
    ).toThrow('FIREWALL_AGENT_DIRECTORIES: is for development only');
    expect(() =>
      loadFirewallConfig({
        ...base,
        FIREWALL_AGENT_DIRECTORIES: 'shopify.com=http://localhost:4000/keys',
      }),
    ).toThrow('FIREWALL_AGENT_DIRECTORIES: "shopify.com=http://localhost:4000/keys" is not');
  });
});

describe("the firewall's trusted proxies", () => {
  it('are read as addresses, CIDR blocks and named ranges', () => {
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
  ])('stop the firewall at %s, naming TRUSTED_PROXIES', (entry, says) => {
    expect(() => loadFirewallConfig({ ...base, TRUSTED_PROXIES: entry })).toThrow(
      new RegExp(`TRUSTED_PROXIES: .*${says.source}`),
    );
  });
});

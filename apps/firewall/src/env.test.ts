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

import { describe, expect, it } from 'vitest';
import { blockReason } from './block-notice.js';
import { vpnNetworks, vpnRuleId } from './vpn-blocker.js';

describe('the reason a blocked shopper is told', () => {
  it('names the kind of network each network switch blocks, not one word for all four', () => {
    const reasons = vpnNetworks.map((n) => blockReason({ id: vpnRuleId(n), kind: 'network' }));
    expect(reasons).toEqual(['a hosting or cloud network', 'VPN', 'proxy', 'the Tor network']);
  });

  it('says the store’s access rules when no rule is named, and the kind for other rules', () => {
    expect(blockReason(null)).toBe('the store’s access rules');
    expect(blockReason({ id: 'r1', kind: 'country' })).toBe('your country or region');
    expect(blockReason({ id: 'vpn-other', kind: 'network' })).toBe('VPN or proxy');
  });
});

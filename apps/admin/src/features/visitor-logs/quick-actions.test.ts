import { describe, expect, it } from 'vitest';
import { quickActionRequest } from '@gatehouse/contracts';
import { quickActionsFor } from './quick-actions.js';

describe('quickActionsFor', () => {
  it('offers blocking and allowing the IP, and blocking its country and network', () => {
    const choices = quickActionsFor({
      ip: '203.0.113.7',
      country: 'BR',
      asn: 15169,
      org: 'Google LLC',
    });
    expect(choices.map((c) => [c.label, c.action, c.value])).toEqual([
      ['Block this IP', 'blockIp', '203.0.113.7'],
      ['Allow this IP', 'allowIp', '203.0.113.7'],
      ['Block this country', 'blockCountry', 'BR'],
      ['Block this ASN', 'blockAsn', 'AS15169'],
    ]);
    expect(choices[2]?.title).toBe('Block Brazil?');
    expect(choices[3]?.title).toBe('Block AS15169?');
    expect(choices[3]?.body).toContain('AS15169 (Google LLC)');
  });

  it('offers no country or ASN action when they are unknown', () => {
    expect(
      quickActionsFor({ ip: '10.0.0.1', country: null, asn: null, org: null }).map((c) => c.action),
    ).toEqual(['blockIp', 'allowIp']);
    expect(
      quickActionsFor({ ip: '10.0.0.1', country: null, asn: 64500, org: null })[2]?.body,
    ).toContain('network AS64500 is blocked');
  });

  it('builds requests the contract accepts', () => {
    for (const choice of quickActionsFor({
      ip: '2001:db8::7',
      country: 'DE',
      asn: 4_294_967_294,
      org: 'Example',
    })) {
      expect(
        quickActionRequest.safeParse({ action: choice.action, value: choice.value }).success,
      ).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { quickActionRequest } from '@gatehouse/contracts';
import { quickActionsFor } from './quick-actions.js';

describe('quickActionsFor', () => {
  it('offers blocking and allowing the IP and blocking its country', () => {
    const choices = quickActionsFor({ ip: '203.0.113.7', country: 'BR' });
    expect(choices.map((c) => [c.label, c.action, c.value])).toEqual([
      ['Block this IP', 'blockIp', '203.0.113.7'],
      ['Allow this IP', 'allowIp', '203.0.113.7'],
      ['Block this country', 'blockCountry', 'BR'],
    ]);
    expect(choices[2]?.title).toBe('Block Brazil?');
  });

  it('offers no country action when the country is unknown', () => {
    expect(quickActionsFor({ ip: '10.0.0.1', country: null }).map((c) => c.action)).toEqual([
      'blockIp',
      'allowIp',
    ]);
  });

  it('builds requests the contract accepts', () => {
    for (const choice of quickActionsFor({ ip: '2001:db8::7', country: 'DE' })) {
      expect(
        quickActionRequest.safeParse({ action: choice.action, value: choice.value }).success,
      ).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { expandHex, retentionLabel, retentionOptions } from './settings-rules.js';

describe('log retention choices', () => {
  it('offers nothing beyond the Free plan’s 24 hours', () => {
    expect(retentionOptions(24, 24)).toEqual([{ label: '24 hours', value: '24' }]);
  });

  it('offers the periods up to a paid plan’s retention', () => {
    expect(retentionOptions(90 * 24, 24).map((o) => o.label)).toEqual([
      '24 hours',
      '3 days',
      '7 days',
      '14 days',
      '30 days',
      '60 days',
      '90 days',
    ]);
  });

  it('keeps an odd current value and the plan maximum as choices', () => {
    expect(retentionOptions(30 * 24, 5).map((o) => o.value)).toEqual([
      '5',
      '24',
      '72',
      '168',
      '336',
      '720',
    ]);
    expect(retentionLabel(1)).toBe('1 hour');
  });
});

describe('colours', () => {
  it('expands short hex colours for the swatch', () => {
    expect(expandHex('#FFF')).toBe('#ffffff');
    expect(expandHex(' #1a2b3c ')).toBe('#1a2b3c');
    expect(expandHex('red')).toBeNull();
  });
});

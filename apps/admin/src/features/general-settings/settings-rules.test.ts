import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  expandHex,
  retentionLabel,
  retentionOptions,
  settingsErrors,
} from './settings-rules.js';

const { maxLogRetentionHours: _max, ...form } = DEFAULT_SETTINGS;

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

describe('settingsErrors', () => {
  it('accepts the defaults', () => {
    expect(settingsErrors(form)).toEqual({});
  });

  it('puts the contract’s messages on the fields', () => {
    const errors = settingsErrors({
      ...form,
      blockPage: {
        ...form.blockPage,
        title: ' ',
        backgroundColor: 'blue',
        logoUrl: 'http://x/y.png',
      },
      timeoutMs: 200,
    });
    expect(errors).toEqual({
      'blockPage.title': 'The block page title must be 1 to 100 characters.',
      'blockPage.backgroundColor': 'Colours must be hex codes like #ffffff or #fff.',
      'blockPage.logoUrl': 'The logo must be an https:// image address.',
      timeoutMs: 'The decision time-out must be between 500 and 10000 ms.',
    });
  });
});

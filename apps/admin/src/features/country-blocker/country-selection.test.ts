import { countries } from '@gatehouse/engine/values';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHINA_REMINDER_KEY, shouldShowChinaReminder } from '../../lib/local-flags.js';
import {
  blocksChina,
  continentState,
  toggleContinent,
  toggleCountry,
} from './country-selection.js';

const oceania = countries.filter((c) => c.continent === 'OC').map((c) => c.code);

describe('continent selection', () => {
  it('is empty, partial or full as its countries are selected', () => {
    expect(continentState([], 'OC')).toBe('none');
    expect(continentState(['AU', 'US'], 'OC')).toBe('some');
    expect(continentState(oceania, 'OC')).toBe('all');
  });

  it('ticking a continent adds its missing countries after the earlier choices', () => {
    const next = toggleContinent(['US', 'AU'], 'OC');
    expect(next.slice(0, 2)).toEqual(['US', 'AU']);
    expect(next).toHaveLength(1 + oceania.length);
    expect(continentState(next, 'OC')).toBe('all');
  });

  it('unticking a full continent removes only its countries', () => {
    expect(toggleContinent(['US', ...oceania], 'OC')).toEqual(['US']);
  });

  it('toggles a single country in and out', () => {
    expect(toggleCountry(['US'], 'DE')).toEqual(['US', 'DE']);
    expect(toggleCountry(['US', 'DE'], 'US')).toEqual(['DE']);
  });
});

describe('the China reminder condition', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('blocks China with a blacklist naming CN or a whitelist without it', () => {
    expect(blocksChina({ mode: 'blacklist', countries: ['US', 'CN'] })).toBe(true);
    expect(blocksChina({ mode: 'blacklist', countries: ['US'] })).toBe(false);
    expect(blocksChina({ mode: 'whitelist', countries: ['US'] })).toBe(true);
    expect(blocksChina({ mode: 'whitelist', countries: ['CN', 'US'] })).toBe(false);
  });

  it('does not count an empty whitelist, which lets every visitor in', () => {
    expect(blocksChina({ mode: 'whitelist', countries: [] })).toBe(false);
  });

  it('reminds only while the extension is off and the merchant has not opted out', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
      },
    });
    expect(shouldShowChinaReminder(true, false)).toBe(true);
    expect(shouldShowChinaReminder(true, true)).toBe(false);
    expect(shouldShowChinaReminder(false, false)).toBe(false);
    store.set(CHINA_REMINDER_KEY, '1');
    expect(shouldShowChinaReminder(true, false)).toBe(false);
  });
});

import { countries } from '@gatehouse/engine/values';
import { describe, expect, it } from 'vitest';
import { flagUrl } from './flag-urls.js';

describe('flagUrl', () => {
  it('has an SVG flag for every country a rule may name', () => {
    const missing = countries.filter((c) => !flagUrl(c.code));
    expect(missing.map((c) => c.code)).toEqual([]);
  });

  it('reads the code in any case, and gives nothing for what is not a country code', () => {
    expect(flagUrl('de')).toBe(flagUrl('DE'));
    expect(flagUrl('DE')).not.toBe(flagUrl('FR'));
    expect(flagUrl('')).toBeUndefined();
    expect(flagUrl('USA')).toBeUndefined();
    expect(flagUrl('ZZ')).toBeUndefined();
  });
});

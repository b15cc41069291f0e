import { countries } from '@gatehouse/engine/values';
import { describe, expect, it } from 'vitest';
import { searchCountries } from './country-search.js';

describe('searchCountries', () => {
  it('finds by part of the name, ignoring case and accents', () => {
    expect(searchCountries('cote').map((c) => c.code)).toEqual(['CI']);
    expect(searchCountries('GERM').map((c) => c.code)).toEqual(['DE']);
  });

  it('finds by the exact code', () => {
    expect(searchCountries('us').map((c) => c.code)).toContain('US');
  });

  it('returns everything for an empty query', () => {
    expect(searchCountries('  ')).toHaveLength(countries.length);
  });
});

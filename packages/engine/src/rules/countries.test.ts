import { describe, expect, it } from 'vitest';
import { continents, countries, countryByCode, countryName } from './countries.js';
import { isCountryCode } from './country-codes.js';

describe('the country list', () => {
  it('holds every ISO 3166-1 country and Kosovo once, each with a known continent', () => {
    expect(countries).toHaveLength(250);
    expect(new Set(countries.map((c) => c.code)).size).toBe(250);
    const continentCodes = new Set<string>(continents.map((c) => c.code));
    for (const country of countries) {
      expect(country.code, country.name).toMatch(/^[A-Z]{2}$/);
      expect(continentCodes.has(country.continent), country.code).toBe(true);
    }
    expect(countryByCode('cn')).toEqual({ code: 'CN', name: 'China', continent: 'AS' });
    expect(countryByCode('XK')).toEqual({ code: 'XK', name: 'Kosovo', continent: 'EU' });
  });

  it('lets rules name exactly the listed countries', () => {
    expect(countries.every((c) => isCountryCode(c.code))).toBe(true);
    expect(isCountryCode('ZZ')).toBe(false);
    expect(isCountryCode('cn')).toBe(false);
  });

  it('names a code it does not know by the code itself', () => {
    expect(countryName('de')).toBe('Germany');
    expect(countryName('zz')).toBe('ZZ');
  });
});

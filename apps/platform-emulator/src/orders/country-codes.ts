// The country codes an address on the platform may carry (its CountryCode enum): the ISO
// 3166-1 alpha-2 codes Gatehouse's country list holds (Kosovo's XK among them), less those
// the platform does not list as countries: the United States' territories, which it files
// as provinces of the United States, and Antarctica.
import { countries } from '@gatehouse/engine/values';

const NOT_PLATFORM_COUNTRIES = new Set(['AQ', 'AS', 'FM', 'GU', 'MH', 'MP', 'PR', 'PW', 'VI']);

export const SHOP_COUNTRY_CODES: readonly string[] = countries
  .map((country) => country.code)
  .filter((code) => !NOT_PLATFORM_COUNTRIES.has(code));

const known = new Set(SHOP_COUNTRY_CODES);

export const isShopCountryCode = (code: string) => known.has(code);

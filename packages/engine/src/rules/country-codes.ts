// Which two-letter codes name a country a Country Blocker rule may list.
import { countries } from './countries.js';

export const COUNTRY_CODES: ReadonlySet<string> = new Set(countries.map((c) => c.code));

export function isCountryCode(code: string): boolean {
  return COUNTRY_CODES.has(code);
}

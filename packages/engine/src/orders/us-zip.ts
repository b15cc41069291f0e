// The US ZIP+4 rule, one for every place that compares ZIP codes (the auto-cancel filters here
// and the checkout validation function, which imports this module alone): a listed 5-digit
// ZIP catches its ZIP+4. Only an address in a place that uses US ZIP codes is shortened, so
// other countries' codes with a dash (Japan's 100-0001, Poland's 00-950, Brazil's 01310-100)
// or nine digits never are. This module has no imports, so a bundle takes nothing else in.

/**
 * Where the US postal service's ZIP codes are used: the states and the territories with their
 * own country codes, and the freely associated states.
 */
const US_ZIP_COUNTRIES = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP', 'UM', 'FM', 'MH', 'PW']);

/** A ZIP+4 of an address in such a place: with a dash, a space, or nothing between. */
const IN_US = /^(\d{5})[\s-]*\d{4}$/;
/** Of an address whose country is not known: only the unmistakable dashed form. */
const ANYWHERE = /^(\d{5})-\d{4}$/;

/**
 * The 5-digit ZIP of a US ZIP+4 ("90210-1234", "90210 1234", "902101234" → "90210"), or null
 * for any other code and for an address outside the places that use US ZIP codes. Without a
 * country only the dashed form counts.
 */
export function usZipBase(zip: string, countryCode: string | null | undefined): string | null {
  const country = countryCode?.trim().toUpperCase() || null;
  if (country !== null && !US_ZIP_COUNTRIES.has(country)) return null;
  return (country === null ? ANYWHERE : IN_US).exec(zip.trim())?.[1] ?? null;
}

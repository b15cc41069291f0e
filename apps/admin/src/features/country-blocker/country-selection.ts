// Pure rules of the Country Blocker's picker: the per-continent checkbox state and
// what ticking it does, and whether the rules block mainland China (the reminder's trigger).
import type { CountryBlockerSettings } from '@gatehouse/contracts';
import { countries, type ContinentCode } from '@gatehouse/engine/values';

export type ContinentState = 'all' | 'some' | 'none';

function codesOf(continent: ContinentCode): string[] {
  return countries.filter((c) => c.continent === continent).map((c) => c.code);
}

/** All, some or none of the continent's countries are selected (drives `indeterminate`). */
export function continentState(
  selected: readonly string[],
  continent: ContinentCode,
): ContinentState {
  const chosen = new Set(selected);
  const codes = codesOf(continent);
  const count = codes.filter((code) => chosen.has(code)).length;
  if (count === 0) return 'none';
  return count === codes.length ? 'all' : 'some';
}

/**
 * Ticking a continent selects all of its countries; unticking a fully selected one removes
 * them all. A partly selected continent becomes fully selected, as a mixed checkbox does.
 * The order of earlier choices is kept; new codes go at the end.
 */
export function toggleContinent(selected: readonly string[], continent: ContinentCode): string[] {
  const codes = codesOf(continent);
  if (continentState(selected, continent) === 'all') {
    const removed = new Set(codes);
    return selected.filter((code) => !removed.has(code));
  }
  const chosen = new Set(selected);
  return [...selected, ...codes.filter((code) => !chosen.has(code))];
}

export function toggleCountry(selected: readonly string[], code: string): string[] {
  return selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code];
}

/** A blacklist naming CN, or a whitelist without it (an empty whitelist blocks nobody). */
export function blocksChina({
  mode,
  countries: codes,
}: Pick<CountryBlockerSettings, 'mode' | 'countries'>): boolean {
  const listed = codes.some((code) => code.toUpperCase() === 'CN');
  return mode === 'blacklist' ? listed : codes.length > 0 && !listed;
}

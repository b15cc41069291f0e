// Finding a country by what a merchant types: part of its name (accents and case ignored) or
// its two-letter code. Shared by the Country Blocker's picker and the visitor log's filter.
import { countries, type Country } from '@gatehouse/engine/values';

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Countries whose name contains the query (accents ignored) or whose code equals it. */
export function searchCountries(query: string, list: readonly Country[] = countries): Country[] {
  const needle = fold(query);
  if (needle === '') return [...list];
  return list.filter((c) => fold(c.name).includes(needle) || c.code.toLowerCase() === needle);
}

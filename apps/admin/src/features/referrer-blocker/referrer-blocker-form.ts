// The Referrer Blocker page's checks: the add field read as the contract reads it (one or
// more domains), and the table's filter.
import {
  maxReferrerAdd,
  maxReferrerEntries,
  readReferrerEntry,
  referrerMessages,
  splitReferrerDomains,
  type ReferrerBlockerView,
  type ReferrerEntry,
} from '@gatehouse/contracts';

/** What the page shows before the first answer, and after a failed load. */
export const EMPTY_REFERRER_BLOCKER: ReferrerBlockerView = {
  action: { type: 'block' },
  monitor: false,
  entries: [],
  limit: maxReferrerEntries,
};

/** The domains typed in the add field, or the first problem with them. */
export function readDomains(text: string): { domains: string[] } | { error: string } {
  const parts = splitReferrerDomains(text);
  if (parts.length === 0) return { error: referrerMessages.domain };
  if (parts.length > maxReferrerAdd) return { error: referrerMessages.tooManyDomains };
  for (const part of parts) {
    const read = readReferrerEntry(part);
    if ('error' in read) return read;
  }
  return { domains: parts };
}

/** Entries whose domain or note contains the filter text (case-insensitive). */
export function filterEntries(entries: ReferrerEntry[], filter: string): ReferrerEntry[] {
  const needle = filter.trim().toLowerCase();
  if (needle === '') return entries;
  return entries.filter((e) => e.domain.includes(needle) || e.note.toLowerCase().includes(needle));
}

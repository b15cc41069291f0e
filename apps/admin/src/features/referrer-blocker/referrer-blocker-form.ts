// The Referrer Blocker page's add field, read as the contract reads it: one or more domains.
import {
  maxReferrerAdd,
  readReferrerEntry,
  referrerMessages,
  splitReferrerDomains,
} from '@gatehouse/contracts';

/** The domains typed in the add field, or the first problem with them. */
export function readDomains(text: string): { values: string[] } | { error: string } {
  const parts = splitReferrerDomains(text);
  if (parts.length === 0) return { error: referrerMessages.domain };
  if (parts.length > maxReferrerAdd) return { error: referrerMessages.tooManyDomains };
  for (const part of parts) {
    const read = readReferrerEntry(part);
    if ('error' in read) return read;
  }
  return { values: parts };
}

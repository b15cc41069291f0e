// The ISP/ASN Blocker's settings form (what a blocked visitor gets, monitor mode) with the
// redirect address kept while "Show the block page" is chosen, and the add field's check.
import {
  maxAsnEntries,
  readAsnEntry,
  type AsnBlockerView,
  type AsnEntry,
} from '@gatehouse/contracts';

/** What the page shows before the first answer, and after a failed load. */
export const EMPTY_ASN_BLOCKER: AsnBlockerView = {
  action: { type: 'block' },
  monitor: false,
  entries: [],
  limit: maxAsnEntries,
};

export { formError, toForm, toSettings } from '../../components/rule-action-form.js';

/** The add field's problem, before asking the server: the contract's own reading. */
export function entryError(text: string): string | undefined {
  const read = readAsnEntry(text);
  return 'error' in read ? read.error : undefined;
}

/** Entries whose ASN, name or note contains the filter text (case-insensitive). */
export function filterEntries(entries: AsnEntry[], filter: string): AsnEntry[] {
  const needle = filter
    .trim()
    .toLowerCase()
    .replace(/^as(?=\d)/, '');
  if (needle === '') return entries;
  return entries.filter(
    (e) =>
      (e.asn !== null && String(e.asn).includes(needle)) ||
      (e.name ?? '').toLowerCase().includes(needle) ||
      e.note.toLowerCase().includes(needle),
  );
}

// The URL Blocker page's pieces: the empty blocker shown before the first answer, what each
// way of matching means, an entry's badge text and the list's filter.
import type { UrlBlockerView, UrlEntry } from '@gatehouse/contracts';
import { MAX_URL_ENTRIES, type UrlMatchType } from '@gatehouse/engine/values';

export const EMPTY_URL_BLOCKER: UrlBlockerView = {
  action: { type: 'block' },
  monitor: false,
  entries: [],
  limit: MAX_URL_ENTRIES,
};

export const MATCH_OPTIONS: { label: string; value: UrlMatchType; placeholder: string }[] = [
  { label: 'Exactly', value: 'exact', placeholder: '/wp-login.php' },
  { label: 'Starts with', value: 'prefix', placeholder: '/admin' },
  { label: 'Wildcard (* one segment, ** any)', value: 'glob', placeholder: '**/.env' },
  { label: 'Regular expression', value: 'regex', placeholder: '\\.(php|asp)$' },
];

export function matchLabel(entry: UrlEntry): string {
  const how = MATCH_OPTIONS.find((o) => o.value === entry.match)?.label ?? entry.match;
  const on = entry.target === 'pathAndQuery' ? ', with query' : '';
  const methods = entry.methods.length > 0 ? `, ${entry.methods.join('/')}` : '';
  return `${how}${on}${methods}`;
}

/** Entries whose pattern or note contains the filter text (case-insensitive). */
export function filterEntries(entries: UrlEntry[], filter: string): UrlEntry[] {
  const needle = filter.trim().toLowerCase();
  if (needle === '') return entries;
  return entries.filter(
    (e) => e.pattern.toLowerCase().includes(needle) || e.note.toLowerCase().includes(needle),
  );
}

export { toForm, toSettings } from '../../components/rule-action-form.js';

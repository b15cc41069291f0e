// The ISP/ASN Blocker's settings form (what a blocked visitor gets, monitor mode) with the
// redirect address kept while "Show the block page" is chosen, and the add field's check.
import {
  maxAsnEntries,
  protectionMessages,
  readAsnEntry,
  type AsnBlockerSettings,
  type AsnBlockerView,
  type AsnEntry,
} from '@gatehouse/contracts';

export interface AsnSettingsForm {
  actionType: AsnBlockerSettings['action']['type'];
  redirectUrl: string;
  monitor: boolean;
}

/** What the page shows before the first answer, and after a failed load. */
export const EMPTY_ASN_BLOCKER: AsnBlockerView = {
  action: { type: 'block' },
  monitor: false,
  entries: [],
  limit: maxAsnEntries,
};

export function toForm(settings: AsnBlockerSettings): AsnSettingsForm {
  return {
    actionType: settings.action.type,
    redirectUrl: settings.action.type === 'redirect' ? settings.action.url : '',
    monitor: settings.monitor,
  };
}

export function toSettings(form: AsnSettingsForm): AsnBlockerSettings {
  return {
    action:
      form.actionType === 'redirect'
        ? { type: 'redirect', url: form.redirectUrl.trim() }
        : { type: 'block' },
    monitor: form.monitor,
  };
}

/** The contract's message when the redirect address is not a full http(s) URL. */
export function formError(form: AsnSettingsForm): string | undefined {
  if (form.actionType !== 'redirect') return undefined;
  try {
    const parsed = new URL(form.redirectUrl.trim());
    if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '')
      return undefined;
  } catch {
    // Not a URL at all.
  }
  return protectionMessages.redirectUrl;
}

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

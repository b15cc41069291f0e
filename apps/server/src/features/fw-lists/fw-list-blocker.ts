// The firewall's Referrer Blocker (/fw-referrerBlocker) and ISP/ASN Blocker (/fw-asnBlocker),
// from the list-blocker kit: one list each in one table, each entry one engine rule of the
// storefront's own kind (`referrer`, `asn`), so the engine's matchers decide them as they do
// on the storefront; switched off on a plan without the Firewall. Every change is checked
// against the firewall's rules; firewalls pick it up with their next read of the snapshot.
import {
  asnEntryKey,
  asnEntryMatch,
  asnRuleValue,
  fwAsnBlockerManifest,
  fwReferrerBlockerManifest,
} from '@gatehouse/contracts';
import { createListBlocker } from '../../protection/list-blocker.js';
import { fwListRules } from './fw-lists-schema.js';

/** Where one list's entries are in the shared table. */
const inTable = (list: 'referrer' | 'asn') => ({
  table: fwListRules,
  value: { column: fwListRules.value, key: 'value' },
  scope: { column: fwListRules.list, key: 'list', name: list },
});

export const fwReferrerBlocker = createListBlocker({
  manifest: fwReferrerBlockerManifest,
  ...inTable('referrer'),
  key: { column: fwListRules.key, key: 'key', of: (domain) => domain },
  match: (domain) => ({ domains: [domain] }),
  valueOf: (rule) => (rule.kind === 'referrer' ? rule.domains.join(', ') : ''),
});

export const fwAsnBlocker = createListBlocker({
  manifest: fwAsnBlockerManifest,
  ...inTable('asn'),
  key: { column: fwListRules.key, key: 'key', of: asnEntryKey },
  match: asnEntryMatch,
  valueOf: asnRuleValue,
});

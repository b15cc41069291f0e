// The firewall's Referrer Blocker (/fw-referrerBlocker) and ISP/ASN Blocker (/fw-asnBlocker),
// from the list-blocker kit: one list each in one table, each entry one engine rule of the
// storefront's own kind (`referrer`, `asn`), so the engine's matchers decide them as they do
// on the storefront; switched off on a plan without the Firewall. Every change is checked
// against the firewall's rules; firewalls pick it up with their next read of the snapshot.
import {
  asnEntryKey,
  asnEntryMatch,
  asnRuleValue,
  firewallAsnBlockerManifest,
  firewallReferrerBlockerManifest,
} from '@gatehouse/contracts';
import { createListBlocker } from '../../protection/list-blocker.js';
import { firewallListRules } from './firewall-lists-schema.js';

/** Where one list's entries are in the shared table. */
const inTable = (list: 'referrer' | 'asn') => ({
  table: firewallListRules,
  value: { column: firewallListRules.value, key: 'value' },
  scope: { column: firewallListRules.list, key: 'list', name: list },
});

export const firewallReferrerBlocker = createListBlocker({
  manifest: firewallReferrerBlockerManifest,
  ...inTable('referrer'),
  key: { column: firewallListRules.key, key: 'key', of: (domain) => domain },
  match: (domain) => ({ domains: [domain] }),
  valueOf: (rule) => (rule.kind === 'referrer' ? rule.domains.join(', ') : ''),
});

export const firewallAsnBlocker = createListBlocker({
  manifest: firewallAsnBlockerManifest,
  ...inTable('asn'),
  key: { column: firewallListRules.key, key: 'key', of: asnEntryKey },
  match: asnEntryMatch,
  valueOf: asnRuleValue,
});

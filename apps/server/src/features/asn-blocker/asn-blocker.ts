// The ISP/ASN Blocker (/asnBlocker): blocks visitors from listed networks, one `asn` rule per
// AS number or ISP name, from the list-blocker kit. An entry is stored in `asn` or `name`
// and is the same as another with the same key ("AS15169" and "15169", "Hetzner Online" and
// "hetzner, online"); the page's filter finds the AS number with or without its "AS".
import {
  asnBlockerManifest,
  asnEntryFields,
  asnEntryKey,
  asnEntryMatch,
  asnRuleValue,
} from '@gatehouse/contracts';
import { sql } from 'drizzle-orm';
import { createListBlocker } from '../../protection/list-blocker.js';
import { asnRules } from './asn-schema.js';

export const asnBlocker = createListBlocker({
  manifest: asnBlockerManifest,
  table: asnRules,
  value: {
    read: sql<string>`case when ${asnRules.asn} is null then ${asnRules.name} else 'AS' || ${asnRules.asn} end`,
    write: asnEntryFields,
  },
  key: { column: asnRules.key, key: 'key', of: asnEntryKey },
  match: asnEntryMatch,
  valueOf: asnRuleValue,
});

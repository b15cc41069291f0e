// The Referrer Blocker (/referrerBlocker): blocks visitors arriving from listed sites, one
// `referrer` rule per domain, from the list-blocker kit.
import { referrerBlockerManifest } from '@gatehouse/contracts';
import { createListBlocker } from '../../protection/list-blocker.js';
import { referrerRules } from './referrer-schema.js';

export const referrerBlocker = createListBlocker({
  manifest: referrerBlockerManifest,
  table: referrerRules,
  value: { column: referrerRules.domain, key: 'domain' },
  match: (domain) => ({ domains: [domain] }),
  valueOf: (rule) => (rule.kind === 'referrer' ? rule.domains.join(', ') : ''),
});

// The ISP/ASN Blocker as the registry sees it: one `asn` rule per entry, all with the
// blocker's settings, switched off on a plan without the feature; each entry counts its hits.
import { asnEntryLabel } from '@gatehouse/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { asnRules } from './asn-schema.js';
import { entryIds, type Blocker, type RuleLabel } from '../../protection/blocker.js';
import { ASN_BLOCKER, asnEngineRules, loadAsnState } from './asn-list.js';
import { asnRoutes } from './asn-routes.js';
import { blockAsnFromLog } from './block-asn-from-log.js';
import { asnDrafts } from './asn-drafts.js';

export const asnBlocker: Blocker = {
  name: ASN_BLOCKER,
  ruleKinds: { asn: { label: 'ISP/ASN Blocker', page: '/asnBlocker' } },
  dashboardCounter: 'asnBlocker',
  entryHits: asnRules,
  async loadRules(db, shop) {
    return asnEngineRules(await loadAsnState(db, shop));
  },
  describeRule(rule) {
    const entry =
      rule.kind === 'asn'
        ? { asn: rule.asns?.[0] ?? null, name: rule.names?.[0] ?? null }
        : { asn: null, name: null };
    return { label: `ISP/ASN Blocker: ${asnEntryLabel(entry)}`, mode: null };
  },
  async labelRules(db, shopId, ids) {
    const uuids = entryIds(ids);
    if (uuids.length === 0) return new Map();
    const rows = await db
      .select({ id: asnRules.id, asn: asnRules.asn, name: asnRules.name })
      .from(asnRules)
      .where(and(eq(asnRules.shopId, shopId), inArray(asnRules.id, uuids)));
    return new Map(
      rows.map((r): [string, RuleLabel] => [
        r.id,
        { kind: 'asn', label: `ISP/ASN Blocker: ${asnEntryLabel(r)}` },
      ]),
    );
  },
  quickActions: { blockAsn: blockAsnFromLog },
  routes: asnRoutes,
  drafts: asnDrafts,
};

// The Referrer Blocker as the registry sees it: one `referrer` rule per entry, all with the
// blocker's settings, switched off on a plan without the feature; each entry counts its hits;
// and the visitor log's "block referrer" action.
import { and, eq, inArray } from 'drizzle-orm';
import { referrerRules } from './referrer-schema.js';
import { entryIds, type Blocker, type RuleLabel } from '../../protection/blocker.js';
import { blockReferrerFromLog } from './block-referrer-from-log.js';
import { loadReferrerState, REFERRER_BLOCKER, referrerEngineRules } from './referrer-list.js';
import { referrerRoutes } from './referrer-routes.js';
import { referrerDrafts } from './referrer-drafts.js';

export const referrerBlocker: Blocker = {
  name: REFERRER_BLOCKER,
  ruleKinds: { referrer: { label: 'Referrer Blocker', page: '/referrerBlocker' } },
  dashboardCounter: 'referrerBlocker',
  entryHits: referrerRules,
  async loadRules(db, shop) {
    return referrerEngineRules(await loadReferrerState(db, shop));
  },
  describeRule(rule) {
    const domain = rule.kind === 'referrer' ? rule.domains.join(', ') : '';
    return { label: `Referrer Blocker: ${domain}`, mode: null };
  },
  async labelRules(db, shopId, ids) {
    const uuids = entryIds(ids);
    if (uuids.length === 0) return new Map();
    const rows = await db
      .select({ id: referrerRules.id, domain: referrerRules.domain })
      .from(referrerRules)
      .where(and(eq(referrerRules.shopId, shopId), inArray(referrerRules.id, uuids)));
    return new Map(
      rows.map((r): [string, RuleLabel] => [
        r.id,
        { kind: 'referrer', label: `Referrer Blocker: ${r.domain}` },
      ]),
    );
  },
  quickActions: { blockReferrer: blockReferrerFromLog },
  routes: referrerRoutes,
  drafts: referrerDrafts,
};

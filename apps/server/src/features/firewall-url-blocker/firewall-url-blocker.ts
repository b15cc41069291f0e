// The firewall's URL Blocker as the firewall's registry sees it: one `url` rule per entry, all
// with the blocker's settings, switched off on a plan without the Firewall; each entry counts
// its hits.
import { and, eq, inArray } from 'drizzle-orm';
import { entryIds, type Blocker, type RuleLabel } from '../../protection/blocker.js';
import { firewallUrlRules } from './firewall-url-blocker-schema.js';
import { FIREWALL_URL_BLOCKER, loadUrlState, urlEngineRules } from './firewall-url-list.js';
import { firewallUrlRoutes } from './firewall-url-routes.js';

export const firewallUrlBlocker: Blocker = {
  name: FIREWALL_URL_BLOCKER,
  ruleKinds: { url: { label: 'URL Blocker', page: '/fw-urlBlocker' } },
  entryHits: firewallUrlRules,
  describeRule(rule) {
    return {
      label: rule.kind === 'url' ? `URL Blocker: ${rule.pattern}` : 'URL Blocker',
      mode: null,
    };
  },
  async loadRules(db, shop) {
    return urlEngineRules(await loadUrlState(db, shop));
  },
  async labelRules(db, shopId, ids) {
    const uuids = entryIds(ids);
    if (uuids.length === 0) return new Map();
    const rows = await db
      .select({ id: firewallUrlRules.id, pattern: firewallUrlRules.pattern })
      .from(firewallUrlRules)
      .where(and(eq(firewallUrlRules.shopId, shopId), inArray(firewallUrlRules.id, uuids)));
    return new Map(
      rows.map((r): [string, RuleLabel] => [
        r.id,
        { kind: 'url', label: `URL Blocker: ${r.pattern}` },
      ]),
    );
  },
  routes: firewallUrlRoutes,
};

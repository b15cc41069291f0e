// Geolocation Redirects as the registry sees it: one `geo-redirect` rule per stored rule, in
// the merchant's order, switched off on a plan without the feature; each rule counts its hits
// and is named in the visitor log by its countries and target.
import { and, eq, inArray } from 'drizzle-orm';
import { entryIds, type Blocker, type RuleLabel } from '../../protection/blocker.js';
import { geoRedirectRoutes } from './geo-redirect-routes.js';
import { GEO_REDIRECTS, loadRedirectRows, redirectEngineRules } from './geo-redirect-store.js';
import { geoRedirectRules } from './geo-redirects-schema.js';

/** "Geolocation Redirects: EU, CH → https://example.eu/": the places a rule covers and its target. */
function redirectLabel(places: readonly string[], url: string): string {
  return `Geolocation Redirects: ${places.join(', ')} → ${url}`;
}

export const geoRedirects: Blocker = {
  name: GEO_REDIRECTS,
  ruleKinds: { 'geo-redirect': { label: 'Geolocation Redirects', page: '/redirect' } },
  entryHits: geoRedirectRules,
  describeRule(rule) {
    if (rule.kind !== 'geo-redirect') return { label: 'Geolocation Redirects', mode: null };
    return {
      label: redirectLabel([...(rule.continents ?? []), ...rule.countries], rule.url),
      mode: null,
    };
  },
  async loadRules(db, shop) {
    return redirectEngineRules(await loadRedirectRows(db, shop.id), shop);
  },
  async labelRules(db, shopId, ids) {
    const uuids = entryIds(ids);
    if (uuids.length === 0) return new Map();
    const rows = await db
      .select()
      .from(geoRedirectRules)
      .where(and(eq(geoRedirectRules.shopId, shopId), inArray(geoRedirectRules.id, uuids)));
    return new Map(
      rows.map((r): [string, RuleLabel] => {
        return [
          r.id,
          {
            kind: 'geo-redirect',
            label: redirectLabel([...r.continents, ...r.countries], r.url),
          },
        ];
      }),
    );
  },
  routes: geoRedirectRoutes,
};

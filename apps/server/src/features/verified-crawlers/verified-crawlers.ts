// Verified search engines as the registry sees them: one `verified-crawler` rule while General
// Settings' "Always let verified search engines in" is on (the default, also for a shop that
// never saved its settings). The switch is saved by General Settings' own call; this blocker
// only turns it into the rule and names it in the visitor log.
import { eq } from 'drizzle-orm';
import { generalSettings } from '../../db/protection-schema.js';
import type { Blocker, RuleLabel } from '../../protection/blocker.js';

export const VERIFIED_CRAWLERS_RULE = 'verified-crawlers';
const LABEL = 'Verified search engine';

export const verifiedCrawlers: Blocker = {
  name: 'verified-crawlers',
  ruleKinds: { 'verified-crawler': { label: LABEL, page: '/generalSettings' } },
  async loadRules(db, shop) {
    const [row] = await db
      .select({ on: generalSettings.allowVerifiedCrawlers })
      .from(generalSettings)
      .where(eq(generalSettings.shopId, shop.id));
    return row?.on === false ? [] : [{ id: VERIFIED_CRAWLERS_RULE, kind: 'verified-crawler' }];
  },
  describeRule: () => ({ label: LABEL, mode: null }),
  async labelRules(_db, _shopId, ids) {
    const labels = new Map<string, RuleLabel>();
    if (ids.includes(VERIFIED_CRAWLERS_RULE)) {
      labels.set(VERIFIED_CRAWLERS_RULE, { kind: 'verified-crawler', label: LABEL });
    }
    return labels;
  },
  async routes() {},
};

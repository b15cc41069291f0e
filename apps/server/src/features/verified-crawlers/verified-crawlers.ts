// Verified search engines as the registry sees them: one `verified-crawler` rule while General
// Settings' "Always let verified search engines in" is on (the default, also for a shop that
// never saved its settings). The switch is saved by General Settings' own call; this blocker
// only turns it into the rule, names it in the visitor log, and gives the rule a draft of that
// call would leave, so turning the switch off is weighed against the visits before it is saved.
import { eq } from 'drizzle-orm';
import { generalSettings } from '../../protection/protection-schema.js';
import type { Rule } from '@gatehouse/engine';
import type { Blocker, RuleLabel } from '../../protection/blocker.js';

export const VERIFIED_CRAWLERS_RULE = 'verified-crawlers';
const LABEL = 'Verified search engine';
const RULE: Rule = { id: VERIFIED_CRAWLERS_RULE, kind: 'verified-crawler' };

export const verifiedCrawlers: Blocker = {
  name: 'verified-crawlers',
  ruleKinds: { 'verified-crawler': { label: LABEL, page: '/generalSettings' } },
  async loadRules(db, shop) {
    const [row] = await db
      .select({ on: generalSettings.allowVerifiedCrawlers })
      .from(generalSettings)
      .where(eq(generalSettings.shopId, shop.id));
    return row?.on === false ? [] : [RULE];
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
  drafts: {
    async saveGeneralSettings(_db, _shop, input) {
      return input.allowVerifiedCrawlers === false ? [] : [RULE];
    },
  },
};

// The Bot Blocker as the registry sees it: one `bot-agent` rule per category that is on and
// per custom pattern, all with the blocker's action, switched off on a plan without the
// feature; each counts its hits. Its blocks count on the dashboard's Bot/VPN/Proxy card.
import { and, eq, inArray } from 'drizzle-orm';
import { entryIds, type Blocker, type RuleLabel } from '../../protection/blocker.js';
import {
  BOT_BLOCKER,
  botEngineRules,
  botRuleColumns,
  botRuleLabel,
  loadBotState,
} from './bot-rules.js';
import { botRoutes } from './bot-routes.js';
import { botRules } from './bot-schema.js';
import { botDrafts } from './bot-drafts.js';

export const botBlocker: Blocker = {
  name: BOT_BLOCKER,
  ruleKinds: { 'bot-agent': { label: 'Bot Blocker', page: '/botBlocker' } },
  dashboardCounter: 'vpn',
  entryHits: botRules,
  async loadRules(db, shop) {
    return botEngineRules(await loadBotState(db, shop));
  },
  describeRule(rule) {
    const pattern = rule.kind === 'bot-agent' ? rule.patterns?.[0] : undefined;
    const row =
      rule.kind === 'bot-agent' && rule.categories?.[0] !== undefined
        ? { category: rule.categories[0], pattern: null, regex: false }
        : { category: null, pattern: pattern?.value ?? '', regex: pattern?.regex ?? false };
    return { label: botRuleLabel(row), mode: null };
  },
  async labelRules(db, shopId, ids) {
    const uuids = entryIds(ids);
    if (uuids.length === 0) return new Map();
    const rows = await db
      .select(botRuleColumns)
      .from(botRules)
      .where(and(eq(botRules.shopId, shopId), inArray(botRules.id, uuids)));
    return new Map(
      rows.map((r): [string, RuleLabel] => [r.id, { kind: 'bot-agent', label: botRuleLabel(r) }]),
    );
  },
  routes: botRoutes,
  drafts: botDrafts,
};

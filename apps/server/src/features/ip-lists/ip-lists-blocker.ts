// The IP lists as the registry sees them: one `ip-block` or `ip-allow` rule per entry of the
// block list (/ipBlocker) and the allow list (/whiteLists), in the order they were added; each
// entry counts its hits.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ipRules } from '../../protection/protection-schema.js';
import { entryIds, type Blocker, type RuleLabel } from '../../protection/blocker.js';
import { allowIpFromLog, blockIpFromLog } from './add-ip-from-log.js';
import { registerIpListRoutes } from './ip-list-routes.js';
import { IP_LISTS, ipRule, loadIpRows } from './ip-lists.js';
import { ipListDrafts } from './ip-list-drafts.js';
import { ipBlockListTarget } from './ip-list-target.js';

const LIST_LABELS = { block: 'IP block list', allow: 'IP allow list' } as const;

export const ipListsBlocker: Blocker = {
  name: IP_LISTS,
  ruleKinds: {
    'ip-block': { label: LIST_LABELS.block, page: '/ipBlocker' },
    'ip-allow': { label: LIST_LABELS.allow, page: '/whiteLists' },
  },
  // Only the block list's decisions block; both lists' entries count their hits.
  dashboardCounter: 'ipBlocker',
  entryHits: ipRules,
  async loadRules(db, shop) {
    return (await loadIpRows(db, shop.id)).map(ipRule);
  },
  describeRule(rule) {
    const list = rule.kind === 'ip-allow' ? 'allow' : 'block';
    return { label: `${LIST_LABELS[list]}: ${'ip' in rule ? rule.ip : ''}`, mode: null };
  },
  async labelRules(db, shopId, ids) {
    const uuids = entryIds(ids);
    if (uuids.length === 0) return new Map();
    const rows = await db
      .select({ id: ipRules.id, list: ipRules.list, ip: ipRules.ip })
      .from(ipRules)
      .where(and(eq(ipRules.shopId, shopId), inArray(ipRules.id, uuids)));
    return new Map(
      rows.map((r): [string, RuleLabel] => [
        r.id,
        {
          kind: r.list === 'block' ? 'ip-block' : 'ip-allow',
          label: `${LIST_LABELS[r.list]}: ${r.ip}`,
        },
      ]),
    );
  },
  quickActions: { blockIp: blockIpFromLog, allowIp: allowIpFromLog },
  async routes(app: FastifyInstance) {
    registerIpListRoutes(app, 'ipBlocker');
    registerIpListRoutes(app, 'whiteLists');
  },
  drafts: ipListDrafts,
  listTarget: ipBlockListTarget,
};

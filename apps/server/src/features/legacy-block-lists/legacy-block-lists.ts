// Block Lists (Legacy) as the registry sees it: a `legacy-ip` rule per address or range and a
// `legacy-country` rule per country, blocking with the block page; its blocked visits add to
// the dashboard's "Customer Block List" count; each of those entries counts its hits.
import { readLegacyValue } from '@gatehouse/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import { entryIds, type Blocker, type RuleLabel } from '../../protection/blocker.js';
import { legacyEntries } from './legacy-block-lists-schema.js';
import {
  LEGACY_BLOCK_LISTS,
  legacyRules,
  loadLegacyRows,
  type LegacyRowState,
} from './legacy-list.js';
import { legacyRoutes } from './legacy-routes.js';

export const LEGACY_LABEL = 'Block Lists (Legacy)';

export const legacyBlockLists: Blocker = {
  name: LEGACY_BLOCK_LISTS,
  ruleKinds: {
    'legacy-ip': { label: LEGACY_LABEL, page: '/blockLists' },
    'legacy-country': { label: LEGACY_LABEL, page: '/blockLists' },
  },
  dashboardCounter: 'blockLists',
  entryHits: legacyEntries,
  async loadRules(db, shop) {
    return legacyRules(await loadLegacyRows(db, shop.id));
  },
  describeRule(rule) {
    if (rule.kind === 'legacy-ip') return { label: `${LEGACY_LABEL}: ${rule.ip}`, mode: null };
    if (rule.kind === 'legacy-country') {
      return { label: `${LEGACY_LABEL}: ${rule.countries.join(', ')}`, mode: null };
    }
    return { label: LEGACY_LABEL, mode: null };
  },
  async labelRules(db, shopId, ids) {
    const labels = new Map<string, RuleLabel>();
    const uuids = entryIds(ids);
    if (uuids.length === 0) return labels;
    const rows = await db
      .select({ id: legacyEntries.id, kind: legacyEntries.kind, value: legacyEntries.value })
      .from(legacyEntries)
      .where(and(eq(legacyEntries.shopId, shopId), inArray(legacyEntries.id, uuids)));
    for (const r of rows) {
      if (r.kind === 'email') continue;
      const kind = r.kind === 'ip' ? 'legacy-ip' : 'legacy-country';
      labels.set(r.id, { kind, label: `${LEGACY_LABEL}: ${r.value}` });
    }
    return labels;
  },
  routes: legacyRoutes,
  drafts: {
    addLegacyBlockList: async (db, shop, input) => {
      const read = readLegacyValue(input.kind, input.value);
      if ('error' in read) throw badRequest(read.error);
      const rows: LegacyRowState[] = await loadLegacyRows(db, shop.id);
      rows.push({ id: 'draft-entry', kind: input.kind, value: read.value });
      return legacyRules(rows);
    },
  },
};

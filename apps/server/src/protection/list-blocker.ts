// A list blocker from its manifest, its table and its engine rule: the Blocker the registry
// takes, with its merchant calls (get; save the action and monitor mode; add entries; delete
// the entries picked or every entry a search matches; CSV import, preview then commit, and
// export), the drafts the rule-cost replay runs (the same code the save and the add run, so
// a draft reads the rows once and compiles nothing), the visitor-log quick action and the
// labels of its rules. Every change rebuilds the shop's policy before the answer, so the
// next storefront decision applies it. Entries arrive already read into the list's form by
// the manifest's entry schema.
import {
  entryFields,
  listBlockerCounter,
  listBlockerFeature,
  type ListBlockerManifest,
} from '@gatehouse/contracts';
import type { Rule } from '@gatehouse/engine';
import type { Database } from '../core/db/client.js';
import type { Shop } from '../core/db/schema.js';
import { badRequest } from '../core/errors.js';
import { requireFeature } from '../core/plan-gates.js';
import type { Blocker, BlockerDrafts, QuickActionHandler, RuleLabel } from './blocker.js';
import {
  blockerSettingsView,
  settingsFromInput,
  type BlockerActionSettings,
  type BlockerSettings,
} from './blocker-settings.js';
import { addedValues, listBlockerRoutes, readEntry } from './list-blocker-routes.js';
import {
  listStore,
  type EntryRow,
  type ListStoreSpec,
  type ListTable,
} from './list-blocker-store.js';

/** What one list blocker adds to its manifest: its table and its engine rule. */
export interface ListBlockerSpec {
  manifest: ListBlockerManifest;
  table: ListTable;
  /** The value column, unique per shop, or the columns it is stored in. */
  value: ListStoreSpec['value'];
  /** For entries that are the same by another form than their value: the key column. */
  key?: ListStoreSpec['key'];
  /** For a table that holds several lists: the column naming the list, and this list's name. */
  scope?: ListStoreSpec['scope'];
  /** What one entry's engine rule matches, e.g. `{ domains: [value] }`. */
  match(value: string): Partial<Rule>;
  /** The value of one of the blocker's rules, as the visitor log shows it. */
  valueOf(rule: Rule): string;
}

export function createListBlocker(spec: ListBlockerSpec): Blocker {
  const { manifest: mf } = spec;
  const feature = listBlockerFeature(mf);
  const dashboardCounter = listBlockerCounter(mf);
  const store = listStore({
    ...spec,
    name: mf.name,
    ruleKind: mf.ruleKind,
    feature,
    limit: mf.limit,
    cap: mf.messages.cap,
    ...(mf.filterText ? { filterText: mf.filterText } : {}),
  });

  const toEntry = (row: EntryRow) => ({
    id: row.id,
    ...entryFields(mf, row.value),
    note: row.note,
    hits: row.hits,
    lastHitAt: row.lastHitAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  });

  async function view(db: Database, shop: Shop) {
    const [state, rows] = await Promise.all([store.load(db, shop), store.newestFirst(db, shop.id)]);
    return { ...blockerSettingsView(state.settings), entries: rows.map(toEntry), limit: mf.limit };
  }

  /** The rules after a save of the action and monitor mode. */
  const savedRules = async (db: Database, shop: Shop, settings: BlockerSettings) =>
    store.rules({ ...(await store.load(db, shop)), settings });

  // The firewall's own rules never met the storefront's visits: nothing of theirs is replayed.
  const drafts: BlockerDrafts | undefined = mf.firewallOnly
    ? undefined
    : {
        [mf.calls.save]: (db: Database, shop: Shop, input: BlockerActionSettings) =>
          savedRules(db, shop, settingsFromInput(input)),
        [mf.calls.add]: async (db: Database, shop: Shop, input: Record<string, unknown>) => {
          const state = await store.load(db, shop);
          return store.rules(store.withValues(state, store.fresh(state, addedValues(mf, input))));
        },
      };

  const quickAction: QuickActionHandler = async (blockers, db, shop, text) => {
    const read = readEntry(mf, text, mf.quickEntry);
    if ('error' in read) throw badRequest(read.error);
    if (feature) requireFeature(shop, feature);
    const { value } = read;
    const state = await store.load(db, shop);
    const { added, checked } = await store.add(
      blockers,
      db,
      shop,
      state,
      [value],
      'Added from the visitor log',
    );
    return added.length === 0
      ? { changed: false, message: `${value} is already blocked by the ${mf.title}.` }
      : {
          changed: true,
          message: `${value} was added to the ${mf.title}.`,
          ...(checked ? { checked } : {}),
        };
  };

  return {
    name: mf.name,
    ruleKinds: { [mf.ruleKind]: { label: mf.title, page: mf.page } },
    ...(dashboardCounter ? { dashboardCounter } : {}),
    entryHits: spec.table,
    loadRules: async (db, shop) => store.rules(await store.load(db, shop)),
    describeRule(rule) {
      const value = spec.valueOf(rule);
      return { label: value ? `${mf.title}: ${value}` : mf.title, mode: null };
    },
    async labelRules(db, shopId, ids) {
      const rows = await store.valuesOf(db, shopId, ids);
      return new Map(
        rows.map((r): [string, RuleLabel] => [
          r.id,
          { kind: mf.ruleKind, label: `${mf.title}: ${r.value}` },
        ]),
      );
    },
    ...(mf.quickAction ? { quickActions: { [mf.quickAction]: quickAction } } : {}),
    routes: (app) => listBlockerRoutes(app, { manifest: mf, store, view, toEntry, savedRules }),
    ...(drafts ? { drafts } : {}),
  };
}

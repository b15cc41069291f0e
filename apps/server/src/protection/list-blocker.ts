// A list blocker from its manifest, its table and its engine rule: the Blocker the registry
// takes, with its merchant calls (get; save the action and monitor mode; add entries; delete
// the entries picked or every entry a search matches; CSV import, preview then commit, and
// export), the drafts the rule-cost replay runs (the same code the save and the add run, so
// a draft reads the rows once and compiles nothing), the visitor-log quick action and the
// labels of its rules. Every change rebuilds the shop's policy before the answer, so the
// next storefront decision applies it. Entries arrive already read into the list's form by
// the manifest's entry schema.
import {
  api,
  protectionMessages,
  type CallName,
  type ListBlockerManifest,
} from '@gatehouse/contracts';
import type { Rule } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import { registerCsvExport } from '../csv/csv-export.js';
import { planCsvImport, registerCsvImport, type CsvListFormat } from '../csv/csv-import.js';
import type { Database } from '../db/client.js';
import type { Shop } from '../db/schema.js';
import { badRequest } from '../errors.js';
import { route } from '../http/route.js';
import { requireFeature } from '../plan-gates.js';
import type { Blocker, BlockerDrafts, QuickActionHandler, RuleLabel } from './blocker.js';
import { shopById } from './blocker-registry.js';
import {
  blockerSettingsView,
  saveBlockerSettings,
  settingsFromInput,
  type BlockerActionSettings,
  type BlockerSettings,
} from './blocker-settings.js';
import { deleteListEntries } from './entry-delete.js';
import {
  listStore,
  type EntryRow,
  type ListTable,
  type NamedColumn,
} from './list-blocker-store.js';

/** What one list blocker adds to its manifest: its table and its engine rule. */
export interface ListBlockerSpec {
  manifest: ListBlockerManifest;
  table: ListTable;
  /** The value column, unique per shop. */
  value: NamedColumn;
  /** What one entry's engine rule matches, e.g. `{ domains: [value] }`. */
  match(value: string): Partial<Rule>;
  /** The value of one of the blocker's rules, as the visitor log shows it. */
  valueOf(rule: Rule): string;
}

/** A call of the kit's, its body and answer typed by what the kit reads and writes. */
type AnyCall = Parameters<typeof route>[1];

const firstIssue = (error: { issues: { message: string }[] }) =>
  error.issues[0]?.message ?? 'The value is not valid.';

export function createListBlocker(spec: ListBlockerSpec): Blocker {
  const { manifest: mf } = spec;
  const store = listStore({
    ...spec,
    name: mf.name,
    ruleKind: mf.ruleKind,
    feature: mf.feature,
    limit: mf.limit,
    cap: mf.messages.cap,
  });
  const call = (name: string) => api[name as CallName] as unknown as AnyCall;

  const toEntry = (row: EntryRow) => ({
    id: row.id,
    [mf.field]: row.value,
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

  const drafts: BlockerDrafts = {
    [mf.calls.save]: (db: Database, shop: Shop, input: BlockerActionSettings) =>
      savedRules(db, shop, settingsFromInput(input)),
    [mf.calls.add]: async (db: Database, shop: Shop, input: Record<string, string[]>) => {
      const state = await store.load(db, shop);
      return store.rules(store.withValues(state, store.fresh(state, input[mf.addField] ?? [])));
    },
  };

  const csvFormat: CsvListFormat<{ value: string; note: string }> = {
    columns: [mf.field, 'note'],
    headerNames: new Set(mf.csvHeaders),
    exportColumns: ['hits', 'last_hit_at', 'created_at'],
    nothingNew: mf.messages.nothingNew,
    readLine([text = '', note = '']) {
      if (note.length > 500) return { error: protectionMessages.noteTooLong };
      const read = mf.entry.safeParse(text);
      if (!read.success) return { error: firstIssue(read.error) };
      return { key: read.data, entry: { value: read.data, note } };
    },
  };

  const quickAction: QuickActionHandler = async (blockers, db, shop, text) => {
    const read = mf.entry.safeParse(text);
    if (!read.success) throw badRequest(firstIssue(read.error));
    if (mf.feature) requireFeature(shop, mf.feature);
    const value = read.data;
    const state = await store.load(db, shop);
    const { added } = await store.add(
      blockers,
      db,
      shop,
      state,
      [value],
      'Added from the visitor log',
    );
    return added.length === 0
      ? { changed: false, message: `${value} is already blocked by the ${mf.title}.` }
      : { changed: true, message: `${value} was added to the ${mf.title}.` };
  };

  async function routes(app: FastifyInstance): Promise<void> {
    const mutates = { mutates: true };
    route(app, call(mf.calls.get), async (_input, { session }) =>
      view(app.db, await shopById(app.db, session.shopId)),
    );

    route(
      app,
      call(mf.calls.save),
      async (input, { session }) => {
        const shop = await shopById(app.db, session.shopId);
        const settings = settingsFromInput(input as BlockerActionSettings);
        const rules = await savedRules(app.db, shop, settings);
        await app.blockers.check(app.db, shop, { blocker: mf.name, rules });
        await saveBlockerSettings(app.db, shop.id, mf.name, settings);
        await app.protection.changed(shop.id);
        return view(app.db, shop);
      },
      mutates,
    );

    route(
      app,
      call(mf.calls.add),
      async (input, { session }) => {
        const body = input as Record<string, unknown> & { note: string };
        const values = body[mf.addField] as string[];
        const shop = await shopById(app.db, session.shopId);
        const state = await store.load(app.db, shop);
        const result = await store.add(app.blockers, app.db, shop, state, values, body.note);
        if (result.added.length === 0) throw badRequest(mf.messages.duplicate);
        await app.protection.changed(shop.id);
        return { added: result.added.map(toEntry), skipped: result.skipped };
      },
      mutates,
    );

    route(
      app,
      call(mf.calls.delete),
      async (request, { session }) => {
        const deleted = await deleteListEntries(
          app.db,
          store.entryList,
          session.shopId,
          request as never,
        );
        if (deleted > 0) await app.protection.changed(session.shopId);
        return { deleted };
      },
      mutates,
    );

    registerCsvImport(app, {
      preview: call(mf.calls.importPreview) as never,
      commit: call(mf.calls.importCommit) as never,
      list: mf.name,
      plan: async (shopId, csv) => {
        const shop = await shopById(app.db, shopId);
        const state = await store.load(app.db, shop);
        return planCsvImport(csv, csvFormat, {
          existing: new Set(state.rows.map((row) => row.value)),
          checkAll: (entries) =>
            store.checkAdd(
              app.blockers,
              app.db,
              shop,
              state,
              entries.map((e) => e.value),
            ),
        });
      },
      store: async (shopId, entries) => (await store.insert(app.db, shopId, entries)).length,
    });

    registerCsvExport(app, {
      path: mf.exportPath,
      fileName: `${mf.name}.csv`,
      columns: [...csvFormat.columns, ...csvFormat.exportColumns],
      ...(mf.feature ? { feature: mf.feature } : {}),
      async *rows(shop) {
        for (const row of await store.oldestFirst(app.db, shop.id)) {
          yield [
            row.value,
            row.note,
            row.hits,
            row.lastHitAt?.toISOString() ?? null,
            row.createdAt.toISOString(),
          ];
        }
      },
    });
  }

  return {
    name: mf.name,
    ruleKinds: { [mf.ruleKind]: { label: mf.title, page: mf.page } },
    ...(mf.dashboardCounter ? { dashboardCounter: mf.dashboardCounter } : {}),
    entryHits: spec.table,
    loadRules: async (db, shop) => store.rules(await store.load(db, shop)),
    describeRule: (rule) => ({ label: `${mf.title}: ${spec.valueOf(rule)}`, mode: null }),
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
    routes,
    drafts,
  };
}

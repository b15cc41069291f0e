// A list blocker's merchant calls, from its manifest: get; save the action and monitor mode;
// add entries (already read into the list's form by the add call's schema); delete the entries
// picked or every entry a search matches; CSV import (preview then commit, `value[,note]`
// lines, an optional header row, an exported file reads back) and export. Every change
// rebuilds the shop's policy before the answer.
import {
  api,
  listBlockerFeature,
  protectionMessages,
  type CallName,
  type ListBlockerCsv,
  type ListBlockerManifest,
} from '@gatehouse/contracts';
import type { Rule } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import { registerCsvExport } from '../core/csv/csv-export.js';
import { planCsvImport, registerCsvImport, type CsvListFormat } from '../core/csv/csv-import.js';
import type { Database } from '../core/db/client.js';
import type { Shop } from '../core/db/schema.js';
import { badRequest } from '../core/errors.js';
import { route } from '../core/http/route.js';
import { shopById, type BlockerRegistry } from './blocker-registry.js';
import {
  saveBlockerSettings,
  settingsFromInput,
  type BlockerActionSettings,
  type BlockerSettings,
} from './blocker-settings.js';
import { deleteListEntries } from './entry-delete.js';
import type { EntryRow, ListStore } from './list-blocker-store.js';
import type { CheckedRules } from './shop-policy.js';

/** What the calls need of the blocker the kit made. */
export interface ListBlockerParts {
  manifest: ListBlockerManifest;
  store: ListStore;
  view(db: Database, shop: Shop): Promise<unknown>;
  toEntry(row: EntryRow): unknown;
  /** The rules after a save of the action and monitor mode. */
  savedRules(db: Database, shop: Shop, settings: BlockerSettings): Promise<Rule[]>;
}

/** One entry as typed, read by the manifest's entry schema, or its first message. */
export function readEntry(
  mf: ListBlockerManifest,
  text: string,
  schema = mf.entry,
): { value: string } | { error: string } {
  const read = schema.safeParse(text);
  return read.success
    ? { value: read.data }
    : { error: read.error.issues[0]?.message ?? 'The value is not valid.' };
}

/** The values an add call's body (already read by its schema) adds. */
export const addedValues = (mf: ListBlockerManifest, body: Record<string, unknown>): string[] => {
  const given = body[mf.addField];
  if (Array.isArray(given)) return given as string[];
  return typeof given === 'string' ? [given] : [];
};

/** A call of the kit's, its body and answer typed by what the kit reads and writes. */
type AnyCall = Parameters<typeof route>[1];
const call = (name: string) => api[name as CallName] as unknown as AnyCall;

export async function listBlockerRoutes(
  app: FastifyInstance,
  { manifest: mf, store, view, toEntry, savedRules }: ListBlockerParts,
): Promise<void> {
  const mutates = { mutates: true };
  // Every change is checked against the rule set the blocker's rules enter; the rules a check
  // of the storefront's compiled are the shop's policy once the change is written as checked.
  const registry = mf.firewallOnly ? app.firewallBlockers : app.blockers;
  const policyOf = (checked: CheckedRules | undefined) => (mf.firewallOnly ? undefined : checked);
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
      const checked = await registry.check(app.db, shop, { blocker: mf.name, rules });
      await saveBlockerSettings(app.db, shop.id, mf.name, settings);
      await app.protection.changed(shop.id, policyOf(checked));
      return view(app.db, shop);
    },
    mutates,
  );

  route(
    app,
    call(mf.calls.add),
    async (input, { session }) => {
      const body = input as Record<string, unknown> & { note: string };
      const shop = await shopById(app.db, session.shopId);
      const state = await store.load(app.db, shop);
      const result = await store.add(
        registry,
        app.db,
        shop,
        state,
        addedValues(mf, body),
        body.note,
      );
      const [first] = result.added;
      if (!first) throw badRequest(mf.messages.duplicate);
      await app.protection.changed(shop.id, policyOf(result.checked));
      if (mf.addAnswersList) return view(app.db, shop);
      if (mf.addOne) return toEntry(first);
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

  if (mf.csv) csvCalls(app, mf.csv, { manifest: mf, store }, registry);
}

/** CSV import (preview then commit, `value[,note]` lines) and export. */
function csvCalls(
  app: FastifyInstance,
  csv: ListBlockerCsv,
  { manifest: mf, store }: Pick<ListBlockerParts, 'manifest' | 'store'>,
  registry: BlockerRegistry,
): void {
  const csvFormat: CsvListFormat<{ value: string; note: string }> = {
    columns: [mf.field, 'note'],
    headerNames: new Set(csv.headers),
    exportColumns: ['hits', 'last_hit_at', 'created_at'],
    nothingNew: csv.nothingNew,
    readLine([text = '', note = '']) {
      if (note.length > 500) return { error: protectionMessages.noteTooLong };
      const read = readEntry(mf, text);
      if ('error' in read) return read;
      return { key: read.value, entry: { value: read.value, note } };
    },
  };

  registerCsvImport(app, {
    preview: call(csv.importPreview) as never,
    commit: call(csv.importCommit) as never,
    list: mf.name,
    plan: async (shopId, csv) => {
      const shop = await shopById(app.db, shopId);
      const state = await store.load(app.db, shop);
      return planCsvImport(csv, csvFormat, {
        existing: new Set(state.rows.map((row) => row.value)),
        checkAll: async (entries) => {
          const values = entries.map((e) => e.value);
          await store.checkAdd(registry, app.db, shop, state, values);
        },
      });
    },
    store: async (shopId, entries) => (await store.insert(app.db, shopId, entries)).length,
  });

  registerCsvExport(app, {
    path: csv.exportPath,
    fileName: `${mf.name}.csv`,
    columns: [...csvFormat.columns, ...csvFormat.exportColumns],
    ...(mf.feature ? { feature: listBlockerFeature(mf)! } : {}),
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

// A list blocker's entries in the database, and its rules. Every entry is one value in the
// form its manifest's entry schema gives, stored once per shop in the order added, which is
// also the order the engine tries them in. Adding compiles the shop's rules with the new
// entries, so the engine's checks apply before anything is written; the list holds at most
// the manifest's `limit` entries on any plan. Without the plan feature the entries are kept
// (and still checked) but do not apply, as after a downgrade.
import { planIncludes, type ListBlockerManifest } from '@gatehouse/contracts';
import type { Rule } from '@gatehouse/engine';
import { and, asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import type { Shop } from '../db/schema.js';
import { readAll } from '../db/side-by-side.js';
import { badRequest } from '../errors.js';
import { entryIds, type EntryHitsTable } from './blocker.js';
import type { BlockerRegistry } from './blocker-registry.js';
import { actionOf, loadBlockerSettings, type BlockerSettings } from './blocker-settings.js';
import { containsText, type EntryList } from './entry-delete.js';

/** A table of entries: db/entry-columns.ts's columns and one text column for the value. */
export type ListTable = EntryHitsTable & {
  shopId: PgColumn;
  note: PgColumn;
  createdAt: PgColumn;
};

/** What one list blocker adds to the kit: its manifest, its table and its engine rule. */
export interface ListBlockerSpec {
  manifest: ListBlockerManifest;
  table: ListTable;
  /** The table's value column, with a unique index on (shop_id, value). */
  value: PgColumn;
  /** The value column's property name in the table. */
  valueKey: string;
  /** What one entry's engine rule matches, e.g. `{ domains: [value] }`. */
  match(value: string): Partial<Rule>;
  /** The value of one of the blocker's rules, as the visitor log shows it. */
  valueOf(rule: Rule): string;
}

export interface EntryRow {
  id: string;
  value: string;
  note: string;
  hits: number;
  lastHitAt: Date | null;
  createdAt: Date;
}

export interface ListState {
  /** In the order they were added, which is also the order the engine applies them in. */
  rows: Pick<EntryRow, 'id' | 'value'>[];
  settings: BlockerSettings;
  /** The shop's plan includes the blocker. */
  enforced: boolean;
}

export function listStore(spec: ListBlockerSpec) {
  const { manifest: mf, table } = spec;
  const columns = {
    id: table.id,
    value: spec.value,
    note: table.note,
    hits: table.hits,
    lastHitAt: table.lastHitAt,
    createdAt: table.createdAt,
  };
  const ofShop = (shopId: string): SQL => eq(table.shopId, shopId);
  /** The shop's entries in the order given. */
  const select = async (db: Database, shopId: string, order: SQL[]) =>
    (await db
      .select(columns)
      .from(table as never)
      .where(ofShop(shopId))
      .orderBy(...order)) as EntryRow[];
  const oldestFirst = [asc(table.createdAt), asc(table.id)];

  async function load(db: Database, shop: Shop): Promise<ListState> {
    const [rows, settings] = await readAll(
      db,
      () => select(db, shop.id, oldestFirst),
      () => loadBlockerSettings(db, shop.id, mf.name),
    );
    return { rows, settings, enforced: mf.feature === null || planIncludes(shop.plan, mf.feature) };
  }

  /** One engine rule per entry, so a decision names the entry that matched. */
  const rules = (state: ListState): Rule[] =>
    state.rows.map(
      (row) =>
        ({
          id: row.id,
          kind: mf.ruleKind,
          ...spec.match(row.value),
          action: actionOf(state.settings),
          monitor: state.settings.monitor,
          ...(state.enforced ? {} : { enabled: false }),
        }) as Rule,
    );

  /** The values not listed yet, each once, in the order given. */
  const fresh = (state: ListState, values: string[]) => {
    const listed = new Set(state.rows.map((row) => row.value));
    return [...new Set(values)].filter((value) => !listed.has(value));
  };

  /** The state with `values` (not listed yet) added, as drafts that are not stored. */
  const withValues = (state: ListState, values: string[]): ListState => ({
    ...state,
    rows: [...state.rows, ...values.map((value, i) => ({ id: `new-entry-${i}`, value }))],
  });

  /** Throws what adding `values` (not listed yet) would answer: the cap, then the engine. */
  async function checkAdd(
    blockers: BlockerRegistry,
    db: Database,
    shop: Shop,
    state: ListState,
    values: string[],
  ): Promise<void> {
    if (state.rows.length + values.length > mf.limit) throw badRequest(mf.messages.cap);
    await blockers.check(db, shop, { blocker: mf.name, rules: rules(withValues(state, values)) });
  }

  /**
   * Stores the entries in one statement, in the order given (one millisecond apart, so the
   * engine tries them in that order); a value another request just listed is left out.
   */
  async function insert(
    db: Database,
    shopId: string,
    entries: { value: string; note: string }[],
  ): Promise<EntryRow[]> {
    if (entries.length === 0) return [];
    const now = Date.now();
    const rows = entries.map((e, i) => ({
      shopId,
      [spec.valueKey]: e.value,
      note: e.note,
      createdAt: new Date(now + i),
    }));
    return (await db
      .insert(table as never)
      .values(rows as never)
      .onConflictDoNothing({ target: [table.shopId, spec.value] })
      .returning(columns)) as unknown as EntryRow[];
  }

  /**
   * Adds the values not listed yet, after checkAdd, in one statement; answers the rows added
   * (in the order given) and the values left out as already listed (also when another request
   * just added one).
   */
  async function add(
    blockers: BlockerRegistry,
    db: Database,
    shop: Shop,
    state: ListState,
    values: string[],
    note: string,
  ): Promise<{ added: EntryRow[]; skipped: string[] }> {
    const toAdd = fresh(state, values);
    if (toAdd.length === 0) return { added: [], skipped: values };
    await checkAdd(blockers, db, shop, state, toAdd);
    const rows = await insert(
      db,
      shop.id,
      toAdd.map((value) => ({ value, note })),
    );
    const byValue = new Map(rows.map((row) => [row.value, row]));
    const added = toAdd.flatMap((value) => byValue.get(value) ?? []);
    const addedValues = new Set(added.map((row) => row.value));
    const skipped = values.filter((v, i) => !addedValues.has(v) || values.indexOf(v) !== i);
    return { added, skipped };
  }

  /** The values of those of `ids` that are the shop's entries. */
  async function valuesOf(db: Database, shopId: string, ids: readonly string[]) {
    const uuids = entryIds(ids);
    if (uuids.length === 0) return [];
    return (await db
      .select({ id: table.id, value: spec.value })
      .from(table as never)
      .where(and(ofShop(shopId), inArray(table.id, uuids)))) as { id: string; value: string }[];
  }

  /** The entries the page's filter finds: the value or note contains the text, ignoring case. */
  const entryList: EntryList = {
    table,
    id: table.id,
    owner: ofShop,
    search: (text) => or(containsText(spec.value, text), containsText(table.note, text)),
  };

  return {
    load,
    rules,
    fresh,
    withValues,
    checkAdd,
    insert,
    add,
    valuesOf,
    entryList,
    /** Every entry, newest first. */
    newestFirst: (db: Database, shopId: string) =>
      select(db, shopId, [desc(table.createdAt), desc(table.id)]),
    /** Every entry, oldest first (the export). */
    oldestFirst: (db: Database, shopId: string) => select(db, shopId, oldestFirst),
  };
}

export type ListStore = ReturnType<typeof listStore>;

// A list blocker's entries in the database, and its rules. Every entry is one value in the
// form its manifest's entry schema gives, stored once per shop in the order added, which is
// also the order the engine tries them in. Adding compiles the shop's rules with the new
// entries, so the engine's checks apply before anything is written; the list holds at most
// the manifest's `limit` entries on any plan. Without the plan feature the entries are kept
// (and still checked) but do not apply, as after a downgrade.
import { randomUUID } from 'node:crypto';
import { planIncludes, type Feature } from '@gatehouse/contracts';
import type { Rule, RuleKind } from '@gatehouse/engine';
import { and, asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../core/db/client.js';
import type { Shop } from '../core/db/schema.js';
import { readAll } from '../core/db/side-by-side.js';
import { badRequest } from '../core/errors.js';
import { entryIds, type EntryHitsTable } from './blocker.js';
import type { BlockerRegistry } from './blocker-registry.js';
import { actionOf, loadBlockerSettings, type BlockerSettings } from './blocker-settings.js';
import { containsText, type EntryList } from './entry-delete.js';
import type { CheckedRules } from './shop-policy.js';

/** A table of entries: db/entry-columns.ts's columns and one text column for the value. */
export type ListTable = EntryHitsTable & {
  shopId: PgColumn;
  note: PgColumn;
  createdAt: PgColumn;
};

/** A column of the table and its property name in it. */
export interface NamedColumn {
  column: PgColumn;
  key: string;
}

/**
 * A value stored over several columns (an AS number or an ISP name): the expression that
 * reads the value back in the list's form, and the columns one value writes.
 */
export interface StoredValue {
  read: SQL<string>;
  write(value: string): Record<string, unknown>;
}

/** One list of entries: the blocker it belongs to, where its entries are and their rule. */
export interface ListStoreSpec {
  /** The blocker's name, its key in blocker_settings. */
  name: string;
  ruleKind: RuleKind;
  /** The plan feature without which the entries are kept but do not apply. */
  feature: Feature | null;
  /** Most entries the list holds, and the message past it. */
  limit: number;
  cap: string;
  table: ListTable;
  /** The value column, as the list shows the entry, or the columns it is stored in. */
  value: NamedColumn | StoredValue;
  /** For a table that holds several lists: the column naming the list, and this list's name. */
  scope?: NamedColumn & { name: string };
  /**
   * For entries that are the same by another form than their value ("AS15169", "15169"): the
   * key column and how a value gives its key. Without it the value is the key. The table has
   * a unique index on the shop, the scope and the key.
   */
  key?: NamedColumn & { of(value: string): string };
  /** The page filter's text as the list matches it (the manifest's `filterText`). */
  filterText?(text: string): string;
  /** What one entry's engine rule matches, e.g. `{ domains: [value] }`; null for none. */
  match(value: string): Partial<Rule> | null;
}

/** A value kept as it is in one column. */
const oneColumn = ({ column, key }: NamedColumn): StoredValue => ({
  read: column as unknown as SQL<string>,
  write: (value) => ({ [key]: value }),
});

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

export function listStore(spec: ListStoreSpec) {
  const { table, scope } = spec;
  const keyOf = spec.key?.of ?? ((value: string) => value);
  const stored = 'column' in spec.value ? oneColumn(spec.value) : spec.value;
  const columns = {
    id: table.id,
    value: stored.read,
    note: table.note,
    hits: table.hits,
    lastHitAt: table.lastHitAt,
    createdAt: table.createdAt,
  };
  const ofShop = (shopId: string) =>
    and(eq(table.shopId, shopId), scope ? eq(scope.column, scope.name) : undefined);
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
      () => loadBlockerSettings(db, shop.id, spec.name),
    );
    return {
      rows,
      settings,
      enforced: spec.feature === null || planIncludes(shop.plan, spec.feature),
    };
  }

  /** One engine rule per entry, so a decision names the entry that matched. */
  const rules = (state: ListState): Rule[] =>
    state.rows.flatMap((row) => {
      const match = spec.match(row.value);
      if (match === null) return [];
      const rule = {
        id: row.id,
        kind: spec.ruleKind,
        ...match,
        action: actionOf(state.settings),
        monitor: state.settings.monitor,
        ...(state.enforced ? {} : { enabled: false }),
      };
      return [rule as Rule];
    });

  /** The values not listed yet, each once (by key), in the order given. */
  const fresh = (state: ListState, values: string[]) => {
    const seen = new Set(state.rows.map((row) => keyOf(row.value)));
    return values.filter((value) => {
      const key = keyOf(value);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  };

  /**
   * The state with `values` (not listed yet) added under `ids` (the ids they will be stored
   * under, or draft ids for entries that are never stored).
   */
  const withValues = (
    state: ListState,
    values: string[],
    ids = values.map((_, i) => `new-entry-${i}`),
  ): ListState => ({
    ...state,
    rows: [...state.rows, ...values.map((value, i) => ({ id: ids[i] ?? `new-entry-${i}`, value }))],
  });

  /**
   * Throws what adding `values` (not listed yet) would answer: the cap, then the engine;
   * otherwise answers the rules it compiled.
   */
  async function checkAdd(
    blockers: BlockerRegistry,
    db: Database,
    shop: Shop,
    state: ListState,
    values: string[],
    ids?: string[],
  ): Promise<CheckedRules> {
    if (state.rows.length + values.length > spec.limit) throw badRequest(spec.cap);
    const added = rules(withValues(state, values, ids));
    return blockers.check(db, shop, { blocker: spec.name, rules: added });
  }

  /**
   * Stores the entries in one statement, in the order given (one millisecond apart, so the
   * engine tries them in that order); a value another request just listed is left out.
   */
  async function insert(
    db: Database,
    shopId: string,
    entries: { value: string; note: string; id?: string }[],
  ): Promise<EntryRow[]> {
    if (entries.length === 0) return [];
    const now = Date.now();
    const rows = entries.map((e, i) => ({
      ...(e.id ? { id: e.id } : {}),
      shopId,
      ...(scope ? { [scope.key]: scope.name } : {}),
      ...stored.write(e.value),
      ...(spec.key ? { [spec.key.key]: spec.key.of(e.value) } : {}),
      note: e.note,
      createdAt: new Date(now + i),
    }));
    const target = [table.shopId, ...(scope ? [scope.column] : [])];
    const unique = spec.key ?? spec.value;
    if ('column' in unique) target.push(unique.column);
    return (await db
      .insert(table as never)
      .values(rows as never)
      .onConflictDoNothing({ target })
      .returning(columns)) as unknown as EntryRow[];
  }

  /**
   * Adds the values not listed yet, after checkAdd, in one statement; answers the rows added
   * (in the order given), the values left out as already listed (also when another request
   * just added one) and, when every value checked was stored, the rules the check compiled,
   * which are then the rules as stored.
   */
  async function add(
    blockers: BlockerRegistry,
    db: Database,
    shop: Shop,
    state: ListState,
    values: string[],
    note: string,
  ): Promise<{ added: EntryRow[]; skipped: string[]; checked?: CheckedRules }> {
    const toAdd = fresh(state, values);
    if (toAdd.length === 0) return { added: [], skipped: values };
    // Stored under the ids the check compiled them with, so its rules are the rules as stored.
    const ids = toAdd.map(() => randomUUID());
    const checked = await checkAdd(blockers, db, shop, state, toAdd, ids);
    const rows = await insert(
      db,
      shop.id,
      toAdd.map((value, i) => ({ value, note, id: ids[i] })),
    );
    const byValue = new Map(rows.map((row) => [row.value, row]));
    const added = toAdd.flatMap((value) => byValue.get(value) ?? []);
    const addedValues = new Set(added.map((row) => row.value));
    const skipped = values.filter((v, i) => !addedValues.has(v) || values.indexOf(v) !== i);
    return { added, skipped, ...(rows.length === toAdd.length ? { checked } : {}) };
  }

  /** The values of those of `ids` that are the shop's entries. */
  async function valuesOf(db: Database, shopId: string, ids: readonly string[]) {
    const uuids = entryIds(ids);
    if (uuids.length === 0) return [];
    return (await db
      .select({ id: table.id, value: stored.read })
      .from(table as never)
      .where(and(ofShop(shopId), inArray(table.id, uuids)))) as { id: string; value: string }[];
  }

  /** The entries the page's filter finds: the value or note contains the text, ignoring case. */
  const entryList: EntryList = {
    table,
    id: table.id,
    owner: ofShop,
    search: (text) => {
      const needle = spec.filterText?.(text) ?? text;
      return or(containsText(stored.read, needle), containsText(table.note, needle));
    },
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

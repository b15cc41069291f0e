// The legacy list's storage and its engine rules: one `legacy-ip` rule per address or range and
// one `legacy-country` rule per country, each with its entry's id (so each entry counts its
// hits). Emails have no storefront rule: the checkout function refuses them.
import {
  legacyMessages as m,
  maxLegacyEntries,
  type LegacyEntry,
  type LegacyKind,
} from '@gatehouse/contracts';
import { listNotices, type Rule } from '@gatehouse/engine';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { badRequest } from '../../core/errors.js';
import { legacyEntries, type LegacyEntryRow } from './legacy-block-lists-schema.js';

export const LEGACY_BLOCK_LISTS = 'legacy-block-lists';

export type LegacyRowState = Pick<LegacyEntryRow, 'id' | 'kind' | 'value'>;

/** Every entry of the shop, oldest first (the order the engine applies them in). */
export async function loadLegacyRows(db: Database, shopId: string): Promise<LegacyEntryRow[]> {
  return db
    .select()
    .from(legacyEntries)
    .where(eq(legacyEntries.shopId, shopId))
    .orderBy(asc(legacyEntries.createdAt), asc(legacyEntries.id));
}

export function legacyRules(rows: readonly LegacyRowState[]): Rule[] {
  return rows.flatMap((r): Rule[] =>
    r.kind === 'ip'
      ? [{ id: r.id, kind: 'legacy-ip', ip: r.value }]
      : r.kind === 'country'
        ? [{ id: r.id, kind: 'legacy-country', countries: [r.value] }]
        : [],
  );
}

export function toLegacyEntry(row: LegacyEntryRow): LegacyEntry {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    note: row.note,
    hits: row.hits,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page, newest first. */
export async function listLegacyEntries(
  db: Database,
  shopId: string,
  page: number,
  pageSize: number,
) {
  const rows = await db
    .select()
    .from(legacyEntries)
    .where(eq(legacyEntries.shopId, shopId))
    .orderBy(desc(legacyEntries.createdAt), desc(legacyEntries.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(legacyEntries)
    .where(eq(legacyEntries.shopId, shopId));
  const addresses = await db
    .select({ value: legacyEntries.value })
    .from(legacyEntries)
    .where(and(eq(legacyEntries.shopId, shopId), eq(legacyEntries.kind, 'ip')));
  return {
    entries: rows.map(toLegacyEntry),
    total: Number(total?.n ?? 0),
    page,
    pageSize,
    notices: listNotices(addresses.map((a) => a.value)),
  };
}

/** Refuses an add the list cannot take: a value already listed, or a full list. */
export function checkAdd(rows: readonly LegacyRowState[], kind: LegacyKind, value: string) {
  if (rows.some((r) => r.kind === kind && r.value === value)) throw badRequest(m.duplicate);
  if (rows.length >= maxLegacyEntries) throw badRequest(m.cap);
}

export async function insertLegacyEntry(
  db: Database,
  shopId: string,
  entry: { kind: LegacyKind; value: string; note: string },
): Promise<LegacyEntryRow> {
  const [row] = await db
    .insert(legacyEntries)
    .values({ shopId, ...entry })
    .onConflictDoNothing()
    .returning();
  if (!row) throw badRequest(m.duplicate);
  return row;
}

export async function deleteLegacyEntries(db: Database, shopId: string, ids: readonly string[]) {
  const rows = await db
    .delete(legacyEntries)
    .where(and(eq(legacyEntries.shopId, shopId), inArray(legacyEntries.id, [...ids])))
    .returning({ id: legacyEntries.id, kind: legacyEntries.kind });
  return rows;
}

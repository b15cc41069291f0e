// A shop's auto-cancel filters: read in priority order, saved (created at the end of the order
// or updated in place) only when the engine compiles the filter, deleted, and reordered by the
// full list of ids. A filter that does not compile, an unknown id, a reorder that leaves out or
// adds a filter, or one filter too many is refused with a message and nothing is changed.
import {
  FILTER_LIMITS,
  type AutoCancelFilter,
  type AutoCancelFilterInput,
  type FilterMatchInput,
} from '@gatehouse/contracts';
import { compileMatch, type CompiledMatch } from '@gatehouse/engine';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { badRequest, invalidRules, notFound } from '../../core/errors.js';
import { autoCancelFilters, type AutoCancelFilterRow } from './auto-cancel-schema.js';

export const filterMessages = {
  tooMany: `A shop can have at most ${FILTER_LIMITS.filtersPerShop} filters. Delete one to add another.`,
  notFound: 'No filter with that id.',
  reorder: 'List every one of the shop’s filters once, in the new order.',
} as const;

export function toFilter(row: AutoCancelFilterRow): AutoCancelFilter {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    position: row.position,
    match: row.match,
    actions: row.actions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function loadFilterRows(db: Database, shopId: string) {
  return db
    .select()
    .from(autoCancelFilters)
    .where(eq(autoCancelFilters.shopId, shopId))
    .orderBy(asc(autoCancelFilters.position), asc(autoCancelFilters.createdAt));
}

/**
 * The compiled match, or 400 with every problem: in one message, each naming its condition,
 * and one by one with its path in the request (the match is the body's `match`).
 */
export function compileOrRefuse(match: FilterMatchInput, name = ''): CompiledMatch {
  const result = compileMatch(match, name);
  if (!result.ok) {
    throw invalidRules(
      result.problems.map((p) => p.text).join(' '),
      result.problems.map((p) => ({
        path: ['match', ...p.path],
        code: p.code,
        message: p.message,
      })),
    );
  }
  return result.match;
}

export async function saveFilter(
  db: Database,
  shopId: string,
  input: AutoCancelFilterInput,
): Promise<AutoCancelFilter> {
  compileOrRefuse(input.match, input.name);
  const values = {
    name: input.name,
    mode: input.mode,
    match: input.match,
    actions: input.actions,
    updatedAt: new Date(),
  };
  return db.transaction(async (tx) => {
    if (input.id !== null) {
      const [row] = await tx
        .update(autoCancelFilters)
        .set(values)
        .where(and(eq(autoCancelFilters.id, input.id), eq(autoCancelFilters.shopId, shopId)))
        .returning();
      if (!row) throw notFound(filterMessages.notFound);
      return toFilter(row);
    }
    const [existing] = await tx
      .select({ n: count() })
      .from(autoCancelFilters)
      .where(eq(autoCancelFilters.shopId, shopId));
    const n = Number(existing?.n ?? 0);
    if (n >= FILTER_LIMITS.filtersPerShop) throw badRequest(filterMessages.tooMany);
    const rows = await loadFilterRows(tx, shopId);
    const position = rows.length === 0 ? 0 : Math.max(...rows.map((r) => r.position)) + 1;
    const [row] = await tx
      .insert(autoCancelFilters)
      .values({ shopId, position, ...values })
      .returning();
    return toFilter(row!);
  });
}

export async function deleteFilter(db: Database, shopId: string, id: string): Promise<void> {
  const removed = await db
    .delete(autoCancelFilters)
    .where(and(eq(autoCancelFilters.id, id), eq(autoCancelFilters.shopId, shopId)))
    .returning({ id: autoCancelFilters.id });
  if (removed.length === 0) throw notFound(filterMessages.notFound);
}

export async function reorderFilters(db: Database, shopId: string, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await loadFilterRows(tx, shopId);
    const known = new Set(rows.map((r) => r.id));
    if (ids.length !== known.size || !ids.every((id) => known.has(id))) {
      throw badRequest(filterMessages.reorder);
    }
    for (const [position, id] of ids.entries()) {
      await tx
        .update(autoCancelFilters)
        .set({ position })
        .where(and(eq(autoCancelFilters.id, id), eq(autoCancelFilters.shopId, shopId)));
    }
  });
}

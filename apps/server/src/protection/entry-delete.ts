// Deleting entries from any entry list (the IP lists, the list blockers): the
// entries picked by id, or every entry the list's search matches. A delete by search runs in
// one transaction and keeps its deletions only when exactly the confirmed number matched, so
// entries added or changed since the merchant saw the count are never deleted unseen.
import { entryDeleteMessages, type EntryDeleteRequest } from '@gatehouse/contracts';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../core/db/client.js';
import { badRequest } from '../core/errors.js';

/** One list's table and how its search reads, shared by its page and its delete by search. */
export interface EntryList {
  table: PgTable;
  id: PgColumn;
  /** The shop's entries of this list. */
  owner(shopId: string): SQL | undefined;
  /** The entries the search text finds; undefined when every entry matches (no text). */
  search(text: string): SQL | undefined;
}

/** Whether `needle` appears in the text, ignoring case; the needle is plain text, no pattern. */
export const containsText = (text: SQL | PgColumn, needle: string): SQL =>
  sql`strpos(lower(${text}), ${needle.toLowerCase()}) > 0`;

/** The shop's entries the search finds (every entry for an empty search). */
export function matchingEntries(list: EntryList, shopId: string, search: string) {
  const text = search.trim();
  return and(list.owner(shopId), text === '' ? undefined : list.search(text));
}

/** Deletes the entries the request names; answers how many were deleted. */
export async function deleteListEntries(
  db: Database,
  list: EntryList,
  shopId: string,
  request: EntryDeleteRequest,
): Promise<number> {
  const { ids, matching } = request;
  const where = ids
    ? and(list.owner(shopId), inArray(list.id, ids))
    : matchingEntries(list, shopId, matching?.search ?? '');
  return db.transaction(async (tx) => {
    const rows = await tx.delete(list.table).where(where).returning({ id: list.id });
    // Throwing rolls the deletions back.
    if (matching && rows.length !== matching.count) {
      throw badRequest(entryDeleteMessages.changed(rows.length));
    }
    return rows.length;
  });
}

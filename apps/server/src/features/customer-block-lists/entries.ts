// The Customer Block Lists' entries in the database. Each entry is one value of one kind,
// stored as the merchant entered it and in the form the checkout function compares, which is
// also how repeats are found (an address typed with other spacing or capitals is the same
// entry). The lists hold at most maxCustomerBlockEntries entries together on any plan; a shop
// whose plan lacks the feature keeps them, but the function is not given them.
import { normalise } from '@gatehouse/checkout-validation/block-list';
import {
  customerBlockMessages as m,
  maxCustomerBlockEntries,
  planIncludes,
  type CustomerBlockEntry,
  type CustomerBlockKind,
} from '@gatehouse/contracts';
import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { shops } from '../../core/db/schema.js';
import { badRequest, forbidden } from '../../core/errors.js';
import type { CheckoutBlockSource } from '../../orders/checkout-block-sources.js';
import { customerBlockEntries, type CustomerBlockEntryRow } from './customer-block-lists-schema.js';

export interface NewCustomerBlockEntry {
  kind: CustomerBlockKind;
  value: string;
  note: string;
}

/** The key repeats are found by: the kind and the compared form. */
export const entryKey = (kind: CustomerBlockKind, value: string) =>
  `${kind}\n${normalise(kind, value)}`;

export function toEntry(row: CustomerBlockEntryRow): CustomerBlockEntry {
  return {
    id: row.id,
    kind: row.kind as CustomerBlockKind,
    value: row.value,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listEntries(db: Database, shopId: string): Promise<CustomerBlockEntry[]> {
  const rows = await db
    .select()
    .from(customerBlockEntries)
    .where(eq(customerBlockEntries.shopId, shopId))
    .orderBy(desc(customerBlockEntries.createdAt), desc(customerBlockEntries.id));
  return rows.map(toEntry);
}

/** The keys of every entry the shop has. */
export async function existingKeys(db: Database, shopId: string): Promise<Set<string>> {
  const rows = await db
    .select({ kind: customerBlockEntries.kind, normalised: customerBlockEntries.normalised })
    .from(customerBlockEntries)
    .where(eq(customerBlockEntries.shopId, shopId));
  return new Set(rows.map((r) => `${r.kind}\n${r.normalised}`));
}

export async function entryCount(db: Database, shopId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customerBlockEntries)
    .where(eq(customerBlockEntries.shopId, shopId));
  return row?.n ?? 0;
}

/** Throws 403 when `adding` more entries would pass the lists' size. */
export async function enforceCap(db: Database, shopId: string, adding: number): Promise<void> {
  if ((await entryCount(db, shopId)) + adding > maxCustomerBlockEntries) throw forbidden(m.cap);
}

/** Stores entries not listed yet (the caller checked the cap), in one statement. */
export async function insertEntries(
  db: Database,
  shopId: string,
  entries: readonly NewCustomerBlockEntry[],
): Promise<CustomerBlockEntryRow[]> {
  if (entries.length === 0) return [];
  return db
    .insert(customerBlockEntries)
    .values(
      entries.map((e) => ({
        shopId,
        kind: e.kind,
        value: e.value,
        normalised: normalise(e.kind, e.value),
        note: e.note,
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/** Changes one entry's value and note; 400 when it does not exist or the value repeats another. */
export async function updateEntry(
  db: Database,
  shopId: string,
  id: string,
  value: string,
  note: string,
): Promise<CustomerBlockEntryRow> {
  const [row] = await db
    .select()
    .from(customerBlockEntries)
    .where(and(eq(customerBlockEntries.shopId, shopId), eq(customerBlockEntries.id, id)));
  if (!row) throw badRequest(m.notFound);
  const kind = row.kind as CustomerBlockKind;
  const normalised = normalise(kind, value);
  if (
    normalised !== row.normalised &&
    (await existingKeys(db, shopId)).has(entryKey(kind, value))
  ) {
    throw badRequest(m.duplicate);
  }
  const [updated] = await db
    .update(customerBlockEntries)
    .set({ value, normalised, note })
    .where(and(eq(customerBlockEntries.shopId, shopId), eq(customerBlockEntries.id, id)))
    .returning();
  return updated!;
}

export async function deleteEntries(db: Database, shopId: string, ids: string[]): Promise<number> {
  const deleted = await db
    .delete(customerBlockEntries)
    .where(and(eq(customerBlockEntries.shopId, shopId), inArray(customerBlockEntries.id, ids)))
    .returning({ id: customerBlockEntries.id });
  return deleted.length;
}

/** Every entry in the order added, for the export. */
export async function* allEntries(db: Database, shopId: string) {
  const rows = await db
    .select()
    .from(customerBlockEntries)
    .where(eq(customerBlockEntries.shopId, shopId))
    .orderBy(asc(customerBlockEntries.createdAt), asc(customerBlockEntries.id));
  yield* rows;
}

/** The lists as a source of the checkout function's block list: none on a plan without them. */
export const customerBlockListsSource: CheckoutBlockSource = {
  name: 'customer-block-lists',
  async entries(db, shopId) {
    const [shop] = await db.select({ plan: shops.plan }).from(shops).where(eq(shops.id, shopId));
    if (!shop || !planIncludes(shop.plan, 'customerBlockLists')) return [];
    const rows = await db
      .select({ kind: customerBlockEntries.kind, value: customerBlockEntries.value })
      .from(customerBlockEntries)
      .where(eq(customerBlockEntries.shopId, shopId));
    return rows.map((r) => ({ kind: r.kind as CustomerBlockKind, value: r.value }));
  },
  async personEntries(db, shopId, person) {
    const compared = (kind: 'email' | 'phone', values: readonly string[]) => {
      const forms = [...new Set(values.map((v) => normalise(kind, v)))].filter((v) => v !== '');
      return forms.length === 0
        ? []
        : [
            and(
              eq(customerBlockEntries.kind, kind),
              inArray(customerBlockEntries.normalised, forms),
            ),
          ];
    };
    const matches = [...compared('email', person.emails), ...compared('phone', person.phones)];
    if (matches.length === 0) return [];
    const rows = await db
      .select()
      .from(customerBlockEntries)
      .where(and(eq(customerBlockEntries.shopId, shopId), or(...matches)))
      .orderBy(asc(customerBlockEntries.createdAt), asc(customerBlockEntries.id));
    return rows.map((r) => ({
      list: 'Customer Block Lists',
      kind: r.kind as CustomerBlockKind,
      value: r.value,
      note: r.note,
      createdAt: r.createdAt,
    }));
  },
};

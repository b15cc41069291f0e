// The one-click migration of the legacy list: each entry moves into the blocker that now takes
// its kind (found through the registry's list targets: addresses and ranges to the IP block
// list, countries to the Country Blocker, emails to the Customer Block Lists). An entry its
// blocker already holds is only taken out of this list; an entry with nowhere to go, or whose
// blocker refuses it now (all of its kind, or that one value), stays. The record keeps each moved entry as
// it was and what its blocker stored for it, so undo takes out exactly that and puts the
// entries back (same id, note, hits and date) until the merchant confirms.
import {
  legacyMessages as m,
  type LegacyKind,
  type LegacyMigration,
  type LegacyMoveItem,
} from '@gatehouse/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import type { Shop } from '../../core/db/schema.js';
import { badRequest } from '../../core/errors.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import type { ListTarget } from '../../protection/list-targets.js';
import {
  legacyEntries,
  legacyMigrations,
  type LegacyMigrationRow,
  type MovedEntry,
} from './legacy-block-lists-schema.js';
import { deleteLegacyEntries, loadLegacyRows, toLegacyEntry } from './legacy-list.js';

const noTarget: Record<LegacyKind, string> = {
  ip: 'No blocker takes IP addresses now: the entry stays here, still blocked.',
  country: 'No blocker takes countries now: the entry stays here, still blocked.',
  email: 'No list takes emails now: the email stays here, and checkout still refuses it.',
};

interface Planned {
  items: MovedEntry[];
  countriesRefused: string | null;
}

/** What a migration would do with every entry now. */
async function planMigration(
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
): Promise<Planned> {
  const rows = await loadLegacyRows(db, shop.id);
  const items: MovedEntry[] = [];
  let countriesRefused: string | null = null;
  for (const kind of ['ip', 'country', 'email'] as const) {
    const ofKind = rows.filter((r) => r.kind === kind);
    if (ofKind.length === 0) continue;
    const target = blockers.listTarget(kind);
    const plan = target
      ? await target.plan(
          db,
          shop,
          ofKind.map((r) => r.value),
        )
      : null;
    if (kind === 'country' && plan?.refusal) countriesRefused = plan.refusal;
    for (const row of ofKind) {
      const unfit = plan?.unfit?.get(row.value) ?? null;
      const stays = !target || !plan || plan.refusal !== null || unfit !== null;
      items.push({
        entry: toLegacyEntry(row),
        outcome: stays ? 'stay' : plan.present.has(row.value) ? 'present' : 'move',
        target: stays ? null : target.label,
        page: stays ? null : target.page,
        reason: stays ? (plan?.refusal ?? unfit ?? noTarget[kind]) : null,
        ref: null,
      });
    }
  }
  return { items, countriesRefused };
}

const itemView = (i: MovedEntry): LegacyMoveItem => ({
  kind: i.entry.kind,
  value: i.entry.value,
  note: i.entry.note,
  outcome: i.outcome,
  target: i.target,
  page: i.page,
  reason: i.reason,
});

export function migrationView(row: LegacyMigrationRow): LegacyMigration {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    items: row.items.map(itemView),
  };
}

/** The kinds of the entries a migration took out of the list (and undo puts back). */
export const movedKinds = (row: LegacyMigrationRow) =>
  row.items.filter((i) => i.outcome !== 'stay').map((i) => i.entry.kind);

export async function previewMigration(blockers: BlockerRegistry, db: Database, shop: Shop) {
  const planned = await planMigration(blockers, db, shop);
  return { items: planned.items.map(itemView), countriesRefused: planned.countriesRefused };
}

export async function pendingMigration(db: Database, shopId: string) {
  const [row] = await db
    .select()
    .from(legacyMigrations)
    .where(and(eq(legacyMigrations.shopId, shopId), eq(legacyMigrations.status, 'pending')))
    .orderBy(desc(legacyMigrations.createdAt))
    .limit(1);
  return row ?? null;
}

/** Moves the entries; throws the merchant's 400 and changes nothing when it cannot. */
export async function migrate(
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
  keepCountries: boolean,
): Promise<LegacyMigrationRow> {
  if (await pendingMigration(db, shop.id)) throw badRequest(m.pending);
  return db.transaction(async (tx) => {
    const { items, countriesRefused } = await planMigration(blockers, tx, shop);
    if (items.length === 0) throw badRequest(m.nothingToMove);
    if (countriesRefused && !keepCountries) throw badRequest(m.countriesRefused);
    const leaving = items.filter((i) => i.outcome !== 'stay');
    if (leaving.length === 0) throw badRequest(items[0]?.reason ?? m.nothingToMove);
    for (const kind of ['ip', 'country', 'email'] as const) {
      const moving = leaving.filter((i) => i.entry.kind === kind && i.outcome === 'move');
      const target = blockers.listTarget(kind);
      if (moving.length === 0 || !target) continue;
      const refs = await target.add(
        blockers,
        tx,
        shop,
        moving.map((i) => ({ value: i.entry.value, note: i.entry.note })),
      );
      moving.forEach((i, n) => (i.ref = refs[n] || null));
    }
    await deleteLegacyEntries(
      tx,
      shop.id,
      leaving.map((i) => i.entry.id),
    );
    const [row] = await tx.insert(legacyMigrations).values({ shopId: shop.id, items }).returning();
    if (!row) throw new Error('the migration record was not stored');
    return row;
  });
}

async function pendingById(db: Database, shopId: string, id: string) {
  const [row] = await db
    .select()
    .from(legacyMigrations)
    .where(and(eq(legacyMigrations.shopId, shopId), eq(legacyMigrations.id, id)));
  if (!row) throw badRequest(m.migrationId);
  if (row.status !== 'pending') throw badRequest(m.notPending);
  return row;
}

/** Takes out what the migration added and puts the moved entries back as they were. */
export async function undoMigration(
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
  id: string,
): Promise<LegacyMigrationRow> {
  return db.transaction(async (tx) => {
    const row = await pendingById(tx, shop.id, id);
    for (const kind of ['ip', 'country', 'email'] as const) {
      const refs = row.items
        .filter((i) => i.entry.kind === kind && i.ref !== null)
        .map((i) => i.ref!);
      const target: ListTarget | null = blockers.listTarget(kind);
      if (refs.length > 0 && target) await target.remove(tx, shop, refs);
    }
    const back = row.items.filter((i) => i.outcome !== 'stay').map((i) => i.entry);
    if (back.length > 0) {
      // An entry the merchant added again since keeps the newer one.
      await tx
        .insert(legacyEntries)
        .values(back.map((e) => ({ ...e, shopId: shop.id, createdAt: new Date(e.createdAt) })))
        .onConflictDoNothing();
    }
    await blockers.check(tx, shop);
    return settle(tx, row.id, 'undone');
  });
}

export async function confirmMigration(db: Database, shopId: string, id: string) {
  const row = await pendingById(db, shopId, id);
  return settle(db, row.id, 'confirmed');
}

async function settle(db: Database, id: string, status: 'undone' | 'confirmed') {
  const [row] = await db
    .update(legacyMigrations)
    .set({ status, settledAt: new Date() })
    .where(and(eq(legacyMigrations.id, id), eq(legacyMigrations.status, 'pending')))
    .returning();
  if (!row) throw badRequest(m.notPending);
  return row;
}

// Block Lists (Legacy)'s merchant calls (/blockLists, all plans): the list, paginated newest
// first; add and delete; and the migration: its preview, the move, and undo or confirm. Every
// change to the storefront rules is compiled with the shop's other rules before it is written
// and rebuilds the shop's policy before the answer.
import { api, readLegacyValue } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import type { Shop } from '../../core/db/schema.js';
import { badRequest } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { shopById } from '../../protection/blocker-registry.js';
import {
  checkAdd,
  deleteLegacyEntries,
  insertLegacyEntry,
  LEGACY_BLOCK_LISTS,
  legacyRules,
  listLegacyEntries,
  loadLegacyRows,
  toLegacyEntry,
  type LegacyRowState,
} from './legacy-list.js';
import type { LegacyMigrationRow } from './legacy-block-lists-schema.js';
import { emailsChanged } from './legacy-checkout-source.js';
import {
  confirmMigration,
  migrate,
  migrationView,
  movedKinds,
  pendingMigration,
  previewMigration,
  undoMigration,
} from './legacy-migration.js';

export async function legacyRoutes(app: FastifyInstance): Promise<void> {
  const mutates = { mutates: true };

  /** Runs a migration or its undo, then rebuilds the policy and the checkout list it touched. */
  async function moved(run: (shop: Shop) => Promise<LegacyMigrationRow>, shopId: string) {
    const shop = await shopById(app.db, shopId);
    const row = await run(shop);
    await app.protection.changed(shop.id);
    await emailsChanged(app, shop.id, movedKinds(row));
    return migrationView(row);
  }

  route(app, api.listLegacyBlockLists, async ({ page, pageSize }, { session }) =>
    listLegacyEntries(app.db, session.shopId, page, pageSize),
  );

  route(
    app,
    api.addLegacyBlockList,
    async (input, { session }) => {
      const read = readLegacyValue(input.kind, input.value);
      if ('error' in read) throw badRequest(read.error);
      const shop = await shopById(app.db, session.shopId);
      const rows: LegacyRowState[] = await loadLegacyRows(app.db, shop.id);
      checkAdd(rows, input.kind, read.value);
      rows.push({ id: 'new-entry', kind: input.kind, value: read.value });
      await app.blockers.check(app.db, shop, {
        blocker: LEGACY_BLOCK_LISTS,
        rules: legacyRules(rows),
      });
      const row = await insertLegacyEntry(app.db, shop.id, {
        kind: input.kind,
        value: read.value,
        note: input.note,
      });
      await app.protection.changed(shop.id);
      await emailsChanged(app, shop.id, [row.kind]);
      return toLegacyEntry(row);
    },
    mutates,
  );

  route(
    app,
    api.deleteLegacyBlockList,
    async ({ ids }, { session }) => {
      const deleted = await deleteLegacyEntries(app.db, session.shopId, ids);
      if (deleted.length > 0) await app.protection.changed(session.shopId);
      await emailsChanged(
        app,
        session.shopId,
        deleted.map((d) => d.kind),
      );
      return { deleted: deleted.length };
    },
    mutates,
  );

  route(app, api.previewLegacyMigration, async (_input, { session }) =>
    previewMigration(app.blockers, app.db, await shopById(app.db, session.shopId)),
  );

  route(app, api.getLegacyMigration, async (_input, { session }) => {
    const row = await pendingMigration(app.db, session.shopId);
    return row ? migrationView(row) : null;
  });

  route(
    app,
    api.migrateLegacyBlockLists,
    async ({ keepCountries }, { session }) =>
      moved((shop) => migrate(app.blockers, app.db, shop, keepCountries), session.shopId),
    mutates,
  );

  route(
    app,
    api.undoLegacyMigration,
    async ({ id }, { session }) =>
      moved((shop) => undoMigration(app.blockers, app.db, shop, id), session.shopId),
    mutates,
  );

  route(
    app,
    api.confirmLegacyMigration,
    async ({ id }, { session }) =>
      migrationView(await confirmMigration(app.db, session.shopId, id)),
    mutates,
  );
}

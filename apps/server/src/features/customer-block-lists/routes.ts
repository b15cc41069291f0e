// Customer Block Lists (/checkoutValidate): the entries (add, edit, delete, CSV import and
// export), the buyer's message, and the sync of the checkout function's block list (its status,
// and "Sync now"). A paid feature: every call names `customerBlockLists` in the contracts and
// answers 403 on a plan without it, but for the kept entries' count and their removal, which
// every plan may use. Every change queues a sync before the answer.
import {
  api,
  customerBlockListsExportPath,
  customerBlockMessages as m,
  defaultCustomerBlockMessage,
  maxCustomerBlockEntries,
  readCustomerBlockValue,
  type CustomerBlockListsView,
} from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCsvExport } from '../../core/csv/csv-export.js';
import { registerCsvImport } from '../../core/csv/csv-import.js';
import { badRequest } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { loadMessage, loadSync, saveMessage, syncStatus } from './checkout-sync.js';
import {
  customerBlockExportColumns,
  customerBlockExportRow,
  planCustomerBlockImport,
} from './customer-block-csv.js';
import {
  allEntries,
  deleteEntries,
  enforceCap,
  entryKey,
  existingKeys,
  insertEntries,
  listEntries,
  toEntry,
  updateEntry,
} from './entries.js';
import { keptEntriesRoutes } from './kept-entries-routes.js';

export const CUSTOMER_BLOCK_LISTS = 'customer-block-lists';

export async function customerBlockListsRoutes(app: FastifyInstance): Promise<void> {
  const mutates = { mutates: true };

  async function view(shopId: string): Promise<CustomerBlockListsView> {
    const [entries, message, sync] = await Promise.all([
      listEntries(app.db, shopId),
      loadMessage(app.db, shopId),
      loadSync(app.db, shopId),
    ]);
    return {
      entries,
      limit: maxCustomerBlockEntries,
      message: message ?? defaultCustomerBlockMessage,
      sync: syncStatus(sync),
    };
  }

  route(app, api.getCustomerBlockLists, async (_input, { session }) => view(session.shopId));
  await keptEntriesRoutes(app);

  route(
    app,
    api.saveCustomerBlockMessage,
    async ({ message }, { session }) => {
      await saveMessage(app.db, session.shopId, message);
      await app.checkoutBlocks.changed(session.shopId);
      return view(session.shopId);
    },
    mutates,
  );

  route(
    app,
    api.addCustomerBlockEntries,
    async ({ kind, values, note }, { session }) => {
      const read = values.map((text) => {
        const result = readCustomerBlockValue(kind, text);
        if ('error' in result) throw badRequest(result.error);
        return result.value;
      });
      const seen = await existingKeys(app.db, session.shopId);
      const fresh: string[] = [];
      const skipped: string[] = [];
      for (const value of read) {
        const key = entryKey(kind, value);
        if (seen.has(key)) skipped.push(value);
        else {
          seen.add(key);
          fresh.push(value);
        }
      }
      if (fresh.length === 0) throw badRequest(m.duplicate);
      await enforceCap(app.db, session.shopId, fresh.length);
      const added = await insertEntries(
        app.db,
        session.shopId,
        fresh.map((value) => ({ kind, value, note })),
      );
      await app.checkoutBlocks.changed(session.shopId);
      return { added: added.map(toEntry), skipped };
    },
    mutates,
  );

  route(
    app,
    api.updateCustomerBlockEntry,
    async ({ id, value, note }, { session }) => {
      const entries = await listEntries(app.db, session.shopId);
      const entry = entries.find((e) => e.id === id);
      if (!entry) throw badRequest(m.notFound);
      const read = readCustomerBlockValue(entry.kind, value);
      if ('error' in read) throw badRequest(read.error);
      const row = await updateEntry(app.db, session.shopId, id, read.value, note);
      await app.checkoutBlocks.changed(session.shopId);
      return toEntry(row);
    },
    mutates,
  );

  route(
    app,
    api.deleteCustomerBlockEntries,
    async ({ ids }, { session }) => {
      const deleted = await deleteEntries(app.db, session.shopId, ids);
      if (deleted > 0) await app.checkoutBlocks.changed(session.shopId);
      return { deleted };
    },
    mutates,
  );

  route(
    app,
    api.syncCustomerBlockLists,
    async (_input, { session }) => {
      await app.checkoutBlocks.changed(session.shopId);
      return syncStatus(await loadSync(app.db, session.shopId));
    },
    mutates,
  );

  registerCsvImport(app, {
    preview: api.previewCustomerBlockImport,
    commit: api.commitCustomerBlockImport,
    list: CUSTOMER_BLOCK_LISTS,
    plan: (shopId, csv) => planCustomerBlockImport(app.db, shopId, csv),
    store: async (shopId, entries) => (await insertEntries(app.db, shopId, entries)).length,
    changed: (shopId) => app.checkoutBlocks.changed(shopId),
  });

  registerCsvExport(app, {
    path: customerBlockListsExportPath,
    fileName: 'customer-block-lists.csv',
    columns: customerBlockExportColumns,
    feature: 'customerBlockLists',
    async *rows(shop) {
      for await (const row of allEntries(app.db, shop.id)) yield customerBlockExportRow(row);
    },
  });
}

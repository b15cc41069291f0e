// The IP lists' merchant calls, the same for the block list (/ipBlocker) and the allow list
// (/whiteLists): list with search and keyset pages, add, update note/expiry, bulk delete,
// CSV import (preview, then commit) and CSV export.
import {
  ipListApi,
  ipListExportPath,
  protectionMessages,
  type IpListId,
} from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCsvExport } from '../../core/csv/csv-export.js';
import { registerCsvImport } from '../../core/csv/csv-import.js';
import { badRequest } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { shopOfSession } from '../../core/shops.js';
import { ipCsvFormat, planIpImport } from './csv-import.js';
import { loadListNotices } from './ip-list-notices.js';
import {
  allEntries,
  updatedExpiry,
  canonicalIp,
  capOf,
  checkRules,
  enforceCap,
  findEntry,
  insertEntries,
  ipEntryList,
  ipListMessages,
  kindOf,
  listEntries,
  loadIpRows,
  toEntry,
  type IpListsState,
} from './ip-lists.js';
import { shopById } from '../../protection/blocker-registry.js';
import { deleteListEntries } from '../../protection/entry-delete.js';
import { ipRules } from '../../protection/protection-schema.js';
import { eq } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';

const EXPORT_NAMES: Record<IpListId, string> = {
  ipBlocker: 'ip-blocker.csv',
  whiteLists: 'ip-allow-list.csv',
};

async function loadState(db: Database, shopId: string): Promise<IpListsState> {
  const shop = await shopById(db, shopId);
  return { shop, rows: await loadIpRows(db, shop.id) };
}

export function registerIpListRoutes(app: FastifyInstance, list: IpListId): void {
  const calls = ipListApi[list];
  const kind = kindOf(list);
  const mutates = { mutates: true };

  route(app, calls.list, async (query, { session }) => {
    const shop = await shopOfSession(app.db, session);
    const [page, notices] = await Promise.all([
      listEntries(app.db, shop.id, kind, query),
      loadListNotices(app.db, shop.id, kind),
    ]);
    return { ...page, limit: capOf(shop, kind), notices };
  });

  route(
    app,
    calls.add,
    async (input, { session }) => {
      const stored = await loadState(app.db, session.shopId);
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      // The engine's message for a bad address, before anything else.
      await checkRules(app.blockers, app.db, stored, kind, [{ ip: input.ip, expiresAt }]);
      const ip = canonicalIp(input.ip);
      if (ip === null) throw badRequest(`"${input.ip}" is not a valid IP address or CIDR range`);
      if (stored.rows.some((r) => r.list === kind && r.ip === ip)) {
        throw badRequest(ipListMessages.duplicate);
      }
      enforceCap(stored, kind, 1);
      const [row] = await insertEntries(app.db, stored.shop.id, kind, [
        { ip, note: input.note, expiresAt },
      ]).catch((error: unknown) => {
        // Two adds racing for the same address: the unique index answers.
        if (
          String((error as { cause?: unknown }).cause ?? error).includes(
            'ip_rules_shop_list_ip_idx',
          )
        ) {
          throw badRequest(ipListMessages.duplicate);
        }
        throw error;
      });
      await app.protection.changed(stored.shop.id);
      return { ...toEntry(row!), notices: await loadListNotices(app.db, stored.shop.id, kind) };
    },
    mutates,
  );

  route(
    app,
    calls.update,
    async (input, { session }) => {
      const row = await findEntry(app.db, session.shopId, kind, input.id);
      if (!row) throw badRequest(protectionMessages.entryId);
      const expiresAt = updatedExpiry(row.expiresAt, input.expiresAt);
      const stored = await loadState(app.db, session.shopId);
      await checkRules(app.blockers, app.db, stored, kind, [], { id: row.id, expiresAt });
      const [updated] = await app.db
        .update(ipRules)
        .set({ note: input.note ?? row.note, expiresAt })
        .where(eq(ipRules.id, row.id))
        .returning();
      await app.protection.changed(session.shopId);
      return toEntry(updated!);
    },
    mutates,
  );

  route(
    app,
    calls.delete,
    async (request, { session }) => {
      const deleted = await deleteListEntries(app.db, ipEntryList(kind), session.shopId, request);
      if (deleted > 0) await app.protection.changed(session.shopId);
      return { deleted };
    },
    mutates,
  );

  registerCsvImport(app, {
    preview: calls.importPreview,
    commit: calls.importCommit,
    list: kind,
    plan: async (shopId, csv) =>
      planIpImport(app.blockers, app.db, csv, await loadState(app.db, shopId), kind),
    store: async (shopId, entries) => (await insertEntries(app.db, shopId, kind, entries)).length,
    notices: (shopId) => loadListNotices(app.db, shopId, kind),
  });

  registerCsvExport(app, {
    path: ipListExportPath(list),
    fileName: EXPORT_NAMES[list],
    columns: [...ipCsvFormat.columns, ...ipCsvFormat.exportColumns],
    async *rows(shop) {
      for await (const row of allEntries(app.db, shop.id, kind)) {
        yield [
          row.ip,
          row.note,
          row.expiresAt?.toISOString() ?? null,
          row.hits,
          row.lastHitAt?.toISOString() ?? null,
          row.createdAt.toISOString(),
        ];
      }
    },
  });
}

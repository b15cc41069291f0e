// The IP lists' merchant calls, the same for the block list (/ipBlocker) and the allow list
// (/whiteLists): list with search and keyset pages, add, update note/expiry, bulk delete,
// CSV import (preview, then commit) and CSV export.
import { Readable } from 'node:stream';
import {
  ipListApi,
  ipListExportPath,
  protectionMessages,
  type IpListId,
} from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../errors.js';
import { assertCleanRequest, route } from '../../http/route.js';
import { shopOfSession } from '../../shops.js';
import { csvRow } from '../../csv/csv.js';
import { createImportTokens, importMessages, planImport } from './csv-import.js';
import {
  allEntries,
  updatedExpiry,
  canonicalIp,
  capOf,
  checkRules,
  deleteEntries,
  enforceCap,
  findEntry,
  insertEntries,
  ipListMessages,
  kindOf,
  listEntries,
  loadIpRows,
  toEntry,
  type IpListsState,
} from './ip-lists.js';
import { shopById } from '../../protection/blocker-registry.js';
import { ipRules } from '../../db/protection-schema.js';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

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
  const importTokens = createImportTokens(app.config.appSecret);
  const mutates = { mutates: true };

  route(app, calls.list, async (query, { session }) => {
    const shop = await shopOfSession(app.db, session);
    const page = await listEntries(app.db, shop.id, kind, query);
    return { ...page, limit: capOf(shop, kind) };
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
      return toEntry(row!);
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
    async ({ ids }, { session }) => {
      const deleted = await deleteEntries(app.db, session.shopId, kind, ids);
      if (deleted > 0) await app.protection.changed(session.shopId);
      return { deleted };
    },
    mutates,
  );

  route(app, calls.importPreview, async ({ csv }, { session }) => {
    const stored = await loadState(app.db, session.shopId);
    const { preview } = await planImport(app.blockers, app.db, csv, stored, kind);
    return {
      ...preview,
      token: preview.problem === null ? importTokens.sign(stored.shop.id, kind, csv) : null,
    };
  });

  route(
    app,
    calls.importCommit,
    async ({ csv, token }, { session }) => {
      if (!importTokens.verify(token, session.shopId, kind, csv)) {
        throw badRequest(importMessages.changed);
      }
      const stored = await loadState(app.db, session.shopId);
      const { preview, entries } = await planImport(app.blockers, app.db, csv, stored, kind);
      if (preview.problem !== null) {
        // The list changed since the preview in a way that matters (cap, duplicates…).
        const cap = capOf(stored.shop, kind);
        if (cap !== null) enforceCap(stored, kind, entries.length);
        throw badRequest(preview.problem);
      }
      const rows = await insertEntries(app.db, stored.shop.id, kind, entries);
      await app.protection.changed(stored.shop.id);
      return { imported: rows.length };
    },
    mutates,
  );

  app.get(ipListExportPath(list), async (request, reply) => {
    const session = await app.authenticate(request);
    assertCleanRequest(request);
    const shop = await shopOfSession(app.db, session);
    async function* lines() {
      yield csvRow(['ip', 'note', 'expires_at', 'hits', 'last_hit_at', 'created_at']);
      for await (const row of allEntries(app.db, shop.id, kind)) {
        yield csvRow([
          row.ip,
          row.note,
          row.expiresAt?.toISOString() ?? null,
          row.hits,
          row.lastHitAt?.toISOString() ?? null,
          row.createdAt.toISOString(),
        ]);
      }
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${EXPORT_NAMES[list]}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines()));
  });
}

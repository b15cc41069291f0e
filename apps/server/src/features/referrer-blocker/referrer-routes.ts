// Referrer Blocker (/referrerBlocker): the list of blocked referrer domains (add, delete, CSV
// import and export) and the action and monitor mode that apply to all of them (save). A paid feature: every call
// names `referrerBlocker` in the contracts and answers 403 on a plan without it. Each change
// rebuilds the shop's policy before the answer, so the next storefront decision applies it.
import {
  api,
  maxReferrerEntries,
  readReferrerEntry,
  referrerBlockerExportPath,
  referrerMessages as m,
  type ReferrerBlockerView,
} from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCsvExport } from '../../csv/csv-export.js';
import { registerCsvImport } from '../../csv/csv-import.js';
import type { Database } from '../../db/client.js';
import type { Shop } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { route } from '../../http/route.js';
import { deleteListEntries } from '../../protection/entry-delete.js';
import { shopById } from '../../protection/blocker-registry.js';
import {
  blockerSettingsView,
  saveBlockerSettings,
  settingsFromInput,
} from '../../protection/blocker-settings.js';
import { planReferrerImport, referrerExportColumns, referrerExportRow } from './referrer-csv.js';
import {
  addReferrerEntries,
  allReferrerEntries,
  referrerEntryList,
  insertReferrerEntries,
  listReferrerEntries,
  loadReferrerState,
  REFERRER_BLOCKER,
  referrerEngineRules,
  toReferrerEntry,
} from './referrer-list.js';

async function view(db: Database, shop: Shop): Promise<ReferrerBlockerView> {
  const state = await loadReferrerState(db, shop);
  return {
    ...blockerSettingsView(state.settings),
    entries: await listReferrerEntries(db, shop.id),
    limit: maxReferrerEntries,
  };
}

export async function referrerRoutes(app: FastifyInstance): Promise<void> {
  const mutates = { mutates: true };

  route(app, api.getReferrerBlocker, async (_input, { session }) =>
    view(app.db, await shopById(app.db, session.shopId)),
  );

  route(
    app,
    api.saveReferrerBlocker,
    async (input, { session }) => {
      const shop = await shopById(app.db, session.shopId);
      const state = await loadReferrerState(app.db, shop);
      const settings = settingsFromInput(input);
      await app.blockers.check(app.db, shop, {
        blocker: REFERRER_BLOCKER,
        rules: referrerEngineRules({ ...state, settings }),
      });
      await saveBlockerSettings(app.db, shop.id, REFERRER_BLOCKER, settings);
      await app.protection.changed(shop.id);
      return view(app.db, shop);
    },
    mutates,
  );

  route(
    app,
    api.addReferrerBlocker,
    async (input, { session }) => {
      const domains = input.domains.map((text) => {
        const read = readReferrerEntry(text);
        if ('error' in read) throw badRequest(read.error);
        return read.domain;
      });
      const shop = await shopById(app.db, session.shopId);
      const state = await loadReferrerState(app.db, shop);
      const result = await addReferrerEntries(
        app.blockers,
        app.db,
        shop,
        state,
        domains,
        input.note,
      );
      if (result.added.length === 0) throw badRequest(m.duplicate);
      await app.protection.changed(shop.id);
      return { added: result.added.map(toReferrerEntry), skipped: result.skipped };
    },
    mutates,
  );

  route(
    app,
    api.deleteReferrerBlocker,
    async (request, { session }) => {
      const deleted = await deleteListEntries(app.db, referrerEntryList, session.shopId, request);
      if (deleted > 0) await app.protection.changed(session.shopId);
      return { deleted };
    },
    mutates,
  );

  registerCsvImport(app, {
    preview: api.previewReferrerBlockerImport,
    commit: api.commitReferrerBlockerImport,
    list: REFERRER_BLOCKER,
    plan: async (shopId, csv) =>
      planReferrerImport(app.blockers, app.db, await shopById(app.db, shopId), csv),
    store: async (shopId, entries) => (await insertReferrerEntries(app.db, shopId, entries)).length,
  });

  registerCsvExport(app, {
    path: referrerBlockerExportPath,
    fileName: 'referrer-blocker.csv',
    columns: referrerExportColumns,
    feature: 'referrerBlocker',
    async *rows(shop) {
      for await (const row of allReferrerEntries(app.db, shop.id)) yield referrerExportRow(row);
    },
  });
}

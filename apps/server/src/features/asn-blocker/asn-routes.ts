// ISP/ASN Blocker (/asnBlocker): the list of blocked ASNs and ISP names (add, delete) and the
// action and monitor mode that apply to all of them (save). A paid feature: every call names
// `asnBlocker` in the contracts and answers 403 on a plan without it. Each change rebuilds
// the shop's policy before the answer, so the next storefront decision applies it.
import {
  api,
  maxAsnEntries,
  protectionMessages as m,
  readAsnEntry,
  type AsnBlockerView,
} from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
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
import {
  addAsnEntry,
  ASN_BLOCKER,
  asnEngineRules,
  asnEntryList,
  listAsnEntries,
  loadAsnState,
  toAsnEntry,
} from './asn-list.js';

async function view(db: Database, shop: Shop): Promise<AsnBlockerView> {
  const state = await loadAsnState(db, shop);
  return {
    ...blockerSettingsView(state.settings),
    entries: await listAsnEntries(db, shop.id),
    limit: maxAsnEntries,
  };
}

export async function asnRoutes(app: FastifyInstance): Promise<void> {
  const mutates = { mutates: true };

  route(app, api.getAsnBlocker, async (_input, { session }) =>
    view(app.db, await shopById(app.db, session.shopId)),
  );

  route(
    app,
    api.saveAsnBlocker,
    async (input, { session }) => {
      const shop = await shopById(app.db, session.shopId);
      const state = await loadAsnState(app.db, shop);
      const settings = settingsFromInput(input);
      await app.blockers.check(app.db, shop, {
        blocker: ASN_BLOCKER,
        rules: asnEngineRules({ ...state, settings }),
      });
      await saveBlockerSettings(app.db, shop.id, ASN_BLOCKER, settings);
      await app.protection.changed(shop.id);
      return view(app.db, shop);
    },
    mutates,
  );

  route(
    app,
    api.addAsnBlocker,
    async (input, { session }) => {
      const value = readAsnEntry(input.value);
      if ('error' in value) throw badRequest(value.error);
      const shop = await shopById(app.db, session.shopId);
      const state = await loadAsnState(app.db, shop);
      const row = await addAsnEntry(app.blockers, app.db, shop, state, value, input.note);
      if (row === null) throw badRequest(m.asnDuplicate);
      await app.protection.changed(shop.id);
      return toAsnEntry(row);
    },
    mutates,
  );

  route(
    app,
    api.deleteAsnBlocker,
    async (request, { session }) => {
      const deleted = await deleteListEntries(app.db, asnEntryList, session.shopId, request);
      if (deleted > 0) await app.protection.changed(session.shopId);
      return { deleted };
    },
    mutates,
  );
}

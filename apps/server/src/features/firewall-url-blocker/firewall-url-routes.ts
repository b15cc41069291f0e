// URL Blocker (/fw-urlBlocker): the firewall's list of blocked URL patterns (add; delete the
// entries picked or every entry a search matches, through the shared entry delete) and
// the action and monitor mode that apply to all of them (save). Part of the Firewall (Premium):
// every call names `firewall` in the contracts. Every change is checked by compiling the
// firewall's rule set as it would be; the firewalls pick the change up with their next read.
import { api, type UrlBlockerView } from '@gatehouse/contracts';
import { MAX_URL_ENTRIES } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/client.js';
import type { Shop } from '../../core/db/schema.js';
import { badRequest } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { shopById } from '../../protection/blocker-registry.js';
import { deleteListEntries } from '../../protection/entry-delete.js';
import {
  blockerSettingsView,
  saveBlockerSettings,
  settingsFromInput,
} from '../../protection/blocker-settings.js';
import {
  addUrlEntry,
  FIREWALL_URL_BLOCKER,
  listUrlEntries,
  loadUrlState,
  URL_MESSAGES,
  urlEngineRules,
  urlEntryList,
} from './firewall-url-list.js';

async function view(db: Database, shop: Shop): Promise<UrlBlockerView> {
  const state = await loadUrlState(db, shop);
  return {
    ...blockerSettingsView(state.settings),
    entries: await listUrlEntries(db, shop.id),
    limit: MAX_URL_ENTRIES,
  };
}

export async function firewallUrlRoutes(app: FastifyInstance): Promise<void> {
  const mutates = { mutates: true };

  route(app, api.getUrlBlocker, async (_input, { session }) =>
    view(app.db, await shopById(app.db, session.shopId)),
  );

  route(
    app,
    api.saveUrlBlocker,
    async (input, { session }) => {
      const shop = await shopById(app.db, session.shopId);
      const state = await loadUrlState(app.db, shop);
      const settings = settingsFromInput(input);
      await app.firewallBlockers.check(app.db, shop, {
        blocker: FIREWALL_URL_BLOCKER,
        rules: urlEngineRules({ ...state, settings }),
      });
      await saveBlockerSettings(app.db, shop.id, FIREWALL_URL_BLOCKER, settings);
      await app.protection.changed(shop.id);
      return view(app.db, shop);
    },
    mutates,
  );

  route(
    app,
    api.addUrlBlocker,
    async (input, { session }) => {
      const shop = await shopById(app.db, session.shopId);
      const state = await loadUrlState(app.db, shop);
      const row = await addUrlEntry(app.firewallBlockers, app.db, shop, state, input, input.note);
      if (row === null) throw badRequest(URL_MESSAGES.duplicate);
      await app.protection.changed(shop.id);
      return view(app.db, shop);
    },
    mutates,
  );

  route(
    app,
    api.deleteUrlBlocker,
    async (request, { session }) => {
      const deleted = await deleteListEntries(app.db, urlEntryList, session.shopId, request);
      if (deleted > 0) await app.protection.changed(session.shopId);
      return { deleted };
    },
    mutates,
  );
}

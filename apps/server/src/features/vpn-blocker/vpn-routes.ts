// Bot (VPN/Proxy) Blocker (/vpnBlocker): the switches with their actions and monitor modes and
// the relay choice (save), the trusted networks (add, delete), and the feeds' status (with
// get). A paid feature: every call names `botBlocker` in the contracts and answers 403 on a
// plan without it. Each change rebuilds the shop's policy before the answer, so the next
// storefront decision applies it.
import { api, maxTrustedAsns, readTrustedAsn, type VpnBlockerView } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/client.js';
import type { Shop } from '../../core/db/schema.js';
import { badRequest } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { shopById } from '../../protection/blocker-registry.js';
import { feedStatus } from './vpn-feed-status.js';
import {
  loadVpnState,
  saveVpnSettings,
  VPN_BLOCKER,
  vpnEngineRules,
  vpnSettingsFromInput,
  vpnSettingsView,
} from './vpn-rules.js';
import {
  addTrustedAsn,
  deleteTrustedAsns,
  listTrustedAsns,
  toTrustedAsn,
} from './vpn-trusted-asns.js';

async function view(db: Database, shop: Shop, schedule: string | null): Promise<VpnBlockerView> {
  const [state, trusted, feeds] = await Promise.all([
    loadVpnState(db, shop),
    listTrustedAsns(db, shop.id),
    feedStatus(db, schedule),
  ]);
  return { ...vpnSettingsView(state), trusted, limit: maxTrustedAsns, feeds };
}

export async function vpnRoutes(app: FastifyInstance): Promise<void> {
  const mutates = { mutates: true };

  route(app, api.getVpnBlocker, async (_input, { session }) =>
    view(app.db, await shopById(app.db, session.shopId), app.config.networkFeeds.schedule),
  );

  route(
    app,
    api.saveVpnBlocker,
    async (input, { session }) => {
      const shop = await shopById(app.db, session.shopId);
      const state = { ...(await loadVpnState(app.db, shop)), ...vpnSettingsFromInput(input) };
      // Switches that stay off are checked too: their redirect addresses are stored.
      await app.blockers.check(app.db, shop, {
        blocker: VPN_BLOCKER,
        rules: vpnEngineRules(state, { withOff: true }),
      });
      await saveVpnSettings(app.db, shop.id, state);
      await app.protection.changed(shop.id);
      return view(app.db, shop, app.config.networkFeeds.schedule);
    },
    mutates,
  );

  route(
    app,
    api.addVpnTrustedAsn,
    async (input, { session }) => {
      const read = readTrustedAsn(input.asn);
      if ('error' in read) throw badRequest(read.error);
      const shop = await shopById(app.db, session.shopId);
      const state = await loadVpnState(app.db, shop);
      const row = await addTrustedAsn(app.blockers, app.db, shop, state, read.asn, input.note);
      await app.protection.changed(shop.id);
      return toTrustedAsn(row);
    },
    mutates,
  );

  route(
    app,
    api.deleteVpnTrustedAsns,
    async ({ ids }, { session }) => {
      const deleted = await deleteTrustedAsns(app.db, session.shopId, ids);
      if (deleted > 0) await app.protection.changed(session.shopId);
      return { deleted };
    },
    mutates,
  );
}

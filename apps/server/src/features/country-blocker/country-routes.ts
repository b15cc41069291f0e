// The Country Blocker's merchant calls (/regionBlocker on the wire): mode, countries, action
// (block page or redirect) and monitor mode; and the dashboard's "whitelist with no country"
// warning (checkEmptyWhiteLists). A save is compiled with the shop's other rules first.
import { api, type CountryBlockerSettings } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { countryBlocker } from '../../core/db/schema.js';
import { route } from '../../core/http/route.js';
import { shopById } from '../../protection/blocker-registry.js';
import { blockerSettingsView, saveBlockerSettings } from '../../protection/blocker-settings.js';
import {
  COUNTRY_BLOCKER,
  countryRule,
  countryStateFromInput,
  loadCountryState,
  saveCountryList,
  type CountryState,
} from './country-store.js';

function view(state: CountryState): CountryBlockerSettings {
  return { mode: state.mode, countries: state.countries, ...blockerSettingsView(state.settings) };
}

export async function countryRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.getCountryBlocker, async (_input, { session }) =>
    view(await loadCountryState(app.db, session.shopId)),
  );

  route(
    app,
    api.saveCountryBlocker,
    async (input, { session }) => {
      const shop = await shopById(app.db, session.shopId);
      const next = countryStateFromInput(input);
      await app.blockers.check(app.db, shop, {
        blocker: COUNTRY_BLOCKER,
        rules: [countryRule(next)],
      });
      await app.db.transaction(async (tx) => {
        await saveCountryList(tx, shop.id, next);
        await saveBlockerSettings(tx, shop.id, COUNTRY_BLOCKER, next.settings);
      });
      await app.protection.changed(shop.id);
      return view(await loadCountryState(app.db, shop.id));
    },
    { mutates: true },
  );

  route(app, api.checkEmptyWhiteLists, async (_input, { session }) => {
    const [row] = await app.db
      .select()
      .from(countryBlocker)
      .where(eq(countryBlocker.shopId, session.shopId));
    return row?.mode === 'whitelist' && row.countries.length === 0;
  });
}

// Country Blocker (/regionBlocker): mode, countries, action (block page or redirect) and
// monitor mode. Mode and countries live in country_blocker (which checkEmptyWhiteLists reads),
// the action and monitor flag in protection_settings.
import { api, type CountryBlockerSettings } from '@gatehouse/contracts';
import { normalizeRedirectUrl } from '@gatehouse/engine';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { countryBlocker } from '../../../db/schema.js';
import { route } from '../../../http/route.js';
import type { ProtectionServices } from '../protection-services.js';
import { saveProtectionSettings } from '../settings/settings-store.js';
import { compileOrThrow, loadStoredRules, toRuleSet, type StoredRules } from './shop-rules.js';
import { loadRulesOf } from './ip-lists.js';

function view(stored: StoredRules): CountryBlockerSettings {
  const s = stored.settings;
  return {
    mode: stored.country.mode,
    countries: stored.country.countries,
    action:
      s?.countryAction === 'redirect' && s.countryRedirectUrl
        ? { type: 'redirect', url: s.countryRedirectUrl }
        : { type: 'block' },
    monitor: s?.countryMonitor ?? false,
  };
}

export function registerCountryRoutes(app: FastifyInstance, services: ProtectionServices): void {
  route(app, api.getCountryBlocker, async (_input, { session }) =>
    view(await loadRulesOf(app.db, session.shopId)),
  );

  route(
    app,
    api.saveCountryBlocker,
    async (input, { session }) => {
      const stored = await loadRulesOf(app.db, session.shopId);
      const countries = [...new Set(input.countries.map((c) => c.toUpperCase()))];
      const redirectUrl =
        input.action.type === 'redirect'
          ? (normalizeRedirectUrl(input.action.url) ?? input.action.url)
          : null;
      const settings = {
        countryAction: input.action.type,
        countryRedirectUrl: redirectUrl,
        countryMonitor: input.monitor,
      };
      compileOrThrow(
        toRuleSet({
          ...stored,
          country: { mode: input.mode, countries },
          settings: { ...(stored.settings ?? ({} as never)), ...settings },
          appEnabled: !stored.shop.isAppDisabled,
        }),
      );
      await app.db.transaction(async (tx) => {
        await tx
          .insert(countryBlocker)
          .values({ shopId: stored.shop.id, mode: input.mode, countries })
          .onConflictDoUpdate({
            target: countryBlocker.shopId,
            set: { mode: input.mode, countries, updatedAt: sql`now()` },
          });
        await saveProtectionSettings(tx, stored.shop.id, settings);
      });
      await services.changed(stored.shop.id);
      return view((await loadStoredRules(app.db, { shopId: stored.shop.id }))!);
    },
    { mutates: true },
  );
}

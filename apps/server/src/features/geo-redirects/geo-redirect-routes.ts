// Geolocation Redirects (/redirect): read the ordered rules, save them all at once (checked by
// the engine with every other blocker's rules: a bad target, an empty country set or too many
// rules answers 400, each problem with the path of the rule it is about, and nothing is stored), and "test as a visitor from…", which
// runs the saved rules as the decision would for a visitor from a chosen country on a page.
// A paid feature: every call names `geoRedirects` and answers 403 on a plan without it.
import { api, maxGeoRedirects, type GeoRedirectsView } from '@gatehouse/contracts';
import { compile, countryName, decide, isCountryCode, UNKNOWN_FACTS } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/client.js';
import { badRequest, invalidRules } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { compileOrThrow, shopById } from '../../protection/blocker-registry.js';
import {
  GEO_REDIRECTS,
  loadRedirectRows,
  planRedirectRows,
  redirectEngineRules,
  replaceRedirectRows,
  toRedirectEntry,
} from './geo-redirect-store.js';

/** The browser a tested visitor uses: an ordinary one, never a crawler. */
const TEST_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function view(db: Database, shopId: string): Promise<GeoRedirectsView> {
  const rows = await loadRedirectRows(db, shopId);
  return { rules: rows.map(toRedirectEntry), limit: maxGeoRedirects };
}

export async function geoRedirectRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.getGeoRedirects, async (_input, { session }) => view(app.db, session.shopId));

  route(
    app,
    api.saveGeoRedirects,
    async (input, { session }) => {
      const shop = await shopById(app.db, session.shopId);
      const existing = await loadRedirectRows(app.db, shop.id);
      const rows = planRedirectRows(shop.id, existing, input.rules);
      // Checked as stored on a plan with the feature, so a problem is found now.
      const rules = redirectEngineRules(rows, { plan: 'premium' });
      // The redirects' own problems first, each at the rule (in the order sent) it is about.
      const own = compile({ appEnabled: true, rules });
      if (!own.ok) {
        throw invalidRules(
          own.errors[0]!.message,
          own.errors.map(({ path, code, message }) => ({ path: path ?? [], code, message })),
        );
      }
      await app.blockers.check(app.db, shop, { blocker: GEO_REDIRECTS, rules });
      await replaceRedirectRows(app.db, shop.id, rows);
      await app.protection.changed(shop.id);
      return view(app.db, shop.id);
    },
    { mutates: true },
  );

  route(app, api.testGeoRedirect, async (input, { session }) => {
    const country = input.country.toUpperCase();
    if (!isCountryCode(country)) throw badRequest('Choose a country to test as.');
    const shop = await shopById(app.db, session.shopId);
    const [rows, ruleSet] = await Promise.all([
      loadRedirectRows(app.db, shop.id),
      app.blockers.ruleSet(app.db, shop),
    ]);
    const policy = compileOrThrow(ruleSet);
    const decision = decide(
      policy,
      { ip: '', url: input.url.trim(), userAgent: TEST_AGENT },
      { ...UNKNOWN_FACTS, country },
    );
    const who = `A visitor from ${countryName(country)}`;
    const position = rows.findIndex((r) => r.id === decision.rule?.id);
    if (decision.action === 'redirect' && decision.rule?.kind === 'geo-redirect') {
      const asked = decision.prompt !== undefined;
      return {
        action: 'redirect' as const,
        redirectUrl: decision.redirectUrl ?? null,
        prompt: asked,
        position: position + 1,
        message: asked
          ? `${who} is asked whether to go to ${decision.redirectUrl} (redirect ${position + 1}).`
          : `${who} is sent to ${decision.redirectUrl} (redirect ${position + 1}).`,
      };
    }
    if (decision.action !== 'allow') {
      const by = app.blockers.kindInfo(decision.rule?.kind ?? '')?.label ?? 'a blocker';
      return {
        action: decision.action,
        redirectUrl: decision.redirectUrl ?? null,
        prompt: false,
        position: null,
        message: `${who} is stopped by the ${by} before any redirect applies.`,
      };
    }
    return {
      action: 'allow' as const,
      redirectUrl: null,
      prompt: false,
      position: null,
      message: !shop.isAppDisabled
        ? `${who} stays on this page: no turned-on redirect sends them elsewhere from here.`
        : `${who} stays on this page: the app is turned off in General Settings.`,
    };
  });
}

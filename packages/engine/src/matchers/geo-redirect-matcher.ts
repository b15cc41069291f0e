// Geolocation Redirects (rule kind `geo-redirect`): ordered rules, each a set of countries (and
// whole continents) sent to an https address, automatically or after asking the visitor. They
// come last in the order of evaluation, so a visitor any blocker stops is never redirected,
// and an allow-listed address or a verified search engine (let in before them) never is
// either. The first enabled rule that covers the visitor's country decides, so the more
// specific rule goes first ("Germany → German store" above "Europe → EU store"). A visitor
// already on the target of a rule that covers them stays there: a later rule may still send
// them further inside that target (from the EU store to its French pages), never elsewhere.
// So every redirect either leaves a page no covering rule targets or goes deeper into the
// target the visitor is on, and no set of rules can send a visitor round in a circle. A
// search-engine crawler whose address checks out (or cannot be checked right now) is never
// redirected: search engines must see the store as it is. AI agents are redirected like any
// visitor.
import { z } from 'zod';
import type { CompiledRule, DecideContext, Matcher, RedirectPrompt } from '../policy/policy.js';
import { ruleBase, ruleKind } from '../policy/rule-kind.js';
import { countries as ALL_COUNTRIES, continents } from '../rules/countries.js';
import { isCountryCode } from '../rules/country-codes.js';
import { MAX_GEO_REDIRECTS } from '../rules/geo-redirect-limit.js';
import { countrySlot, readCountryCodes } from './country-matcher.js';
import { isSearchCrawler } from '../network/crawlers.js';
import { crawlerOf } from './crawler-of.js';
import { ruleApplies } from './rule-applies.js';
import { landingUrl, onTarget, readTarget, within, type Target } from './redirect-target.js';

const promptSchema = z.object({
  title: z.string().max(200),
  text: z.string().max(1000),
  accept: z.string().max(60),
  decline: z.string().max(60),
  /** The country whose flag the prompt shows (the target store's), or empty for none. */
  flag: z.string().max(2),
});

export interface GeoRedirectEntry {
  rule: CompiledRule;
  target: Target;
  keepPath: boolean;
  prompt: RedirectPrompt | null;
  /** Upper-case codes of every country the rule covers, continents expanded. */
  countries: string[];
}

interface CompiledEntry extends GeoRedirectEntry {
  listed: Uint8Array;
}

const continentCodes: ReadonlySet<string> = new Set(continents.map((c) => c.code));

function listOf(codes: readonly string[]): Uint8Array {
  const listed = new Uint8Array(26 * 26);
  for (const code of codes) listed[countrySlot(code)] = 1;
  return listed;
}

export function createGeoRedirectMatcher(entries: GeoRedirectEntry[]): Matcher {
  const compiled: CompiledEntry[] = entries.map((e) => ({ ...e, listed: listOf(e.countries) }));
  return {
    evaluate(context: DecideContext): CompiledRule | null {
      const slot = countrySlot(context.facts.country);
      if (slot < 0 || compiled.length === 0 || context.visit.redirected === true) return null;
      const crawler = crawlerOf(context);
      if (crawler !== null && crawler.check !== 'fake' && isSearchCrawler(crawler.id)) return null;
      // The deepest target of a covering rule the visitor is already on: from there a visitor
      // is only ever sent further inside it.
      let here: Target | null = null;
      for (let i = 0; i < compiled.length; i++) {
        const c = compiled[i]!;
        if (c.listed[slot] !== 1) continue;
        if (onTarget(context.visit.url, c.target)) {
          if (here === null || within(c.target, here)) here = c.target;
          continue;
        }
        if (here !== null && !within(c.target, here)) continue;
        if (!ruleApplies(c.rule, context)) continue;
        context.redirect = {
          url: c.keepPath ? landingUrl(c.target, context.visit.url) : c.target.href,
          prompt: c.prompt,
        };
        return c.rule;
      }
      return null;
    },
    bytes: () => compiled.length * 26 * 26,
  };
}

export const geoRedirectKind = ruleKind({
  skipsSignedAgents: true,
  schema: z.object({
    ...ruleBase,
    kind: z.literal('geo-redirect'),
    /** ISO 3166-1 alpha-2 codes. */
    countries: z.array(z.string()).max(300),
    /** Continent codes (AF, AN, AS, EU, NA, OC, SA): every country of each. */
    continents: z.array(z.string()).max(7).optional(),
    /** The https address visitors are sent to. */
    url: z.string().max(2048),
    /** Keep the visitor's path and query on the target (target path + visitor path). */
    keepPath: z.boolean().optional(),
    /** Ask the visitor first; absent: automatic. */
    prompt: promptSchema.optional(),
  }),
  decides: 'allow',
  compile(rule, report) {
    const codes = new Set(readCountryCodes(rule.countries, report));
    (rule.continents ?? []).forEach((code, i) => {
      const upper = code.trim().toUpperCase();
      if (!continentCodes.has(upper)) {
        report({
          code: 'invalidContinent',
          message: `"${code}" is not a continent code (AF, AN, AS, EU, NA, OC or SA)`,
          field: ['continents', i],
        });
        return;
      }
      for (const country of ALL_COUNTRIES) if (country.continent === upper) codes.add(country.code);
    });
    if (codes.size === 0 && rule.countries.length === 0) {
      report({
        code: 'noCountries',
        message: 'Choose at least one country or continent for each redirect.',
        field: ['countries'],
      });
    }
    const target = readTarget(rule.url);
    if (target === null) {
      report({
        code: 'invalidRedirectUrl',
        message: `"${rule.url}" is not a valid redirect target (use a full https:// address, like https://example.de)`,
        field: ['url'],
      });
    }
    const flag = rule.prompt?.flag.trim().toUpperCase() ?? '';
    if (flag !== '' && !isCountryCode(flag)) {
      report({
        code: 'invalidCountry',
        message: `"${flag}" is not a country code for the prompt's flag`,
        field: ['prompt', 'flag'],
      });
    }
    if (target === null || codes.size === 0) return null;
    return {
      target,
      keepPath: rule.keepPath === true,
      prompt: rule.prompt ? { ...rule.prompt, flag } : null,
      countries: [...codes],
    };
  },
  limit: {
    max: MAX_GEO_REDIRECTS,
    count: () => 1,
    code: 'tooManyRedirects',
    message: `Geolocation Redirects holds at most ${MAX_GEO_REDIRECTS} rules.`,
  },
  matcher: createGeoRedirectMatcher,
});

// Country Blocker (rule kind `country`): blacklist mode blocks the listed countries, whitelist
// mode every other one. Countries are a 26×26 bit table per rule, so a check is one array read.
import { z } from 'zod';
import type { CompiledRule, DecideContext, Matcher } from '../policy/policy.js';
import { blockingBase, ruleKind, type Report } from '../policy/rule-kind.js';
import { isCountryCode } from '../rules/country-codes.js';
import { ruleApplies } from './rule-applies.js';

export interface CountryEntry {
  rule: CompiledRule;
  mode: 'blacklist' | 'whitelist';
  /** Upper-case ISO 3166-1 alpha-2 codes, already validated. */
  countries: string[];
  blockUnknown: boolean;
}

/** Index of a two-letter upper-case code in the 26×26 table, or -1. */
export function countrySlot(code: string | null | undefined): number {
  if (typeof code !== 'string' || code.length !== 2) return -1;
  const a = code.charCodeAt(0) - 65;
  const b = code.charCodeAt(1) - 65;
  if (a < 0 || a > 25 || b < 0 || b > 25) return -1;
  return a * 26 + b;
}

interface CompiledCountryRule {
  rule: CompiledRule;
  whitelist: boolean;
  blockUnknown: boolean;
  listed: Uint8Array;
}

/** The valid codes of a rule's `countries`, upper case; each invalid one is reported. */
export function readCountryCodes(codes: readonly string[], report: Report): string[] {
  const countries: string[] = [];
  codes.forEach((code, i) => {
    const upper = code.trim().toUpperCase();
    if (isCountryCode(upper)) countries.push(upper);
    else {
      report({
        code: 'invalidCountry',
        message: `"${code}" is not a country code (use two letters, like US or DE)`,
        field: ['countries', i],
      });
    }
  });
  return countries;
}

export function createCountryMatcher(entries: CountryEntry[]): Matcher {
  const compiled: CompiledCountryRule[] = entries.map((entry) => {
    const listed = new Uint8Array(26 * 26);
    for (const code of entry.countries) listed[countrySlot(code)] = 1;
    return {
      rule: entry.rule,
      whitelist: entry.mode === 'whitelist',
      blockUnknown: entry.blockUnknown,
      listed,
    };
  });
  return {
    evaluate(context: DecideContext): CompiledRule | null {
      const slot = countrySlot(context.facts.country);
      for (let i = 0; i < compiled.length; i++) {
        const c = compiled[i]!;
        const matches =
          slot < 0 ? c.blockUnknown : c.whitelist ? c.listed[slot] === 0 : c.listed[slot] === 1;
        if (matches && ruleApplies(c.rule, context)) return c.rule;
      }
      return null;
    },
    bytes: () => compiled.length * 26 * 26,
  };
}

export const countryKind = ruleKind({
  skipsSignedAgents: true,
  schema: z.object({
    ...blockingBase,
    kind: z.literal('country'),
    /** blacklist: block the listed countries; whitelist: block every other country. */
    mode: z.enum(['blacklist', 'whitelist']),
    countries: z.array(z.string()).max(300),
    /**
     * Whether a visitor whose country is unknown (private, reserved or unlisted addresses) is
     * blocked. Off by default: the store fails open.
     */
    blockUnknown: z.boolean().optional(),
  }),
  decides: 'block',
  compile(rule, report, warn) {
    const countries = readCountryCodes(rule.countries, report);
    // An empty whitelist would block every visitor: it is treated as invalid and ignored.
    if (rule.mode === 'whitelist' && countries.length === 0) {
      warn({
        code: 'invalidWhitelist',
        message:
          'The country whitelist has no countries: it is treated as invalid and all visits are allowed',
      });
      return null;
    }
    return { mode: rule.mode, countries, blockUnknown: rule.blockUnknown === true };
  },
  matcher: createCountryMatcher,
});

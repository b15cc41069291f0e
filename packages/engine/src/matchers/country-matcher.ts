// Country Blocker: blacklist mode blocks the listed countries, whitelist mode every other
// one. Countries are a 26×26 bit table per rule, so a check is one array read.
import type { CompiledRule, DecideContext, Matcher } from '../policy/policy.js';
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

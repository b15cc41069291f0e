// ISP/ASN Blocker: blocks visitors whose network (autonomous system number) is listed, or
// whose organisation contains a listed ISP name as whole words (org-words.ts). ASNs are one
// Map lookup; names are found in one pass over the organisation. Rules hit by either are
// tried in list order and the first that applies (in scope, enforced) decides.
import type { CompiledRule, DecideContext, Matcher } from '../policy/policy.js';
import { buildPhraseIndex, forEachMatch } from './org-words.js';
import { ruleApplies } from './rule-applies.js';

export interface AsnEntry {
  rule: CompiledRule;
  /** Validated AS numbers. */
  asns: number[];
  /** Names in normalised form (normalizeIspName). */
  names: string[];
}

export function createAsnMatcher(entries: AsnEntry[]): Matcher {
  const rules = entries.map((e) => e.rule);
  const byAsn = new Map<number, number[]>();
  const names: { normalized: string; rule: number }[] = [];
  let entryCount = 0;
  entries.forEach((entry, rule) => {
    for (const asn of new Set(entry.asns)) {
      const list = byAsn.get(asn);
      if (list) list.push(rule);
      else byAsn.set(asn, [rule]);
    }
    for (const normalized of new Set(entry.names)) names.push({ normalized, rule });
    entryCount += entry.asns.length + entry.names.length;
  });
  const phrases = names.length > 0 ? buildPhraseIndex(names) : null;

  // Per-decision scratch, reused: decide() runs to completion before the next one starts.
  const hit = new Uint8Array(rules.length);
  let first = 0;
  let last = -1;
  const mark = (rule: number) => {
    hit[rule] = 1;
    if (last < first) first = last = rule;
    else if (rule < first) first = rule;
    else if (rule > last) last = rule;
  };

  return {
    evaluate(context: DecideContext): CompiledRule | null {
      if (rules.length === 0) return null;
      const { asn, org } = context.facts;
      first = 0;
      last = -1;
      if (typeof asn === 'number') {
        const listed = byAsn.get(asn);
        if (listed !== undefined) for (let k = 0; k < listed.length; k++) mark(listed[k]!);
      }
      if (phrases !== null && typeof org === 'string' && org !== '') {
        forEachMatch(phrases, org, mark);
      }
      try {
        for (let i = first; i <= last; i++) {
          if (hit[i] === 1 && ruleApplies(rules[i]!, context)) return rules[i]!;
        }
        return null;
      } finally {
        if (last >= first) hit.fill(0, first, last + 1);
      }
    },
    // Map entries (key, value array) and the name phrases, roughly.
    bytes: () => entryCount * 48 + names.reduce((sum, n) => sum + n.normalized.length * 2, 0),
  };
}

// ISP/ASN Blocker (rule kind `asn`): blocks visitors whose network (autonomous system number)
// is listed, or whose organisation contains a listed ISP name as whole words (org-words.ts).
// ASNs are one Map lookup; names are found in one pass over the organisation. Rules hit by
// either are tried in list order and the first that applies (in scope, enforced) decides.
import { z } from 'zod';
import type { CompiledRule, DecideContext, Matcher } from '../policy/policy.js';
import { blockingBase, ruleKind, type Report } from '../policy/rule-kind.js';
import { isAsn, MAX_ASN, MAX_ASN_ENTRIES } from '../rules/asn.js';
import { buildPhraseIndex, forEachMatch, normalizeIspName } from './org-words.js';
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

const asnRuleSchema = z.object({
  ...blockingBase,
  kind: z.literal('asn'),
  /** Autonomous system numbers (1 to 4294967295). */
  asns: z.array(z.number()).max(100_000).optional(),
  /**
   * ISP or organisation names, matched case-insensitively as whole words of the visitor's
   * organisation ("Hetzner" matches "Hetzner Online GmbH"; see org-words.ts).
   */
  names: z.array(z.string().max(200)).max(100_000).optional(),
});

function compileAsnLists(rule: z.infer<typeof asnRuleSchema>, report: Report) {
  const asns: number[] = [];
  const names: string[] = [];
  (rule.asns ?? []).forEach((asn, i) => {
    if (isAsn(asn)) asns.push(asn);
    else {
      report({
        code: 'invalidAsn',
        message: `${String(asn)} is not an AS number (use 1 to ${MAX_ASN}, like 15169)`,
        field: ['asns', i],
      });
    }
  });
  (rule.names ?? []).forEach((name, i) => {
    const normalized = normalizeIspName(name);
    if (normalized !== null) names.push(normalized);
    else {
      report({
        code: 'invalidIspName',
        message:
          name.trim() === ''
            ? 'An ISP name cannot be empty'
            : `"${name}" is not an ISP name (it needs letters or digits)`,
        field: ['names', i],
      });
    }
  });
  return { asns, names };
}

export const asnKind = ruleKind({
  skipsSignedAgents: true,
  schema: asnRuleSchema,
  decides: 'block',
  compile: compileAsnLists,
  limit: {
    max: MAX_ASN_ENTRIES,
    count: (rule) => (rule.asns?.length ?? 0) + (rule.names?.length ?? 0),
    code: 'tooManyAsnEntries',
    message: `At most ${MAX_ASN_ENTRIES.toLocaleString('en-US')} ASNs and ISP names can be blocked`,
  },
  matcher: createAsnMatcher,
});

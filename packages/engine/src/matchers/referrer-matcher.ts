// Referrer Blocker (rule kind `referrer`): blocks visitors arriving from a listed site, by the
// host of the page that sent them (the storefront script's document.referrer). Exact hosts are
// one Map lookup; wildcards are one lookup per parent domain of the host. Rules hit are tried
// in list order and the first that applies (in scope, enforced) decides.
import { z } from 'zod';
import type { CompiledRule, DecideContext, Matcher } from '../policy/policy.js';
import { blockingBase, ruleKind } from '../policy/rule-kind.js';
import { MAX_REFERRER_ENTRIES, parseReferrerDomain, referrerHost } from '../rules/referrer.js';
import { ruleApplies } from './rule-applies.js';

export interface ReferrerEntry {
  rule: CompiledRule;
  /** Hosts matched exactly. */
  hosts: string[];
  /** Hosts whose subdomains match (from "*.host"). */
  parents: string[];
}

function add(map: Map<string, number[]>, key: string, rule: number) {
  const list = map.get(key);
  if (list === undefined) map.set(key, [rule]);
  else if (list[list.length - 1] !== rule) list.push(rule);
}

export function createReferrerMatcher(entries: ReferrerEntry[]): Matcher {
  const rules = entries.map((e) => e.rule);
  const exact = new Map<string, number[]>();
  const parents = new Map<string, number[]>();
  let chars = 0;
  entries.forEach((entry, rule) => {
    for (const host of entry.hosts) {
      add(exact, host, rule);
      chars += host.length;
    }
    for (const host of entry.parents) {
      add(parents, host, rule);
      chars += host.length;
    }
  });

  return {
    evaluate(context: DecideContext): CompiledRule | null {
      if (rules.length === 0) return null;
      const host = referrerHost(context.visit.referrer);
      if (host === null) return null;
      let hit: number[] = exact.get(host) ?? [];
      if (parents.size > 0) {
        for (let dot = host.indexOf('.'); dot !== -1; dot = host.indexOf('.', dot + 1)) {
          const listed = parents.get(host.slice(dot + 1));
          if (listed !== undefined) hit = hit.concat(listed);
        }
      }
      if (hit.length === 0) return null;
      if (hit.length > 1) hit = [...new Set(hit)].sort((a, b) => a - b);
      for (const i of hit) if (ruleApplies(rules[i]!, context)) return rules[i]!;
      return null;
    },
    // Map entries and their keys, roughly.
    bytes: () => (exact.size + parents.size) * 48 + chars * 2,
  };
}

export const referrerKind = ruleKind({
  skipsSignedAgents: true,
  schema: z.object({
    ...blockingBase,
    kind: z.literal('referrer'),
    /**
     * Referrer domains: "spam.example" matches that host only, "*.spam.example" its subdomains
     * at any depth but not itself (see rules/referrer.ts).
     */
    domains: z.array(z.string().max(300)).max(100_000),
  }),
  decides: 'block',
  compile(rule, report) {
    const hosts: string[] = [];
    const parents: string[] = [];
    rule.domains.forEach((text, i) => {
      const domain = parseReferrerDomain(text);
      if (domain !== null) (domain.wildcard ? parents : hosts).push(domain.host);
      else {
        report({
          code: 'invalidReferrer',
          message:
            text.trim() === ''
              ? 'A referrer domain cannot be empty'
              : `"${text}" is not a domain (use a site's name, like spam.example or *.spam.example)`,
          field: ['domains', i],
        });
      }
    });
    return { hosts, parents };
  },
  limit: {
    max: MAX_REFERRER_ENTRIES,
    count: (rule) => rule.domains.length,
    code: 'tooManyReferrerEntries',
    message: `At most ${MAX_REFERRER_ENTRIES.toLocaleString('en-US')} referrer domains can be blocked`,
  },
  matcher: createReferrerMatcher,
});

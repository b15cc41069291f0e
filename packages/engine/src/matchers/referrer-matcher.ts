// Referrer Blocker: blocks visitors arriving from a listed site, by the host of the page that
// sent them (the storefront script's document.referrer). Exact hosts are one Map lookup;
// wildcards are one lookup per parent domain of the host. Rules hit are tried in list order
// and the first that applies (in scope, enforced) decides.
import type { CompiledRule, DecideContext, Matcher } from '../policy/policy.js';
import { referrerHost } from '../rules/referrer.js';
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

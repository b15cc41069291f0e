// Readable names for the rules that decided visits: "IP block list: 203.0.113.0/24",
// "Country Blocker (blacklist)", "ISP/ASN Blocker: AS15169", "App disabled", each with the
// admin page where the rule is changed. A visit keeps its rule's facts (name and mode) as the
// rule stood when it decided, taken from the very rules its policy was compiled from
// (ruleDescriber). Visits recorded before visits kept them are named from what their entry
// always says, never from the blocker's settings now: an entry deleted since keeps its kind
// with "(entry removed)", a rule without entries says its details were not recorded.
import type { MonitorRule, VisitRule } from '@gatehouse/contracts';
import type { Rule } from '@gatehouse/engine';
import type { Database } from '../core/db/client.js';
import { ENTRY_ID, type RuleFacts, type RuleKindInfo } from './blocker.js';
import type { BlockerRegistry } from './blocker-registry.js';

/** Rules the engine decides by itself, not a blocker's: both are General Settings' switches. */
const ENGINE_KINDS: Readonly<Record<string, RuleKindInfo>> = {
  'app-disabled': { label: 'App disabled', page: '/settings' },
  'admin-access': { label: 'Admin Access device', page: '/settings' },
};

const engineKind = (kind: string) =>
  Object.hasOwn(ENGINE_KINDS, kind) ? ENGINE_KINDS[kind]! : null;

/** The name and admin page of a rule kind, the engine's own switches included. */
export function kindInfo(blockers: BlockerRegistry, kind: string): RuleKindInfo | null {
  return engineKind(kind) ?? blockers.kindInfo(kind);
}

/** What a visit keeps about the rule (or switch) a decision names; null for none. */
export type RuleDescriber = (
  ref: { id: string; kind: string } | null | undefined,
) => RuleFacts | null;

/**
 * Describes the rules of one compiled rule set, each once (a busy rule decides many visits):
 * the facts a decision by the policy compiled from `rules` keeps with its visit.
 */
export function ruleDescriber(blockers: BlockerRegistry, rules: readonly Rule[]): RuleDescriber {
  const byId = new Map<string, Rule>();
  for (const rule of rules) byId.set(rule.id, rule);
  const described = new Map<string, RuleFacts | null>();
  return (ref) => {
    if (!ref) return null;
    let facts = described.get(ref.id);
    if (facts === undefined) {
      const engine = engineKind(ref.kind);
      const rule = byId.get(ref.id);
      facts = engine ? { label: engine.label, mode: null } : rule ? blockers.describe(rule) : null;
      described.set(ref.id, facts);
    }
    return facts;
  };
}

/** A visit's rule as stored: its id and kind, and its facts when the visit kept them. */
export interface StoredRule {
  id: string | null;
  kind: string | null;
  facts: RuleFacts | null;
}

/** The rule that decided a visit, as the visit's row keeps it. */
export function decidingRuleOf(visit: {
  ruleId: string | null;
  ruleKind: string | null;
  ruleLabel: string | null;
  ruleMode: string | null;
}): StoredRule {
  return {
    id: visit.ruleId,
    kind: visit.ruleKind,
    facts: visit.ruleLabel === null ? null : { label: visit.ruleLabel, mode: visit.ruleMode },
  };
}

export interface RuleLabeler {
  rule(stored: StoredRule): VisitRule | null;
  /** The monitored rule, with what it would have done (null when the visit did not keep it). */
  monitor(stored: StoredRule, action: 'block' | 'redirect' | null): MonitorRule | null;
}

/**
 * Names the rules of a page of visits, for one shop: from the facts they kept, else (older
 * visits) from the entries that are still there.
 */
export async function ruleLabeler(
  blockers: BlockerRegistry,
  db: Database,
  shopId: string,
  rules: Iterable<StoredRule>,
): Promise<RuleLabeler> {
  const ids = new Set<string>();
  for (const r of rules) if (r.id && !r.facts) ids.add(r.id);
  const known = ids.size > 0 ? await blockers.labelRules(db, shopId, [...ids]) : new Map();

  function named({ id, kind, facts }: StoredRule): VisitRule | null {
    if (!id) return null;
    // The kind as recorded, else the blocker's that still holds the rule.
    const k = kind && kindInfo(blockers, kind) ? kind : known.get(id)?.kind;
    const info = k ? kindInfo(blockers, k) : null;
    if (!k || !info) return null;
    if (facts) return { id, kind: k, label: facts.label, mode: facts.mode, page: info.page };
    if (engineKind(k)) return { id, kind: k, label: info.label, mode: null, page: info.page };
    const label =
      known.get(id)?.label ??
      `${info.label} ${ENTRY_ID.test(id) ? '(entry removed)' : '(details not recorded)'}`;
    return { id, kind: k, label, mode: null, page: info.page };
  }

  return {
    rule: named,
    monitor(stored, action) {
      // Only blocking rules can be monitored. A removed entry's list is not known any more;
      // say IP block list.
      const rule =
        named(stored) ??
        (stored.id && ENTRY_ID.test(stored.id) ? named({ ...stored, kind: 'ip-block' }) : null);
      return rule && { ...rule, action };
    },
  };
}

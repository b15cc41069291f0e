// Readable names for the rules that decided visits: "IP block list: 203.0.113.0/24",
// "Country Blocker (blacklist)", "ISP/ASN Blocker: AS15169", "App disabled". Each blocker names
// its own rules (looked up once per page); an entry deleted since the visit keeps its kind
// with "(entry removed)".
import type { MonitorRule, VisitRule } from '@gatehouse/contracts';
import type { Database } from '../db/client.js';
import { ENTRY_ID } from './blocker.js';
import type { BlockerRegistry } from './blocker-registry.js';

type Kind = VisitRule['kind'];
const KINDS: readonly Kind[] = [
  'ip-allow',
  'ip-block',
  'country',
  'asn',
  'referrer',
  'app-disabled',
  'admin-access',
];

/** Rules the engine decides by itself, not a blocker's. */
const ENGINE_LABELS: Partial<Record<Kind, string>> = {
  'app-disabled': 'App disabled',
  'admin-access': 'Admin Access device',
};

export interface RuleLabeler {
  rule(id: string | null, kind: string | null): VisitRule | null;
  /** The monitored rule; its action is what the rule does now (visits do not keep it). */
  monitor(id: string | null): MonitorRule | null;
}

/** Loads what the labels of these rule ids need, for one shop. */
export async function ruleLabeler(
  blockers: BlockerRegistry,
  db: Database,
  shopId: string,
  ruleIds: Iterable<string | null>,
): Promise<RuleLabeler> {
  const ids = [...new Set([...ruleIds].filter((id): id is string => !!id))];
  const known = ids.length > 0 ? await blockers.labelRules(db, shopId, ids) : new Map();

  function label(id: string, kind: Kind): string {
    const engine = ENGINE_LABELS[kind];
    if (engine) return engine;
    const found = known.get(id);
    if (found) return found.label;
    return `${blockers.kindLabel(kind) ?? kind} (entry removed)`;
  }

  function kindOf(id: string, kind: string | null): Kind | null {
    if (kind && (KINDS as readonly string[]).includes(kind)) return kind as Kind;
    return known.get(id)?.kind ?? null;
  }

  return {
    rule(id, kind) {
      if (!id) return null;
      const k = kindOf(id, kind);
      return k ? { id, kind: k, label: label(id, k) } : null;
    },
    monitor(id) {
      if (!id) return null;
      // Only blocking rules can be monitored. A removed entry's list is not known any more;
      // say IP block list.
      const k = kindOf(id, null) ?? (ENTRY_ID.test(id) ? 'ip-block' : null);
      if (!k) return null;
      return { id, kind: k, label: label(id, k), action: known.get(id)?.action ?? 'block' };
    },
  };
}

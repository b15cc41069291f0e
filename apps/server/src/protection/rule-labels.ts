// Readable names for the rules that decided visits: "IP block list: 203.0.113.0/24",
// "Country Blocker (blacklist)", "ISP/ASN Blocker: AS15169", "App disabled", each with the
// admin page where the rule is changed. Each blocker names its own rules (looked up once per
// page); an entry deleted since the visit keeps its kind with "(entry removed)".
import type { MonitorRule, VisitRule } from '@gatehouse/contracts';
import type { Database } from '../db/client.js';
import { ENTRY_ID, type RuleKindInfo } from './blocker.js';
import type { BlockerRegistry } from './blocker-registry.js';

/** Rules the engine decides by itself, not a blocker's: both are General Settings' switches. */
const ENGINE_KINDS: Readonly<Record<string, RuleKindInfo>> = {
  'app-disabled': { label: 'App disabled', page: '/settings' },
  'admin-access': { label: 'Admin Access device', page: '/settings' },
};

export interface RuleLabeler {
  rule(id: string | null, kind: string | null): VisitRule | null;
  /**
   * The monitored rule; its action is what the rule does now (visits do not keep it). Its kind
   * when known (a stored visit keeps only the rule's id).
   */
  monitor(id: string | null, kind?: string | null): MonitorRule | null;
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
  const infoOf = (kind: string) =>
    Object.hasOwn(ENGINE_KINDS, kind) ? ENGINE_KINDS[kind]! : blockers.kindInfo(kind);

  /** The rule's kind: as recorded, else the blocker's that still holds the rule. */
  function named(id: string, kind: string | null | undefined): VisitRule | null {
    const k = kind && infoOf(kind) ? kind : known.get(id)?.kind;
    const info = k ? infoOf(k) : null;
    if (!k || !info) return null;
    if (Object.hasOwn(ENGINE_KINDS, k)) return { id, kind: k, label: info.label, page: info.page };
    const label = known.get(id)?.label ?? `${info.label} (entry removed)`;
    return { id, kind: k, label, page: info.page };
  }

  return {
    rule: (id, kind) => (id ? named(id, kind) : null),
    monitor(id, kind) {
      if (!id) return null;
      // Only blocking rules can be monitored. A removed entry's list is not known any more;
      // say IP block list.
      const rule = named(id, kind) ?? (ENTRY_ID.test(id) ? named(id, 'ip-block') : null);
      if (!rule) return null;
      return { ...rule, action: known.get(id)?.action ?? 'block' };
    },
  };
}

// Readable names for the rules that decided visits: "IP block list: 203.0.113.0/24",
// "Country Blocker (blacklist)", "ISP/ASN Blocker: AS15169", "App disabled". IP and ISP/ASN
// entries are looked up once per page; an entry deleted since the visit keeps its kind with
// "(entry removed)".
import { asnEntryLabel, type MonitorRule, type VisitRule } from '@gatehouse/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { asnBlockerSettings, asnRules, countryBlocker } from '../../db/schema.js';
import { ipRules, protectionSettings } from '../../db/protection-schema.js';

type Kind = VisitRule['kind'];
const KINDS: readonly Kind[] = [
  'ip-allow',
  'ip-block',
  'country',
  'asn',
  'app-disabled',
  'admin-access',
];

export interface RuleLabeler {
  rule(id: string | null, kind: string | null): VisitRule | null;
  /** The monitored rule; its action is what the rule does now (visits do not keep it). */
  monitor(id: string | null): MonitorRule | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Loads what the labels of these rule ids need, for one shop. */
export async function ruleLabeler(
  db: Database,
  shopId: string,
  ruleIds: Iterable<string | null>,
): Promise<RuleLabeler> {
  const ids = [...new Set([...ruleIds].filter((id): id is string => !!id && UUID.test(id)))];
  const entries = new Map<string, { list: 'block' | 'allow'; ip: string }>();
  const asnEntries = new Map<string, string>();
  if (ids.length > 0) {
    const [rows, asnRows] = await Promise.all([
      db
        .select({ id: ipRules.id, list: ipRules.list, ip: ipRules.ip })
        .from(ipRules)
        .where(and(eq(ipRules.shopId, shopId), inArray(ipRules.id, ids))),
      db
        .select({ id: asnRules.id, asn: asnRules.asn, name: asnRules.name })
        .from(asnRules)
        .where(and(eq(asnRules.shopId, shopId), inArray(asnRules.id, ids))),
    ]);
    for (const r of rows) entries.set(r.id, r);
    for (const r of asnRows) asnEntries.set(r.id, asnEntryLabel(r));
  }
  const [country] = await db
    .select({ mode: countryBlocker.mode })
    .from(countryBlocker)
    .where(eq(countryBlocker.shopId, shopId));
  const mode = country?.mode ?? 'blacklist';
  const [settings] = await db
    .select({ action: protectionSettings.countryAction })
    .from(protectionSettings)
    .where(eq(protectionSettings.shopId, shopId));
  const countryAction = settings?.action ?? 'block';
  const [asnSettings] = await db
    .select({ action: asnBlockerSettings.action })
    .from(asnBlockerSettings)
    .where(eq(asnBlockerSettings.shopId, shopId));
  const asnAction = asnSettings?.action ?? 'block';

  function label(id: string, kind: Kind): string {
    if (kind === 'app-disabled') return 'App disabled';
    if (kind === 'admin-access') return 'Admin Access device';
    if (kind === 'country') return `Country Blocker (${mode})`;
    if (kind === 'asn') {
      const entry = asnEntries.get(id);
      return entry ? `ISP/ASN Blocker: ${entry}` : 'ISP/ASN Blocker (entry removed)';
    }
    const list = kind === 'ip-block' ? 'IP block list' : 'IP allow list';
    const entry = entries.get(id);
    return entry ? `${list}: ${entry.ip}` : `${list} (entry removed)`;
  }

  function kindOf(id: string, kind: string | null): Kind | null {
    if (kind && (KINDS as readonly string[]).includes(kind)) return kind as Kind;
    if (id === 'country') return 'country';
    const entry = entries.get(id);
    if (entry) return entry.list === 'block' ? 'ip-block' : 'ip-allow';
    if (asnEntries.has(id)) return 'asn';
    return null;
  }

  return {
    rule(id, kind) {
      if (!id) return null;
      const k = kindOf(id, kind);
      return k ? { id, kind: k, label: label(id, k) } : null;
    },
    monitor(id) {
      if (!id) return null;
      // Only blocking rules can be monitored: the IP block list, the Country Blocker or the
      // ISP/ASN Blocker. A removed entry's list is not known any more; say IP block list.
      const k = kindOf(id, null) ?? (UUID.test(id) ? 'ip-block' : null);
      if (!k) return null;
      return {
        id,
        kind: k,
        label: label(id, k),
        action: k === 'country' ? countryAction : k === 'asn' ? asnAction : 'block',
      };
    },
  };
}

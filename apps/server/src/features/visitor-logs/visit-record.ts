// The visit row as it is written in bulk (the live flush, the seed script, the benchmark): its
// fields in the order of VISIT_COLUMNS, and the two normalisations every write path applies:
// NUL characters removed from text, and the address stored as inet (its canonical text, or
// NULL when it is not an IP address).
import { MAX_ASN } from '@gatehouse/engine';

/** One visit ready to be stored; the column order of VISIT_COLUMNS. */
export interface VisitRecord {
  shopId: string;
  time: Date;
  /** The visitor address as the decision saw it. */
  ip: string;
  country: string | null;
  region: string | null;
  city: string | null;
  asn: number | null;
  org: string | null;
  url: string;
  referrer: string;
  userAgent: string;
  action: string;
  ruleId: string | null;
  ruleKind: string | null;
  monitor: boolean;
  monitorRuleId: string | null;
  /** The deciding rule's facts as it stood when it decided (RuleFacts). */
  ruleLabel: string | null;
  ruleMode: string | null;
  /** The monitored rule's kind and facts, and what it would have done. */
  monitorRuleKind: string | null;
  monitorLabel: string | null;
  monitorMode: string | null;
  monitorAction: 'block' | 'redirect' | null;
  /** The visitor's network kinds and crawler verdict as one bit set (visit-network.ts). */
  netFlags: number;
  /** The Bot Blocker category of the user agent, or null. */
  botCategory: string | null;
}

/** The rule facts of a visit no rule decided and none monitored (a plain allowed visit). */
export const NO_RULE_FACTS = {
  ruleLabel: null,
  ruleMode: null,
  monitorRuleKind: null,
  monitorLabel: null,
  monitorMode: null,
  monitorAction: null,
} as const satisfies Partial<VisitRecord>;

/** The network facts of a visit the engine knew nothing about (no flag, no bot category). */
export const NO_NETWORK_FACTS = {
  netFlags: 0,
  botCategory: null,
} as const satisfies Partial<VisitRecord>;

export const VISIT_COLUMNS = [
  'shop_id',
  'time',
  'ip',
  'country',
  'region',
  'city',
  'asn',
  'org',
  'url',
  'referrer',
  'user_agent',
  'action',
  'rule_id',
  'rule_kind',
  'monitor',
  'monitor_rule_id',
  'rule_label',
  'rule_mode',
  'monitor_rule_kind',
  'monitor_label',
  'monitor_mode',
  'monitor_action',
  'net_flags',
  'bot_category',
] as const;

/** Removes NUL characters: PostgreSQL text cannot store them (both drivers would fail). */
export function storableText(value: string): string {
  return value.includes('\0') ? value.replaceAll('\0', '') : value;
}

/** An ASN the bigint column takes: a whole number from 0 to 4 294 967 295, or null. */
export function checkedAsn(value: number | null): number | null {
  if (value === null) return null;
  if (!Number.isInteger(value) || value < 0 || value > MAX_ASN) {
    throw new Error(`Not an ASN: ${value}`);
  }
  return value;
}

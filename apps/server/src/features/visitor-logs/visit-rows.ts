// A visit row as the visitor log reads it: the columns every page selects, the raw row as
// either driver answers it, and the opaque keyset cursor on (time, id).
import { visitorLogMessages as m } from '@gatehouse/contracts';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import type { VisitRecord as StoredVisit } from './visit-record.js';

/** A visit row as the log reads it: the stored fields with its id and exact time. */
export interface VisitRecord extends Omit<StoredVisit, 'shopId' | 'action'> {
  id: string;
  /** The time as Postgres wrote it (microseconds kept): the cursor's half. */
  timeText: string;
  action: 'allow' | 'block' | 'redirect';
}

export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Case-insensitive for ASCII only, twice as fast as the database's UTF-8 folding: visited URLs
// are percent-encoded, so their letters are ASCII.
export const urlContains = (text: string) => sql`(v.url collate "C") ilike ${likePattern(text)}`;

export function encodeCursor(row: Pick<VisitRecord, 'timeText' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.timeText, row.id])).toString('base64url');
}

export function decodeCursor(cursor: string): { time: string; id: string } {
  try {
    const [time, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof time !== 'string' || typeof id !== 'string' || !/^\d{1,19}$/.test(id)) {
      throw new Error('bad cursor');
    }
    // Postgres's text form of a timestamptz, e.g. 2030-01-31 12:00:00.123456+00.
    if (
      !/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}(?::?\d{2})?)$/.test(
        time,
      )
    ) {
      throw new Error('bad cursor');
    }
    return { time, id };
  } catch {
    throw badRequest(m.cursor);
  }
}

export interface RawVisit {
  id: string | number;
  time: string | Date;
  time_text: string;
  ip: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  asn: string | number | null;
  org: string | null;
  url: string;
  referrer: string;
  user_agent: string;
  action: 'allow' | 'block' | 'redirect';
  rule_id: string | null;
  rule_kind: string | null;
  monitor: boolean;
  monitor_rule_id: string | null;
  rule_label: string | null;
  rule_mode: string | null;
  monitor_rule_kind: string | null;
  monitor_label: string | null;
  monitor_mode: string | null;
  monitor_action: 'block' | 'redirect' | null;
  net_flags: number;
  bot_category: string | null;
}

export function toRecord(r: RawVisit): VisitRecord {
  return {
    id: String(r.id),
    time: r.time instanceof Date ? r.time : new Date(r.time),
    timeText: r.time_text,
    // Stored NULL: the visitor address was not an IP address.
    ip: r.ip ?? '',
    country: r.country,
    region: r.region,
    city: r.city,
    asn: r.asn === null ? null : Number(r.asn),
    org: r.org,
    url: r.url,
    referrer: r.referrer,
    userAgent: r.user_agent,
    action: r.action,
    ruleId: r.rule_id,
    ruleKind: r.rule_kind,
    monitor: r.monitor,
    monitorRuleId: r.monitor_rule_id,
    ruleLabel: r.rule_label,
    ruleMode: r.rule_mode,
    monitorRuleKind: r.monitor_rule_kind,
    monitorLabel: r.monitor_label,
    monitorMode: r.monitor_mode,
    monitorAction: r.monitor_action,
    netFlags: Number(r.net_flags),
    botCategory: r.bot_category,
  };
}

export function rowsOf(result: unknown): RawVisit[] {
  // node-postgres answers { rows }, PGlite too; both through drizzle's execute().
  return (result as { rows: RawVisit[] }).rows;
}

export const COLUMNS = sql`v.id, v.time, v.time::text as time_text, host(v.ip) as ip, v.country,
  v.region, v.city, v.asn, v.org, v.url, v.referrer, v.user_agent, v.action, v.rule_id,
  v.rule_kind, v.monitor, v.monitor_rule_id, v.rule_label, v.rule_mode, v.monitor_rule_kind,
  v.monitor_label, v.monitor_mode, v.monitor_action, v.net_flags, v.bot_category`;

export interface VisitPageResult {
  visits: VisitRecord[];
  /** Where the next page starts; null when nothing older matches. */
  nextCursor: string | null;
  /** A URL search that ran out of budget: the oldest visit it examined. */
  searchedTo: Date | null;
}

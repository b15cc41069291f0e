// The visit row as it is written in bulk, and its encoding as PostgreSQL CSV for COPY. Every
// text value is quoted (so an empty string stays distinct from NULL, which is the unquoted
// empty field) with inner quotes doubled; commas, newlines and backslashes are literal inside
// quotes in CSV mode. NUL bytes, which no PostgreSQL text value can hold, are removed.

/** One visit ready to be stored; the column order of VISIT_COLUMNS. */
export interface VisitRecord {
  shopId: string;
  time: Date;
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
}

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
] as const;

const NEEDS_WORK = /["\0]/;

/** Removes NUL characters: PostgreSQL text cannot store them (both drivers would fail). */
export function storableText(value: string): string {
  return value.includes('\0') ? value.replaceAll('\0', '') : value;
}

/** A text field: NULL is the unquoted empty field, anything else is quoted. */
export function csvText(value: string | null): string {
  if (value === null) return '';
  // Most values hold neither quotes nor NULs: skip the replacing (ingestion's hot path).
  if (!NEEDS_WORK.test(value)) return '"' + value + '"';
  return '"' + storableText(value).replaceAll('"', '""') + '"';
}

function csvInt(value: number | null): string {
  if (value === null) return '';
  if (!Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`);
  return String(value);
}

/** One CSV line (without its line break) in VISIT_COLUMNS order. */
export function visitCsvLine(v: VisitRecord): string {
  return (
    csvText(v.shopId) +
    ',' +
    v.time.toISOString() +
    ',' +
    csvText(v.ip) +
    ',' +
    csvText(v.country) +
    ',' +
    csvText(v.region) +
    ',' +
    csvText(v.city) +
    ',' +
    csvInt(v.asn) +
    ',' +
    csvText(v.org) +
    ',' +
    csvText(v.url) +
    ',' +
    csvText(v.referrer) +
    ',' +
    csvText(v.userAgent) +
    ',' +
    csvText(v.action) +
    ',' +
    csvText(v.ruleId) +
    ',' +
    csvText(v.ruleKind) +
    ',' +
    (v.monitor ? 't' : 'f') +
    ',' +
    csvText(v.monitorRuleId)
  );
}

/** The whole batch as a CSV document, one line per visit. */
export function visitsToCsv(rows: readonly VisitRecord[]): string {
  let out = '';
  for (const row of rows) out += visitCsvLine(row) + '\n';
  return out;
}

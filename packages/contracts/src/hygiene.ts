// Input hygiene shared by every call: what text, dates, page cursors and key/value maps may
// hold before anything reaches the database. Text never carries NUL or other control
// characters, nor broken UTF-16; anything a merchant is shown (names, notes, titles, messages)
// also refuses the bidirectional overrides that make text read differently from what it is.
// Dates are real calendar dates in a sane year range, never rolled over (30 February is
// refused, not read as 2 March). Each check answers a sentence the merchant can act on.
import { z } from 'zod';
import { listRangeProblem, parseIpRange } from '@gatehouse/engine/values';

export const hygieneMessages = {
  control: (field: string) =>
    `${field} contains an invisible control character (such as NUL). Remove it and try again.`,
  bidi: (field: string) =>
    `${field} contains a hidden text-direction character (U+202A–U+202E or U+2066–U+2069). Remove it and try again.`,
  encoding: (field: string) =>
    `${field} contains a broken character. Type or paste it again as plain text.`,
  key: (field: string) => `${field} is not a field this call accepts.`,
  tooDeep: 'The request is nested too deeply.',
  date: (field: string) =>
    `${field} must be a real calendar date and time, like 2030-01-31T00:00:00Z.`,
  year: (field: string, min: number, max: number) =>
    `${field} must be a date between the years ${min} and ${max}.`,
  past: 'The expiry is already past. Choose a later date and time, or leave it empty to keep the entry for good.',
} as const;

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is its purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Bidirectional embeddings, overrides and isolates. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
/** An unpaired UTF-16 surrogate (a paired one is one code point in a `u` regex). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Why `text` may not be stored, or null when it may; `shown` also refuses bidi overrides. */
export function textProblem(text: string, field: string, shown = true): string | null {
  if (CONTROL.test(text)) return hygieneMessages.control(field);
  if (LONE_SURROGATE.test(text)) return hygieneMessages.encoding(field);
  if (shown && BIDI.test(text)) return hygieneMessages.bidi(field);
  return null;
}

/** A zod check for a string field: no control characters, no broken UTF-16, no bidi overrides. */
export function cleanText(field: string, shown = true) {
  return (text: string, ctx: z.core.$RefinementCtx<string>) => {
    const problem = textProblem(text, field, shown);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };
}

/** A string field that is clean text (see cleanText). */
export const safeString = (field: string, error: string, shown = true) =>
  z.string({ error }).superRefine(cleanText(field, shown));

// ---------------------------------------------------------------- any request

/** Key names that reach into an object's prototype when used as a lookup. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 32;

const fieldName = (path: (string | number)[]) =>
  path.length === 0 ? 'The request' : `The field "${path.join('.')}"`;

/**
 * The first hygiene problem anywhere in a request (body or query), or null. Every string and
 * every key is checked, however deep, so a call whose schema forgets a field still refuses
 * NUL, control and bidi characters and prototype keys.
 */
export function requestHygieneProblem(input: unknown): string | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (path.length > MAX_DEPTH) return hygieneMessages.tooDeep;
    if (typeof value === 'string') {
      const problem = textProblem(value, fieldName(path));
      if (problem) return problem;
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        const at = [...path, key];
        if (PROTOTYPE_KEYS.has(key)) return hygieneMessages.key(fieldName(at));
        const problem = textProblem(key, `A field name in ${fieldName(path).toLowerCase()}`);
        if (problem) return problem;
        stack.push({ value: (value as Record<string, unknown>)[key], path: at });
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------- dates

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(Z|[+-](\d{2})(?::?(\d{2}))?)?$/i;

export const DATE_YEARS = { min: 2000, max: 2100 } as const;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Why `text` is not a real date and time in [min, max] years, or null. Accepts an ISO date
 * (`2030-01-31`) or date and time with an optional zone (`2030-01-31T12:00:00Z`).
 */
export function dateProblem(
  text: string,
  field: string,
  years: { min: number; max: number } = DATE_YEARS,
): string | null {
  const match = ISO_TIME.exec(text.trim());
  if (!match) return hygieneMessages.date(field);
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone, zh = '0', zm = '0'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
    return hygieneMessages.date(field);
  }
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return hygieneMessages.date(field);
  if (zone && zone.toUpperCase() !== 'Z' && (Number(zh) > 14 || Number(zm) > 59)) {
    return hygieneMessages.date(field);
  }
  const time = Date.parse(text.trim());
  if (Number.isNaN(time)) return hygieneMessages.date(field);
  const utcYear = new Date(time).getUTCFullYear();
  if (year < years.min || year > years.max || utcYear < years.min || utcYear > years.max) {
    return hygieneMessages.year(field, years.min, years.max);
  }
  return null;
}

/** A date-time string checked by dateProblem; `error` is the message for a non-string. */
export const calendarTime = (field: string, error: string) =>
  z
    .string({ error })
    .max(40, error)
    .superRefine((text, ctx) => {
      const problem = dateProblem(text, field);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** Why `text` cannot be an entry's expiry (not a real date, or already past), or null. */
export function expiryProblem(text: string, now = Date.now()): string | null {
  const problem = dateProblem(text, 'The expiry');
  if (problem) return problem;
  return Date.parse(text.trim()) <= now ? hygieneMessages.past : null;
}

// ---------------------------------------------------------------- addresses

/**
 * Why an IP list entry cannot be stored for what it covers, or null: the engine's bound on a
 * list entry, judged on the normalised range (list-range.ts). Text that is not an address or
 * range at all is left to the address check.
 */
export function ipEntryScopeProblem(text: string): string | null {
  const trimmed = text.trim();
  let parsed = parseIpRange(trimmed);
  // Bits set right of the prefix: judged by the network that prefix would cover.
  if (!parsed.ok && parsed.reason === 'hostBitsSet') parsed = parseIpRange(parsed.network);
  return parsed.ok ? listRangeProblem(trimmed, parsed.range) : null;
}

// ---------------------------------------------------------------- page cursors

const BIGINT_MAX = 9_223_372_036_854_775_807n;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function cursorParts(cursor: string): unknown[] | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  try {
    const base64 = cursor.replace(/-/g, '+').replace(/_/g, '/');
    const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    // Cursors the server writes are plain ASCII JSON.
    if (/[^\x20-\x7e]/.test(text)) return null;
    const parts: unknown = JSON.parse(text);
    return Array.isArray(parts) && parts.length === 2 ? parts : null;
  } catch {
    return null;
  }
}

/** True when `cursor` is a visitor-log page cursor: [time, id] with a real time and a bigint id. */
export function isVisitCursor(cursor: string): boolean {
  const [time, id] = cursorParts(cursor) ?? [];
  return (
    typeof time === 'string' &&
    typeof id === 'string' &&
    /^\d{1,19}$/.test(id) &&
    BigInt(id) <= BIGINT_MAX &&
    dateProblem(time, 'cursor') === null
  );
}

/** True when `cursor` is an IP-list page cursor: [created time, entry uuid]. */
export function isIpListCursor(cursor: string): boolean {
  const [time, id] = cursorParts(cursor) ?? [];
  return (
    typeof time === 'string' &&
    typeof id === 'string' &&
    UUID.test(id) &&
    dateProblem(time, 'cursor') === null
  );
}

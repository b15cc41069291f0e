// The reference a blocked shopper is shown and can quote to the store: ten letters and digits
// (Crockford's base 32, two groups of five) holding the blocked visit's time to the millisecond
// and a small tag of the visitor's address, so two shoppers blocked in the same millisecond get
// different references. The merchant types it into the visitor log's search field, which finds
// the visits blocked in that millisecond and keeps the one whose address has the tag. It says
// nothing about the store's rules, and nothing of the address a shopper could not know.

/** Crockford's base 32: no I, L, O or U, so a reference read aloud or retyped stays the same. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** The time is kept modulo 2^40 ms (about 35 years), far longer than any visit is kept. */
const TIME_SPAN = 2 ** 40;
const TAG_SPAN = 2 ** 10;
/** Clocks of two servers differ a little: a reference up to this far ahead is still taken. */
const CLOCK_SKEW_MS = 60_000;

/** Loose enough for what a person types: either case, spaces or dashes anywhere. */
const TYPED = /^[\s-]*(?:[0-9A-Za-z][\s-]*){10}$/;

/** What a reference holds. */
export interface ParsedVisitReference {
  /** The visit's time modulo TIME_SPAN (visitReferenceTime gives the time itself). */
  timeOfSpan: number;
  /** The visitor address's tag (visitAddressTag). */
  tag: number;
}

/** A 10-bit tag of an address's text (FNV-1a): the same address always has the same tag. */
export function visitAddressTag(address: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < address.length; i++) {
    hash = Math.imul(hash ^ address.charCodeAt(i), 0x01000193) >>> 0;
  }
  return hash % TAG_SPAN;
}

/** The digits' character codes. */
const CODES = Array.from(ALPHABET, (c) => c.charCodeAt(0));
const DASH = 45;

/** The reference of a visit decided at `timeMs` (ms since 1970) for this visitor address. */
export function visitReference(timeMs: number, address: string): string {
  const time = ((Math.trunc(timeMs) % TIME_SPAN) + TIME_SPAN) % TIME_SPAN;
  // 50 bits as two halves of 25 and the text in one piece: the decision's hot path.
  const hi = Math.floor(time / 2 ** 15);
  const lo = (time % 2 ** 15) * TAG_SPAN + visitAddressTag(address);
  const c = CODES;
  return String.fromCharCode(
    c[(hi >>> 20) & 31]!,
    c[(hi >>> 15) & 31]!,
    c[(hi >>> 10) & 31]!,
    c[(hi >>> 5) & 31]!,
    c[hi & 31]!,
    DASH,
    c[(lo >>> 20) & 31]!,
    c[(lo >>> 15) & 31]!,
    c[(lo >>> 10) & 31]!,
    c[(lo >>> 5) & 31]!,
    c[lo & 31]!,
  );
}

/** What a typed reference holds, or null when the text is not one. */
export function parseVisitReference(typed: string): ParsedVisitReference | null {
  if (!TYPED.test(typed)) return null;
  const text = typed.replace(/[\s-]/g, '').toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');
  let n = 0;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    n = n * 32 + digit;
  }
  return { timeOfSpan: Math.floor(n / TAG_SPAN), tag: n % TAG_SPAN };
}

/** The visit's time: the latest one the reference can name that is not in the future. */
export function visitReferenceTime(reference: ParsedVisitReference, now = Date.now()): number {
  const latest = now + CLOCK_SKEW_MS;
  const spanStart = latest - (latest % TIME_SPAN);
  const time = spanStart + reference.timeOfSpan;
  return time > latest ? time - TIME_SPAN : time;
}

/** Whether the text is a reference (and not, say, an IP address). */
export const isVisitReference = (typed: string) => parseVisitReference(typed) !== null;

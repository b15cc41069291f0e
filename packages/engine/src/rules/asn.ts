// AS numbers as merchants write them. The one reading of "AS15169", "as 15169" and "15169"
// that the engine's rules, the wire contracts and the admin's fields all share.

/** The largest AS number (32-bit ASNs, RFC 6793); 0 is reserved and never announced. */
export const MAX_ASN = 4_294_967_295;

/**
 * Most ASNs and ISP names one rule set may list, over all its ISP/ASN rules: twice the 1 000
 * ASNs the decision budget is measured with. compile() refuses more with its own message; the
 * rule schema's looser bounds only stop absurd input.
 */
export const MAX_ASN_ENTRIES = 2000;

export function isAsn(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_ASN;
}

const AS_NUMBER = /^(?:AS\s*)?(\d+)$/i;

/**
 * The number in "AS15169", "as 15169" or "15169" (surrounding spaces and leading zeros
 * allowed), whether or not it is in range; null when the text is not written as an AS number.
 * The caller tells "not a number" (maybe an ISP name) from "out of range" with isAsn.
 */
export function readAsNumber(text: string): number | null {
  const digits = AS_NUMBER.exec(text.trim())?.[1];
  return digits === undefined ? null : Number(digits);
}

/** The AS number the text names, or null when it names none in 1 to MAX_ASN. */
export function parseAsn(text: string): number | null {
  const asn = readAsNumber(text);
  return asn !== null && isAsn(asn) ? asn : null;
}

/**
 * Text written like the start of an AS number that is not one: "AS" alone, "AS" joined to
 * digits by punctuation ("AS-15169", "as:15169"), or the capitals AS run straight into
 * lower-case letters ("ASabc"). Such an entry is a mistyped ASN, not an ISP name: no
 * network's name in the ASN data is written like that (theirs follow "AS" with digits and
 * more words, capitals, or a space).
 */
export function looksLikeAsNumber(text: string): boolean {
  const value = text.trim();
  return /^as$/i.test(value) || /^as[^\p{L}\p{N}\s]+\d+$/iu.test(value) || /^AS\p{Ll}/u.test(value);
}

// IPv4/IPv6 text ⇄ numbers. Parsing is strict on purpose (no leading zeros in IPv4 parts, no
// zone ids, no brackets) so that one address has one meaning; IPv4-mapped IPv6
// (`::ffff:1.2.3.4`) is the IPv4 address it carries. The hot path (`parseIpInto`) writes into
// a caller's buffer and allocates nothing.

/** An IPv4 address as an unsigned 32-bit number, or an IPv6 address as four 32-bit words. */
export type IpAddress =
  { version: 4; value: number } | { version: 6; words: readonly [number, number, number, number] };

const DOT = 46;
const COLON = 58;

/** Parses dotted-quad IPv4 from text[start, end) into an unsigned number, or -1. */
function parseV4(text: string, start: number, end: number): number {
  let value = 0;
  let parts = 0;
  let i = start;
  while (parts < 4) {
    const partStart = i;
    let part = 0;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c < 48 || c > 57) break;
      part = part * 10 + (c - 48);
      i++;
    }
    const digits = i - partStart;
    if (digits === 0 || digits > 3 || part > 255) return -1;
    if (digits > 1 && text.charCodeAt(partStart) === 48) return -1; // leading zero: octal in some parsers
    value = value * 256 + part;
    parts++;
    if (parts < 4) {
      if (i >= end || text.charCodeAt(i) !== DOT) return -1;
      i++;
    }
  }
  return i === end ? value : -1;
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** Parses IPv6 text[start, end) into eight 16-bit groups in `groups`; false when invalid. */
function parseV6(text: string, start: number, end: number, groups: Uint16Array): boolean {
  let count = 0;
  let gap = -1; // index in groups where "::" sits
  let i = start;
  if (end - start < 2) return false;
  if (text.charCodeAt(i) === COLON) {
    if (text.charCodeAt(i + 1) !== COLON) return false;
    gap = 0;
    i += 2;
    if (i === end) {
      groups.fill(0);
      return true;
    }
  }
  while (i < end) {
    if (count === 8) return false;
    const groupStart = i;
    let group = 0;
    while (i < end) {
      const h = hexValue(text.charCodeAt(i));
      if (h < 0) break;
      group = group * 16 + h;
      i++;
    }
    const digits = i - groupStart;
    if (i < end && text.charCodeAt(i) === DOT) {
      // Embedded IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`): it fills the last two groups.
      if (count > 6) return false;
      const v4 = parseV4(text, groupStart, end);
      if (v4 < 0) return false;
      groups[count++] = Math.floor(v4 / 65536);
      groups[count++] = v4 % 65536;
      break;
    }
    if (digits === 0 || digits > 4) return false;
    groups[count++] = group;
    if (i === end) break;
    if (text.charCodeAt(i) !== COLON) return false; // also refuses zone ids ("%eth0") and brackets
    i++;
    if (i < end && text.charCodeAt(i) === COLON) {
      if (gap >= 0) return false;
      gap = count;
      i++;
    } else if (i === end) {
      return false; // trailing single colon
    }
  }
  if (gap < 0) return count === 8;
  if (count === 8) return false; // "::" must stand for at least one group
  const tail = count - gap;
  for (let k = 0; k < tail; k++) groups[7 - k] = groups[count - 1 - k]!;
  for (let k = gap; k < 8 - tail; k++) groups[k] = 0;
  return true;
}

const scratchGroups = new Uint16Array(8);

/**
 * Parses `text` into `out`: returns 4 (out[0] holds the IPv4 value), 6 (out[0..3] hold the
 * IPv6 words, high first) or 0 when the text is not an address. IPv4-mapped IPv6 returns 4.
 */
export function parseIpInto(text: string, out: Uint32Array | number[]): 0 | 4 | 6 {
  const end = text.length;
  if (end === 0 || end > 45) return 0;
  let hasColon = false;
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === COLON) {
      hasColon = true;
      break;
    }
  }
  if (!hasColon) {
    const v4 = parseV4(text, 0, end);
    if (v4 < 0) return 0;
    out[0] = v4;
    return 4;
  }
  const g = scratchGroups;
  if (!parseV6(text, 0, end, g)) return 0;
  if (g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0xffff) {
    out[0] = g[6]! * 65536 + g[7]!;
    return 4;
  }
  out[0] = g[0]! * 65536 + g[1]!;
  out[1] = g[2]! * 65536 + g[3]!;
  out[2] = g[4]! * 65536 + g[5]!;
  out[3] = g[6]! * 65536 + g[7]!;
  return 6;
}

/** Parses an IPv4 or IPv6 address; null when `text` is not exactly one address. */
export function parseIp(text: string): IpAddress | null {
  if (typeof text !== 'string') return null;
  const out = [0, 0, 0, 0];
  const version = parseIpInto(text, out);
  if (version === 4) return { version: 4, value: out[0]! };
  if (version === 6) return { version: 6, words: [out[0]!, out[1]!, out[2]!, out[3]!] };
  return null;
}

export function isIp(text: string): boolean {
  return parseIp(text) !== null;
}

export function formatIpv4(value: number): string {
  return `${Math.floor(value / 16777216) % 256}.${Math.floor(value / 65536) % 256}.${Math.floor(value / 256) % 256}.${value % 256}`;
}

/** RFC 5952 text of an IPv6 address: lower case, longest run of two or more zero groups as "::". */
export function formatIpv6(words: readonly number[]): string {
  const groups: number[] = [];
  for (const w of words) groups.push(Math.floor(w / 65536), w % 65536);
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  const head = hex.slice(0, bestStart).join(':');
  const tail = hex.slice(bestStart + bestLength).join(':');
  return `${head}::${tail}`;
}

export function formatIp(ip: IpAddress): string {
  return ip.version === 4 ? formatIpv4(ip.value) : formatIpv6(ip.words);
}

/** The canonical text of an address (IPv4-mapped IPv6 becomes dotted IPv4), or null. */
export function normalizeIp(text: string): string | null {
  const ip = parseIp(text);
  return ip ? formatIp(ip) : null;
}

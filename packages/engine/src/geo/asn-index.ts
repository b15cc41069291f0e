// ASN + organisation by IP, from @ip-location-db/asn's numeric CSVs (`start,end,asn,org`, one
// range per line, sorted by start). A hand-rolled scanner reads the file buffer directly; the
// index is typed arrays (IPv4 bounds as Uint32, IPv6 bounds as four Uint32 words) plus one
// de-duplicated table of organisation names. Lookup is a binary search.
import { findRange } from '../ip/sorted-ranges.js';

export interface AsnFamily {
  first: Uint32Array;
  last: Uint32Array;
  asn: Uint32Array;
  org: Uint32Array;
  count: number;
}

export interface AsnIndex {
  v4: AsnFamily;
  v6: AsnFamily;
  orgs: string[];
}

export interface AsnHit {
  asn: number;
  org: string | null;
}

const COMMA = 44;
const NEWLINE = 10;
const CR = 13;
const QUOTE = 34;

/** Organisation names shared by both families; index 0 means "no name". */
export class OrgTable {
  readonly names: string[] = [''];
  private readonly ids = new Map<string, number>();
  intern(name: string): number {
    if (name === '') return 0;
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.ids.set(name, id);
    }
    return id;
  }
}

function grow(array: Uint32Array, size: number): Uint32Array {
  const next = new Uint32Array(size);
  next.set(array);
  return next;
}

/**
 * Parses one numeric CSV. `words` is 1 for IPv4 and 4 for IPv6; decimal numbers of up to 39
 * digits are accumulated into 32-bit limbs, so no bigint is created per line.
 */
/** Reads a field of ASCII bytes as a string without a decoder round trip; null if not ASCII. */
function asciiString(buffer: Uint8Array, start: number, end: number): string | null {
  for (let k = start; k < end; k++) if (buffer[k]! >= 0x80) return null;
  return String.fromCharCode.apply(null, buffer.subarray(start, end) as unknown as number[]);
}

function sameBytes(buffer: Uint8Array, a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (buffer[a + k] !== buffer[b + k]) return false;
  return true;
}

/**
 * Parses one numeric CSV. `words` is 1 for IPv4 and 4 for IPv6. IPv6 numbers (up to 39
 * digits) are accumulated nine digits at a time into eight 16-bit limbs, so every step stays
 * exact in a double and no bigint is created per line.
 */
export function parseAsnCsv(buffer: Uint8Array, words: 1 | 4, orgs: OrgTable): AsnFamily {
  let capacity = Math.max(1024, Math.ceil(buffer.length / 40));
  let first: Uint32Array = new Uint32Array(capacity * words);
  let last: Uint32Array = new Uint32Array(capacity * words);
  let asn: Uint32Array = new Uint32Array(capacity);
  let org: Uint32Array = new Uint32Array(capacity);
  const limbs = new Float64Array(8); // 16-bit limbs, high first
  const decoder = new TextDecoder();
  const length = buffer.length;
  let count = 0;
  let i = 0;
  let value = 0; // the last IPv4 / ASN number read
  let previousOrgStart = -1;
  let previousOrgLength = -1;
  let previousOrgId = 0;

  const multiplyAdd = (factor: number, addend: number) => {
    let carry = addend;
    for (let l = 7; l >= 0; l--) {
      const v = limbs[l]! * factor + carry;
      carry = Math.floor(v / 65536);
      limbs[l] = v - carry * 65536;
    }
  };
  // Reads a decimal field (into `value`, or `limbs` when wide) and steps past its comma.
  const readNumber = (wide: boolean): boolean => {
    const start = i;
    value = 0;
    if (wide) limbs.fill(0);
    let chunk = 0;
    let chunkDigits = 0;
    while (i < length) {
      const c = buffer[i]!;
      if (c < 48 || c > 57) break;
      if (wide) {
        chunk = chunk * 10 + (c - 48);
        if (++chunkDigits === 9) {
          multiplyAdd(1e9, chunk);
          chunk = 0;
          chunkDigits = 0;
        }
      } else value = value * 10 + (c - 48);
      i++;
    }
    if (wide && chunkDigits > 0) multiplyAdd(10 ** chunkDigits, chunk);
    if (i === start || buffer[i] !== COMMA) return false;
    i++;
    return true;
  };
  const store = (target: Uint32Array) => {
    if (words === 1) target[count] = value;
    else
      for (let w = 0; w < 4; w++) target[count * 4 + w] = limbs[2 * w]! * 65536 + limbs[2 * w + 1]!;
  };
  const skipLine = () => {
    while (i < length && buffer[i] !== NEWLINE) i++;
    i++;
  };

  while (i < length) {
    if (count === capacity) {
      capacity *= 2;
      first = grow(first, capacity * words);
      last = grow(last, capacity * words);
      asn = grow(asn, capacity);
      org = grow(org, capacity);
    }
    if (!readNumber(words === 4)) {
      skipLine();
      continue;
    }
    store(first);
    if (!readNumber(words === 4)) {
      skipLine();
      continue;
    }
    store(last);
    if (!readNumber(false)) {
      skipLine();
      continue;
    }
    asn[count] = value;
    const quoted = buffer[i] === QUOTE;
    const start = quoted ? i + 1 : i;
    let escaped = false;
    let end: number;
    if (quoted) {
      i = start;
      while (i < length) {
        if (buffer[i] === QUOTE) {
          if (buffer[i + 1] !== QUOTE) break;
          escaped = true;
          i++;
        }
        i++;
      }
      end = i;
      skipLine();
    } else {
      while (i < length && buffer[i] !== NEWLINE) i++;
      end = i > start && buffer[i - 1] === CR ? i - 1 : i;
      i++;
    }
    // Neighbouring ranges usually belong to the same network: reuse its name without decoding.
    const nameLength = end - start;
    if (
      nameLength === previousOrgLength &&
      sameBytes(buffer, start, previousOrgStart, nameLength)
    ) {
      org[count] = previousOrgId;
    } else {
      let name = asciiString(buffer, start, end) ?? decoder.decode(buffer.subarray(start, end));
      if (escaped) name = name.replaceAll('""', '"');
      previousOrgId = orgs.intern(name);
      previousOrgStart = start;
      previousOrgLength = nameLength;
      org[count] = previousOrgId;
    }
    count++;
  }
  return {
    first: first.slice(0, count * words),
    last: last.slice(0, count * words),
    asn: asn.slice(0, count),
    org: org.slice(0, count),
    count,
  };
}

export function buildAsnIndex(v4Csv: Uint8Array, v6Csv: Uint8Array): AsnIndex {
  const orgs = new OrgTable();
  const v4 = parseAsnCsv(v4Csv, 1, orgs);
  const v6 = parseAsnCsv(v6Csv, 4, orgs);
  return { v4, v6, orgs: orgs.names };
}

function hit(index: AsnIndex, family: AsnFamily, at: number): AsnHit {
  const name = index.orgs[family.org[at]!];
  return { asn: family.asn[at]!, org: name ? name : null };
}

export function lookupAsnV4(index: AsnIndex, value: number): AsnHit | null {
  const { first, last, count } = index.v4;
  const at = findRange(first, last, count, 1, value, 0, 0, 0);
  return at >= 0 ? hit(index, index.v4, at) : null;
}

export function lookupAsnV6(
  index: AsnIndex,
  a: number,
  b: number,
  c: number,
  d: number,
): AsnHit | null {
  const { first, last, count } = index.v6;
  const at = findRange(first, last, count, 4, a, b, c, d);
  return at >= 0 ? hit(index, index.v6, at) : null;
}

/** Bytes held by the typed arrays plus an estimate of the name table (UTF-16 + per-string overhead). */
export function asnIndexBytes(index: AsnIndex): number {
  let bytes = 0;
  for (const f of [index.v4, index.v6]) {
    bytes += f.first.byteLength + f.last.byteLength + f.asn.byteLength + f.org.byteLength;
  }
  for (const name of index.orgs) bytes += 16 + name.length * 2;
  return bytes;
}

// ISP names against a visit's organisation, as whole words. A name matches when its words
// appear in the organisation as consecutive whole words, ignoring case and punctuation:
// "Hetzner" matches "Hetzner Online GmbH", "digitalocean" matches "DIGITALOCEAN-ASN" and
// "DigitalOcean, LLC", "AT&T" matches "AT&T Services, Inc.", but "OVH" does not match
// "GOVHOST Ltd". Exact equality would make merchants type the data's full legal name (which
// it spells inconsistently: "Amazon.com, Inc.", "AMAZON-02"); plain substrings would let a
// short name hit inside unrelated words.
//
// Matching must not allocate per visit: the organisation is read code unit by code unit
// through a fold table (lower case for letters and digits, 0 for separators), each word's hash
// finds the names starting with that word, and candidates are compared in place.

/** Code unit → its lower-case form when it belongs to a word, 0 when it separates words. */
let foldTable: Uint16Array | null = null;

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/** Built on first use (about 65 000 small checks), then shared by every policy. */
export function fold(): Uint16Array {
  if (foldTable !== null) return foldTable;
  const table = new Uint16Array(65536);
  for (let c = 0; c < 65536; c++) {
    if (c < 128) {
      if (c >= 48 && c <= 57) table[c] = c;
      else if (c >= 97 && c <= 122) table[c] = c;
      else if (c >= 65 && c <= 90) table[c] = c + 32;
      continue;
    }
    // Surrogate halves: astral letters are kept as they are (rare in network names).
    if (c >= 0xd800 && c <= 0xdfff) {
      table[c] = c;
      continue;
    }
    const ch = String.fromCharCode(c);
    if (!WORD_CHAR.test(ch)) continue;
    const lower = ch.toLowerCase();
    table[c] = lower.length === 1 ? lower.charCodeAt(0) : c;
  }
  foldTable = table;
  return table;
}

/**
 * The canonical form of an ISP name: its words, folded, joined by single spaces; null when it
 * has no letter or digit at all. Two names with the same form match the same organisations.
 */
export function normalizeIspName(name: string): string | null {
  const table = fold();
  const text = name.normalize('NFC');
  let out = '';
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    const f = table[text.charCodeAt(i)]!;
    if (f === 0) {
      pendingSpace = out.length > 0;
      continue;
    }
    if (pendingSpace) out += ' ';
    pendingSpace = false;
    out += String.fromCharCode(f);
  }
  return out === '' ? null : out;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 16777619;
/** Keeps hashes small integers, so Map keys stay unboxed. */
const HASH_MASK = 0x3fffffff;

/** A normalised name as folded code units, 0 between words. */
export interface Phrase {
  units: Uint16Array;
  /** Which of the matcher's rules it belongs to. */
  rule: number;
}

/** Hash of the first word of a normalised name, the same as `forEachMatch` computes. */
function firstWordHash(units: Uint16Array): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < units.length && units[i] !== 0; i++) h = Math.imul(h ^ units[i]!, FNV_PRIME);
  return h & HASH_MASK;
}

/** Names indexed by the hash of their first word. */
export type PhraseIndex = Map<number, Phrase[]>;

export function buildPhraseIndex(names: { normalized: string; rule: number }[]): PhraseIndex {
  const index: PhraseIndex = new Map();
  for (const { normalized, rule } of names) {
    const units = new Uint16Array(normalized.length);
    for (let i = 0; i < normalized.length; i++) {
      const c = normalized.charCodeAt(i);
      units[i] = c === 32 ? 0 : c;
    }
    const key = firstWordHash(units);
    const list = index.get(key);
    if (list) list.push({ units, rule });
    else index.set(key, [{ units, rule }]);
  }
  return index;
}

/** True when the phrase's words are at `start` of `org` (a word start), ending on a word end. */
function phraseAt(table: Uint16Array, org: string, start: number, units: Uint16Array): boolean {
  const n = org.length;
  let p = start;
  for (let j = 0; j < units.length; j++) {
    const u = units[j]!;
    if (u === 0) {
      // Between words: the organisation must be at a separator; any run of them will do.
      if (p >= n || table[org.charCodeAt(p)] !== 0) return false;
      while (p < n && table[org.charCodeAt(p)] === 0) p++;
      if (p >= n) return false;
      continue;
    }
    if (p >= n || table[org.charCodeAt(p)] !== u) return false;
    p++;
  }
  return p >= n || table[org.charCodeAt(p)] === 0;
}

/**
 * Calls `hit(rule)` for every name of the index found in `org` (a rule may be reported more
 * than once). Reads `org` in place; allocates nothing.
 */
export function forEachMatch(index: PhraseIndex, org: string, hit: (rule: number) => void): void {
  const table = fold();
  const n = org.length;
  let i = 0;
  while (i < n) {
    while (i < n && table[org.charCodeAt(i)] === 0) i++;
    if (i >= n) return;
    const start = i;
    let h = FNV_OFFSET;
    let f: number;
    while (i < n && (f = table[org.charCodeAt(i)]!) !== 0) {
      h = Math.imul(h ^ f, FNV_PRIME);
      i++;
    }
    const candidates = index.get(h & HASH_MASK);
    if (candidates === undefined) continue;
    for (let k = 0; k < candidates.length; k++) {
      const phrase = candidates[k]!;
      if (phraseAt(table, org, start, phrase.units)) hit(phrase.rule);
    }
  }
}

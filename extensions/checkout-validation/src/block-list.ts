// The block list as the validation function reads it, and as the server writes it. A function's
// input carries at most 10,000 bytes per metafield and about 64,000 bytes in all, so 10,000
// emails cannot travel as text: every entry except countries goes into one Bloom filter (a
// bit array; an entry sets k bits chosen by two hashes of its normalised value), sent in up
// to five base64 parts of 10,000 characters. Countries (at most a few hundred two-letter
// codes) travel as they are. The filter answers "not listed" exactly and "listed" with a small
// chance of a false match, which the builder keeps below about one in a million per compared
// value at 10,000 entries (and far lower for shorter lists) by giving each entry as many bits as
// the parts allow. Values are normalised here once, by the same code on both sides, so the
// function only hashes and compares.

/** What an entry matches. */
export type BlockKind = 'email' | 'emailDomain' | 'phone' | 'name' | 'address' | 'zip' | 'country';

/** The settings metafield (key block-list). */
export interface BlockListSettings {
  /** Format version. */
  v: 1;
  /** What the buyer is told. */
  message: string;
  /** Two-letter country codes, upper case. */
  countries: string[];
  /** Bits in the filter (0: no filter). */
  bits: number;
  /** Bits each entry sets. */
  k: number;
  /** Filter parts sent (block-list-0…). */
  parts: number;
}

export const SETTINGS_KEY = 'block-list';
export const partKey = (i: number) => `block-list-${i}`;
/** The most characters (= bytes) one part holds: a function input's per-metafield limit. */
export const MAX_PART_CHARS = 10_000;
export const MAX_PARTS = 5;
const BITS_PER_CHAR = 6;
const MAX_BITS = MAX_PART_CHARS * MAX_PARTS * BITS_PER_CHAR;
/** Bits each entry gets when the filter has room: a false match about one in 10^14. */
const BITS_PER_ENTRY = 64;
const MIN_BITS = 600;
const MAX_K = 32;

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

const squash = (text: string) => text.trim().replace(/\s+/g, ' ');
const letters = (text: string) =>
  squash(
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[.,#'"`´’()\-_/\\]+/g, ' '),
  );

/** An entry's or a buyer's value in the form both compare; '' when nothing is left. */
export function normalise(kind: BlockKind, value: string): string {
  switch (kind) {
    case 'email':
      return squash(value).toLowerCase();
    case 'emailDomain':
      return squash(value).toLowerCase().replace(/^@+/, '').replace(/\.$/, '');
    case 'phone':
      return value.replace(/\D+/g, '');
    case 'name':
    case 'address':
      return letters(value);
    case 'zip':
      return value.toUpperCase().replace(/[\s-]+/g, '');
    case 'country':
      return squash(value).toUpperCase();
  }
}

const PREFIX: Record<BlockKind, string> = {
  email: 'e:',
  emailDomain: 'd:',
  phone: 'p:',
  name: 'n:',
  address: 'a:',
  zip: 'z:',
  country: 'c:',
};

/** Murmur3's finaliser: spreads every input bit over the 32-bit result. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Two independent 32-bit hashes of a key (FNV-1a, and a multiply-rotate hash), mixed. */
export function hashes(key: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b = (b << 13) | (b >>> 19);
  }
  return [mix(a), (mix(b ^ key.length) | 1) >>> 0];
}

/** The k bit positions of a key: h1 + i·h2 modulo the size (exact in doubles below 2^53). */
function positions(key: string, bits: number, k: number): number[] {
  const [h1, h2] = hashes(key);
  const out: number[] = [];
  for (let i = 0; i < k; i++) out.push((h1 + i * h2) % bits);
  return out;
}

export interface BuiltBlockList {
  settings: BlockListSettings;
  /** Distinct values in the filter (countries aside). */
  keys: number;
  /** The filter's base64 parts, each at most MAX_PART_CHARS characters. */
  parts: string[];
}

/** Builds the metafields from entries (normalised here; empty and repeated values dropped). */
export function buildBlockList(
  entries: readonly { kind: BlockKind; value: string }[],
  message: string,
): BuiltBlockList {
  const countries = new Set<string>();
  const keys = new Set<string>();
  for (const entry of entries) {
    const value = normalise(entry.kind, entry.value);
    if (value === '') continue;
    if (entry.kind === 'country') countries.add(value);
    else keys.add(PREFIX[entry.kind] + value);
  }
  const n = keys.size;
  if (n === 0) {
    return {
      settings: { v: 1, message, countries: [...countries].sort(), bits: 0, k: 0, parts: 0 },
      keys: 0,
      parts: [],
    };
  }
  const wanted = Math.max(MIN_BITS, Math.min(MAX_BITS, n * BITS_PER_ENTRY));
  const bits = Math.ceil(wanted / BITS_PER_CHAR) * BITS_PER_CHAR;
  const k = Math.max(1, Math.min(MAX_K, Math.round((bits / n) * Math.LN2)));
  const sextets = new Uint8Array(bits / BITS_PER_CHAR);
  for (const key of keys) {
    for (const p of positions(key, bits, k)) {
      sextets[Math.floor(p / BITS_PER_CHAR)]! |= 1 << (p % BITS_PER_CHAR);
    }
  }
  let text = '';
  for (const s of sextets) text += B64[s];
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += MAX_PART_CHARS) {
    parts.push(text.slice(i, i + MAX_PART_CHARS));
  }
  return {
    settings: { v: 1, message, countries: [...countries].sort(), bits, k, parts: parts.length },
    keys: n,
    parts,
  };
}

/** The chance that a value not listed still matches, for a filter of these sizes. */
export function falseMatchRate(settings: Pick<BlockListSettings, 'bits' | 'k'>, n: number) {
  if (settings.bits === 0 || n === 0) return 0;
  return (1 - Math.exp((-settings.k * n) / settings.bits)) ** settings.k;
}

/** A block list read from the function's input, ready to answer lookups. */
export interface BlockListReader {
  message: string;
  has(kind: BlockKind, value: string): boolean;
}

const SEXTET = new Map([...B64].map((c, i) => [c.charCodeAt(0), i]));

/**
 * Reads the settings and the parts as they arrive; null when the settings are missing or not
 * in this format (the function then lets every checkout through), or the parts do not add up.
 */
export function readBlockList(
  settingsText: string | null | undefined,
  partTexts: readonly (string | null | undefined)[],
): BlockListReader | null {
  if (!settingsText) return null;
  let settings: BlockListSettings;
  try {
    settings = JSON.parse(settingsText) as BlockListSettings;
  } catch {
    return null;
  }
  if (settings?.v !== 1 || typeof settings.message !== 'string') return null;
  const filter = partTexts.slice(0, settings.parts).join('');
  const usable = settings.bits > 0 && filter.length * BITS_PER_CHAR === settings.bits;
  const countries = new Set(Array.isArray(settings.countries) ? settings.countries : []);
  return {
    message: settings.message,
    has(kind, value) {
      const v = normalise(kind, value);
      if (v === '') return false;
      if (kind === 'country') return countries.has(v);
      if (!usable) return false;
      for (const p of positions(PREFIX[kind] + v, settings.bits, settings.k)) {
        const sextet = SEXTET.get(filter.charCodeAt(Math.floor(p / BITS_PER_CHAR))) ?? 0;
        if ((sextet & (1 << (p % BITS_PER_CHAR))) === 0) return false;
      }
      return true;
    },
  };
}

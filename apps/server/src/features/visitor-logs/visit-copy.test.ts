import { describe, expect, it } from 'vitest';
import { visitsToCopyBinary } from './visit-copy.js';
import {
  checkedAsn,
  NO_NETWORK_FACTS,
  NO_RULE_FACTS,
  storableText,
  type VisitRecord,
} from './visit-record.js';

const base: VisitRecord = {
  shopId: '3f0c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  time: new Date('2026-01-02T03:04:05.678Z'),
  ip: '203.0.113.7',
  country: 'DE',
  region: null,
  city: null,
  asn: 3320,
  org: 'Deutsche Telekom AG',
  url: 'https://shop.example/',
  referrer: '',
  userAgent: 'Mozilla/5.0',
  action: 'allow',
  ruleId: null,
  ruleKind: null,
  monitor: false,
  monitorRuleId: null,
  ...NO_RULE_FACTS,
  ...NO_NETWORK_FACTS,
};

/** Reads a binary COPY document back into its tuples of raw fields (null or bytes). */
function readCopy(bytes: Uint8Array): (Uint8Array | null)[][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.subarray(0, 11)]).toEqual([
    0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00,
  ]);
  expect(view.getInt32(11)).toBe(0);
  expect(view.getInt32(15)).toBe(0);
  let at = 19;
  const tuples: (Uint8Array | null)[][] = [];
  for (;;) {
    const count = view.getInt16(at);
    at += 2;
    if (count === -1) break;
    const fields: (Uint8Array | null)[] = [];
    for (let i = 0; i < count; i++) {
      const length = view.getInt32(at);
      at += 4;
      if (length === -1) fields.push(null);
      else {
        fields.push(bytes.subarray(at, at + length));
        at += length;
      }
    }
    tuples.push(fields);
  }
  expect(at).toBe(bytes.length);
  return tuples;
}

const text = (field: Uint8Array | null | undefined) =>
  field === null || field === undefined ? null : new TextDecoder().decode(field);
const int64 = (field: Uint8Array | null | undefined) =>
  new DataView(field!.buffer, field!.byteOffset, 8).getBigInt64(0);

describe('visitsToCopyBinary', () => {
  it('writes a header, one tuple of 24 fields per visit and the trailer', () => {
    expect(readCopy(visitsToCopyBinary([]))).toEqual([]);
    const tuples = readCopy(visitsToCopyBinary([base, base]));
    expect(tuples).toHaveLength(2);
    expect(tuples[0]).toHaveLength(24);
  });

  it('ends each tuple with the network bit set as smallint and the bot category', () => {
    const [plain, bot] = readCopy(
      visitsToCopyBinary([base, { ...base, netFlags: 1 | 64, botCategory: 'fake-crawlers' }]),
    );
    const int16 = (field: Uint8Array | null | undefined) =>
      new DataView(field!.buffer, field!.byteOffset, 2).getInt16(0);
    expect(plain![22]).toHaveLength(2);
    expect(int16(plain![22])).toBe(0);
    expect(plain![23]).toBeNull();
    expect(int16(bot![22])).toBe(65);
    expect(text(bot![23])).toBe('fake-crawlers');
    for (const netFlags of [-1, 1.5, 0x8000, Number.NaN]) {
      expect(() => visitsToCopyBinary([{ ...base, netFlags }]), String(netFlags)).toThrow(
        /network bit set/,
      );
    }
  });

  it('encodes the shop id, the time in microseconds since 2000 and the ASN as bigint', () => {
    const [t] = readCopy(visitsToCopyBinary([base]));
    expect(Buffer.from(t![0]!).toString('hex')).toBe('3f0c1a2b4d5e4f608a7b9c0d1e2f3a4b');
    const ms = base.time.getTime() - Date.UTC(2000, 0, 1);
    expect(int64(t![1])).toBe(BigInt(ms) * 1000n);
    expect(int64(t![6])).toBe(3320n);
    // Before 2000 and past 2285 (beyond 2^53 microseconds) the halves stay exact.
    for (const iso of ['1969-07-20T20:17:40.001Z', '2999-12-31T23:59:59.999Z']) {
      const [u] = readCopy(visitsToCopyBinary([{ ...base, time: new Date(iso) }]));
      expect(int64(u![1])).toBe(BigInt(Date.parse(iso) - Date.UTC(2000, 0, 1)) * 1000n);
    }
    const [big] = readCopy(visitsToCopyBinary([{ ...base, asn: 4_294_967_295 }]));
    expect(int64(big![6])).toBe(4_294_967_295n);
  });

  it('encodes IPv4 and IPv6 addresses as inet, IPv4-mapped as IPv4, anything else as NULL', () => {
    const ips = ['203.0.113.7', '2001:db8::5', '::ffff:198.51.100.1', 'unknown', ''];
    const tuples = readCopy(visitsToCopyBinary(ips.map((ip) => ({ ...base, ip }))));
    expect([...tuples[0]![2]!]).toEqual([2, 32, 0, 4, 203, 0, 113, 7]);
    expect([...tuples[1]![2]!]).toEqual([
      3, 128, 0, 16, 0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5,
    ]);
    expect([...tuples[2]![2]!]).toEqual([2, 32, 0, 4, 198, 51, 100, 1]);
    expect(tuples[3]![2]).toBeNull();
    expect(tuples[4]![2]).toBeNull();
  });

  it('keeps NULL apart from the empty string and writes text as UTF-8 without NUL', () => {
    const [t] = readCopy(
      visitsToCopyBinary([
        { ...base, region: '', city: 'Zürich 🛡️ 中文', org: 'a\0b', url: '\0', ruleId: 'x,"y"\n' },
      ]),
    );
    expect(text(t![3])).toBe('DE');
    expect(text(t![4])).toBe('');
    expect(text(t![5])).toBe('Zürich 🛡️ 中文');
    expect(text(t![7])).toBe('ab');
    expect(text(t![8])).toBe('');
    expect(text(t![12])).toBe('x,"y"\n');
    expect(t![13]).toBeNull();
    expect([...t![14]!]).toEqual([0]);
    const [m] = readCopy(visitsToCopyBinary([{ ...base, monitor: true, monitorRuleId: 'c' }]));
    expect([...m![14]!]).toEqual([1]);
    expect(text(m![15])).toBe('c');
  });

  it('refuses what the columns could not take instead of failing the batch in the database', () => {
    expect(() => visitsToCopyBinary([{ ...base, asn: 1.5 }])).toThrow(/Not an ASN/);
    expect(() => visitsToCopyBinary([{ ...base, asn: 2 ** 32 }])).toThrow(/Not an ASN/);
    expect(() => visitsToCopyBinary([{ ...base, time: new Date(Number.NaN) }])).toThrow(
      /Not a time/,
    );
    expect(() => visitsToCopyBinary([{ ...base, shopId: 'demo' }])).toThrow(/Not a shop id/);
  });

  it('grows past its first guess for long values', () => {
    const url = `https://shop.example/${'é'.repeat(5000)}`;
    const tuples = readCopy(visitsToCopyBinary([{ ...base, url }, base]));
    expect(text(tuples[0]![8])).toBe(url);
    expect(text(tuples[1]![8])).toBe(base.url);
  });
});

describe('visit record normalisation', () => {
  it('removes NUL characters, which PostgreSQL text cannot hold', () => {
    expect(storableText('a\0b\0')).toBe('ab');
    expect(storableText('plain')).toBe('plain');
  });

  it('takes 32-bit ASNs and refuses anything else', () => {
    expect(checkedAsn(null)).toBeNull();
    expect(checkedAsn(4_200_000_000)).toBe(4_200_000_000);
    expect(() => checkedAsn(-1)).toThrow(/Not an ASN/);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIpInto } from './ip-address.js';
import { parseIpRange, ipToBigInt } from './ip-range.js';
import { parseIp } from './ip-address.js';
import { addRange, buildRangeSet, newRangeList, rangeSetHas } from './range-set.js';

const words = new Uint32Array(4);
function has(set: ReturnType<typeof buildRangeSet>, ip: string): boolean {
  const version = parseIpInto(ip, words);
  if (version === 0) throw new Error(ip);
  return rangeSetHas(set, version, words);
}

describe('range sets', () => {
  it('holds addresses and blocks of both families, merging overlaps', () => {
    const list = newRangeList();
    for (const text of [
      '10.0.0.0/24',
      '10.0.0.128/25',
      '10.0.1.5',
      '2001:db8::/48',
      '2001:db8::1',
      '::ffff:192.0.2.0/120',
    ]) {
      expect(addRange(list, text)).toBe(true);
    }
    const set = buildRangeSet([list]);
    expect(set.v4Count).toBe(3);
    expect(set.v6Count).toBe(1);
    for (const ip of [
      '10.0.0.0',
      '10.0.0.255',
      '10.0.1.5',
      '192.0.2.77',
      '2001:db8::',
      '2001:db8:0:ffff::1',
    ]) {
      expect(has(set, ip)).toBe(true);
    }
    for (const ip of ['10.0.1.0', '10.0.1.6', '9.255.255.255', '2001:db8:1::', '2001:db7:ffff::']) {
      expect(has(set, ip)).toBe(false);
    }
  });

  it.each([
    '10.0.0.1/24',
    '10.0.0.0/33',
    '2001:db8::1/64',
    'garbage',
    '10.0.0.0/',
    '::ffff:192.0.2.0/95',
  ])('refuses %s and adds nothing', (text) => {
    const list = newRangeList();
    expect(addRange(list, text)).toBe(false);
    expect(list.v4.length + list.v6.length).toBe(0);
  });

  it('answers as the exact CIDR arithmetic does, for random blocks and addresses', () => {
    const v4 = fc.tuple(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 8, max: 32 }));
    fc.assert(
      fc.property(
        fc.array(v4, { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: 0, max: 0xffffffff }), { maxLength: 30 }),
        (blocks, probes) => {
          const list = newRangeList();
          const exact = blocks.map(([value, prefix]) => {
            const base = prefix === 0 ? 0 : (value & ((0xffffffff << (32 - prefix)) >>> 0)) >>> 0;
            const text = `${base >>> 24}.${(base >>> 16) & 255}.${(base >>> 8) & 255}.${base & 255}/${prefix}`;
            expect(addRange(list, text)).toBe(true);
            const parsed = parseIpRange(text);
            if (!parsed.ok) throw new Error(text);
            return parsed.range;
          });
          const set = buildRangeSet([list]);
          for (const probe of [...probes, ...blocks.map(([v]) => v)]) {
            const ip = `${probe >>> 24}.${(probe >>> 16) & 255}.${(probe >>> 8) & 255}.${probe & 255}`;
            const n = ipToBigInt(parseIp(ip)!);
            expect(has(set, ip)).toBe(exact.some((r) => r.first <= n && n <= r.last));
          }
        },
      ),
      { seed: 20261123, numRuns: 200 },
    );
  });
});

// The width of an IP list entry, judged on the normalised range, and the notice for entries
// that together cover a large share of a family's addresses.
import { describe, expect, it } from 'vitest';
import { parseIpRange, type IpRange } from './ip-range.js';
import { LIST_MIN_PREFIX, listCoverageNotice, listRangeProblem } from './list-range.js';

const range = (text: string): IpRange => {
  const parsed = parseIpRange(text);
  if (!parsed.ok) throw new Error(`not a range: ${text}`);
  return parsed.range;
};
const problem = (text: string) => listRangeProblem(text, range(text));

describe('listRangeProblem', () => {
  it('judges a mapped IPv6 block as the IPv4 block it carries', () => {
    expect(problem('::ffff:0.0.0.0/96')).toMatch(/covers every address/);
    expect(problem('::ffff:0.0.0.0/103')).toMatch(/\(0\.0\.0\.0\/7\) covers 1\/128 of all IPv4/);
    expect(problem('::ffff:10.0.0.0/104')).toBeNull();
  });

  it('accepts a /8 of IPv4 and a /16 of IPv6 at the widest', () => {
    expect(LIST_MIN_PREFIX).toEqual({ 4: 8, 6: 16 });
    expect(problem('10.0.0.0/8')).toBeNull();
    expect(problem('10.0.0.0/7')).toMatch(/at most a \/8/);
    expect(problem('2001::/16')).toBeNull();
    expect(problem('2000::/15')).toMatch(/at most a \/16/);
    expect(problem('203.0.113.7')).toBeNull();
  });
});

describe('listCoverageNotice', () => {
  it('says nothing up to the widest single entry, overlaps counted once', () => {
    expect(
      listCoverageNotice([range('10.0.0.0/8'), range('10.1.0.0/16'), range('10.2.3.4')]),
    ).toBeNull();
    expect(listCoverageNotice([range('2001::/16'), range('2001:db8::/32')])).toBeNull();
  });

  it('names the share once the merged entries cover more than a /8 or a /16', () => {
    expect(listCoverageNotice([range('1.0.0.0/8'), range('2.0.0.0/8')])).toMatch(
      /cover 1\/128 of all IPv4 addresses\./,
    );
    expect(
      listCoverageNotice([range('1.0.0.0/8'), range('2.0.0.0/8'), range('3.0.0.0/8')]),
    ).toMatch(/cover 1\.17 % of all IPv4 addresses/);
    // Half the internet in /8s: every entry accepted, the list pointed out.
    const half = Array.from({ length: 128 }, (_, i) => range(`${i}.0.0.0/8`));
    expect(listCoverageNotice(half)).toMatch(/cover 1\/2 of all IPv4 addresses/);
    expect(listCoverageNotice([range('2001::/16'), range('2002::/16')])).toMatch(
      /1\/32768 of all IPv6 addresses/,
    );
  });

  it('leaves out entries too wide to be applied', () => {
    expect(listCoverageNotice([range('0.0.0.0/1'), range('10.0.0.0/8')])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { rangeListSize } from '../ip/range-set.js';
import { FEEDS, parseFeed } from './feeds.js';

describe('feed files', () => {
  it('reads a plain list, skipping comments and blank lines', () => {
    const ranges = parseFeed('lines', '# exits\n185.220.101.1\n\n2a0b:f4c2::1\n');
    expect(ranges.v4).toEqual([0xb9dc6501, 0xb9dc6501]);
    expect(ranges.v6).toEqual([0x2a0bf4c2, 0, 0, 1, 0x2a0bf4c2, 0, 0, 1]);
  });

  it('reads the first field of an egress CSV', () => {
    const ranges = parseFeed(
      'prefix-csv',
      '172.224.224.0/27,GB,GB-EN,London,\n2a02:26f7:b3c0:4000::/64,GB,GB-EN,London,\n',
    );
    expect(ranges.v4).toEqual([0xace0e000, 0xace0e01f]);
    expect(ranges.v6.slice(4)).toEqual([0x2a0226f7, 0xb3c04000, 0xffffffff, 0xffffffff]);
  });

  it('reads a prefixes JSON', () => {
    const body = JSON.stringify({
      creationTime: '2026-11-01T00:00:00',
      prefixes: [{ ipv6Prefix: '2001:4860:4801:10::/64' }, { ipv4Prefix: '66.249.64.0/27' }],
    });
    const ranges = parseFeed('prefix-json', body);
    expect(rangeListSize(ranges)).toBe(2);
    expect(ranges.v4).toEqual([0x42f94000, 0x42f9401f]);
  });

  it.each([
    ['lines', '185.220.101.1\nnot-an-address\n', /line 2: "not-an-address"/],
    ['lines', '185.220.101.1\n185.220.10', /line 2/],
    ['lines', '# nothing but a comment\n', /lists no address/],
    ['prefix-csv', '172.224.224.0/27,GB\n172.224.224.7/27,GB\n', /line 2/],
    ['prefix-json', '{"prefixes":[{"ipv4Prefix":"66.249.64.0/27"}', /not complete JSON/],
    ['prefix-json', '{"items":[]}', /no "prefixes" list/],
    ['prefix-json', '{"prefixes":[{"ipv4Prefix":"66.249.64.999/27"}]}', /prefix 1/],
    ['prefix-json', '{"prefixes":[]}', /lists no address/],
  ] as const)('refuses a bad %s file, naming the first bad entry', (format, body, message) => {
    expect(() => parseFeed(format, body)).toThrow(message);
  });

  it('names every feed with its publisher’s https address', () => {
    const names = new Set(FEEDS.map((f) => f.name));
    expect(names.size).toBe(FEEDS.length);
    for (const feed of FEEDS) expect(new URL(feed.url).protocol).toBe('https:');
  });
});

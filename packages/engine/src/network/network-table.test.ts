import { describe, expect, it } from 'vitest';
import { NETWORK_HOSTING, NETWORK_VPN } from './network-flags.js';
import { loadNetworkTable, networkTableFlags, parseNetworkTable } from './network-table.js';

const HEADER = 'asn,kinds,organisation,why\n';

describe('the curated networks table', () => {
  it('loads the shipped file, every row with an owner and a reason', () => {
    const rows = loadNetworkTable();
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) {
      expect(row.organisation.length).toBeGreaterThan(1);
      expect(row.why.length).toBeGreaterThan(5);
    }
    const flags = networkTableFlags(rows);
    expect(flags.get(16509)).toBe(NETWORK_HOSTING);
    expect(flags.get(13335)).toBe(NETWORK_HOSTING | NETWORK_VPN);
    expect(flags.get(39351)).toBe(NETWORK_VPN);
  });

  it('keeps commas in the reason', () => {
    const [row] = parseNetworkTable(`${HEADER}64500,hosting,Example,servers, for rent\n`);
    expect(row).toEqual({
      asn: 64500,
      kinds: ['hosting'],
      organisation: 'Example',
      why: 'servers, for rent',
    });
  });

  it.each([
    ['a bad AS number', '0,hosting,Example,why', /line 2: "0" is not an AS number/],
    ['an AS number too large', '4294967296,hosting,Example,why', /line 2/],
    ['an unknown kind', '64500,residential,Example,why', /line 2: "residential" is not one of/],
    ['a feed-only kind', '64500,tor,Example,why', /"tor" is not one of/],
    ['a missing reason', '64500,hosting,Example', /line 2: expected/],
    ['an empty reason', '64500,hosting,Example, ', /organisation and why are required/],
  ])('refuses %s, naming the line', (_name, line, message) => {
    expect(() => parseNetworkTable(HEADER + line)).toThrow(message);
  });

  it('refuses a network listed twice and a file without its header', () => {
    expect(() =>
      parseNetworkTable(`${HEADER}64500,hosting,A,why a\n# note\n64500,vpn,B,why b\n`),
    ).toThrow(/line 4: AS64500 is listed twice/);
    expect(() => parseNetworkTable('64500,hosting,A,why')).toThrow(/line 1 must be/);
  });
});

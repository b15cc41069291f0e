import { describe, expect, it } from 'vitest';
import { buildAsnIndex, lookupAsnV4, lookupAsnV6 } from './asn-index.js';

const encode = (text: string) => new TextEncoder().encode(text);

describe('ASN index from the numeric CSVs', () => {
  const v4 = encode(
    [
      '16777216,16777471,13335,"Cloudflare, Inc."',
      '16777472,16777727,64500,Example Net',
      '35309568,35313663,201907,"LLC ""SPUTNIK"""',
      '35313664,35313919,64501,Zürich Netz AG\r',
      'not,a,line',
      '35313920,35314175,64502,',
    ].join('\n') + '\n',
  );
  const v6 = encode(
    [
      // 2001:4860::/32 written as decimal 128-bit numbers
      `${0x20014860n << 96n},${(0x20014860n << 96n) | ((1n << 96n) - 1n)},15169,Google LLC`,
      `${(1n << 128n) - 256n},${(1n << 128n) - 1n},64503,Top Of Space`,
    ].join('\n'),
  );
  const index = buildAsnIndex(v4, v6);

  it('finds the range holding an IPv4 address', () => {
    expect(lookupAsnV4(index, 16777216)).toEqual({ asn: 13335, org: 'Cloudflare, Inc.' });
    expect(lookupAsnV4(index, 16777471)).toEqual({ asn: 13335, org: 'Cloudflare, Inc.' });
    expect(lookupAsnV4(index, 16777600)).toEqual({ asn: 64500, org: 'Example Net' });
    expect(lookupAsnV4(index, 16777215)).toBeNull();
    expect(lookupAsnV4(index, 35400000)).toBeNull();
  });

  it('reads quoted names, doubled quotes, UTF-8, CR line ends and empty names', () => {
    expect(lookupAsnV4(index, 35309568)?.org).toBe('LLC "SPUTNIK"');
    expect(lookupAsnV4(index, 35313700)?.org).toBe('Zürich Netz AG');
    expect(lookupAsnV4(index, 35314000)).toEqual({ asn: 64502, org: null });
    expect(index.v4.count).toBe(5);
  });

  it('finds the range holding an IPv6 address given as 128-bit decimals', () => {
    expect(lookupAsnV6(index, 0x20014860, 0x48600000, 0, 0x8888)).toEqual({
      asn: 15169,
      org: 'Google LLC',
    });
    expect(lookupAsnV6(index, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffff00)?.asn).toBe(64503);
    expect(lookupAsnV6(index, 0x20014861, 0, 0, 0)).toBeNull();
  });

  it('stores each organisation name once', () => {
    const twice = encode('1,2,1,Same Org\n3,4,1,Other\n5,6,1,Same Org\n');
    const shared = buildAsnIndex(twice, encode(''));
    expect(shared.orgs.filter((o) => o === 'Same Org')).toHaveLength(1);
  });
});

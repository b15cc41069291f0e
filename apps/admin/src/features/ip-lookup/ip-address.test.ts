import { describe, expect, it } from 'vitest';
import { isIpAddress, isIpv4, isIpv6, normaliseIpInput } from './ip-address.js';

describe('isIpv4', () => {
  it.each(['0.0.0.0', '8.8.8.8', '203.0.113.7', '255.255.255.255'])('accepts %s', (ip) => {
    expect(isIpv4(ip)).toBe(true);
  });
  it.each(['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.4/24', 'a.b.c.d', ''])(
    'rejects %s',
    (ip) => {
      expect(isIpv4(ip)).toBe(false);
    },
  );
});

describe('isIpv6', () => {
  it.each([
    '::',
    '::1',
    '2001:db8::1',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
    'fe80::1:2:3:4:5:6',
    '::ffff:192.0.2.1',
    '64:ff9b::203.0.113.5',
  ])('accepts %s', (ip) => {
    expect(isIpv6(ip)).toBe(true);
  });
  it.each([
    '2001:db8::1::2',
    '2001:db8:1:2:3:4:5:6:7',
    '2001:db8:1:2:3:4:5',
    'gggg::1',
    '12345::1',
    '::ffff:999.0.2.1',
    '2001:db8::/32',
    '1.2.3.4',
  ])('rejects %s', (ip) => {
    expect(isIpv6(ip)).toBe(false);
  });
});

describe('lookup input', () => {
  it('trims and drops URL-style brackets before checking', () => {
    expect(normaliseIpInput('  [2001:db8::1] ')).toBe('2001:db8::1');
    expect(isIpAddress(normaliseIpInput(' 198.51.100.4 '))).toBe(true);
  });
  it('rejects ranges and host names', () => {
    expect(isIpAddress('198.51.100.0/24')).toBe(false);
    expect(isIpAddress('example.com')).toBe(false);
  });
});

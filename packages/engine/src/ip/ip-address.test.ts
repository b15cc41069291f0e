import { describe, expect, it } from 'vitest';
import { formatIp, normalizeIp, parseIp } from './ip-address.js';

describe('parseIp', () => {
  it('reads IPv4 dotted quads as unsigned numbers', () => {
    expect(parseIp('0.0.0.0')).toEqual({ version: 4, value: 0 });
    expect(parseIp('8.8.8.8')).toEqual({ version: 4, value: 0x08080808 });
    expect(parseIp('255.255.255.255')).toEqual({ version: 4, value: 0xffffffff });
  });

  it.each([
    '010.0.0.1',
    '1.2.3.04',
    '00.1.2.3',
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '1..2.3',
    '1.2.3.4 ',
    ' 1.2.3.4',
    '1.2.3.-4',
    '1.2.3.4/32',
    '',
    '0x7f.0.0.1',
    '1234.1.1.1',
  ])('refuses the IPv4 text %j', (text) => {
    expect(parseIp(text)).toBeNull();
  });

  it('reads IPv6 in full, compressed and mixed forms', () => {
    expect(parseIp('::')).toEqual({ version: 6, words: [0, 0, 0, 0] });
    expect(parseIp('::1')).toEqual({ version: 6, words: [0, 0, 0, 1] });
    expect(parseIp('2001:db8::')).toEqual({ version: 6, words: [0x20010db8, 0, 0, 0] });
    expect(parseIp('2001:4860:4860::8888')).toEqual({
      version: 6,
      words: [0x20014860, 0x48600000, 0, 0x8888],
    });
    expect(parseIp('2001:0DB8:0000:0000:0000:0000:0000:0001')).toEqual(parseIp('2001:db8::1'));
    expect(parseIp('64:ff9b::192.0.2.33')).toEqual({
      version: 6,
      words: [0x0064ff9b, 0, 0, 0xc0000221],
    });
    expect(parseIp('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')).toEqual({
      version: 6,
      words: [0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff],
    });
  });

  it('maps IPv4-mapped IPv6 to the IPv4 address it carries', () => {
    expect(parseIp('::ffff:1.2.3.4')).toEqual({ version: 4, value: 0x01020304 });
    expect(parseIp('::FFFF:0102:0304')).toEqual({ version: 4, value: 0x01020304 });
    expect(parseIp('0:0:0:0:0:ffff:8.8.8.8')).toEqual({ version: 4, value: 0x08080808 });
  });

  it.each([
    'fe80::1%eth0',
    'fe80::1%1',
    '[::1]',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '1::2::3',
    ':::',
    ':1',
    '1:',
    '1:2:3:4:5:6:7:8::',
    '12345::',
    'g::1',
    '::ffff:1.2.3.04',
    '::ffff:256.1.1.1',
    '1:2:3:4:5:6:7:1.2.3.4',
    '1.2.3.4::',
  ])('refuses the IPv6 text %j', (text) => {
    expect(parseIp(text)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(parseIp(undefined as unknown as string)).toBeNull();
    expect(parseIp(42 as unknown as string)).toBeNull();
  });
});

describe('formatIp and normalizeIp', () => {
  it('writes RFC 5952 text', () => {
    expect(normalizeIp('2001:0db8:0000:0000:0001:0000:0000:0001')).toBe('2001:db8::1:0:0:1');
    expect(normalizeIp('2001:db8:0:1:1:1:1:1')).toBe('2001:db8:0:1:1:1:1:1');
    expect(normalizeIp('0:0:0:0:0:0:0:0')).toBe('::');
    expect(normalizeIp('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(normalizeIp('1.2.3.4')).toBe('1.2.3.4');
    expect(normalizeIp('nope')).toBeNull();
  });

  it('round-trips what it parses', () => {
    for (const text of ['::1', '2001:db8::', 'fe80::1:2', '255.0.10.1', '1:0:0:1::']) {
      expect(formatIp(parseIp(text)!)).toBe(text);
    }
  });
});

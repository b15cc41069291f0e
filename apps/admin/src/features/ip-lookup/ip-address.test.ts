import { isIp } from '@gatehouse/engine/values';
import { describe, expect, it } from 'vitest';
import { normaliseIpInput } from './ip-address.js';

const looksUp = (input: string) => isIp(normaliseIpInput(input));

describe('lookup input', () => {
  it.each([
    '8.8.8.8',
    ' 203.0.113.7 ',
    '255.255.255.255',
    '::1',
    '[2001:db8::1]',
    '  [2001:db8::1] ',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
    '::ffff:192.0.2.1',
    '64:ff9b::203.0.113.5',
  ])('looks up %j', (input) => {
    expect(looksUp(input)).toBe(true);
  });

  it.each([
    '256.1.1.1',
    '01.2.3.4',
    '1.2.3',
    '2001:db8::1::2',
    '2001:db8:1:2:3:4:5',
    '::ffff:999.0.2.1',
    '198.51.100.0/24',
    '2001:db8::/32',
    'example.com',
    '',
  ])('answers %j at once as not an address', (input) => {
    expect(looksUp(input)).toBe(false);
  });

  it('trims and drops URL-style brackets', () => {
    expect(normaliseIpInput('  [2001:db8::1] ')).toBe('2001:db8::1');
  });
});

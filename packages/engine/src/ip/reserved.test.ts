import { describe, expect, it } from 'vitest';
import { parseIp } from './ip-address.js';
import { isReservedV4, isReservedV6 } from './reserved.js';

function reserved(text: string): boolean {
  const ip = parseIp(text)!;
  return ip.version === 4
    ? isReservedV4(ip.value)
    : isReservedV6(ip.words[0], ip.words[1], ip.words[2]);
}

describe('reserved addresses', () => {
  it.each([
    '10.0.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '127.0.0.1',
    '100.64.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    'ff02::1',
    '2001:db8::5',
  ])('%s belongs to no one', (ip) => expect(reserved(ip)).toBe(true));

  it.each([
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '11.0.0.0',
    '2001:4860:4860::8888',
    '2a00:1450::1',
  ])('%s is public', (ip) => expect(reserved(ip)).toBe(false));
});

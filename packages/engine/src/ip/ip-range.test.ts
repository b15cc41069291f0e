import { describe, expect, it } from 'vitest';
import { parseIpRange } from './ip-range.js';

const ok = (text: string) => {
  const result = parseIpRange(text);
  if (!result.ok) throw new Error(`${text}: ${result.reason}`);
  return result.range;
};

describe('parseIpRange', () => {
  it('reads a single address as a one-address range', () => {
    expect(ok('8.8.8.8')).toEqual({
      version: 4,
      first: 0x08080808n,
      last: 0x08080808n,
      prefix: 32,
    });
    expect(ok('::1')).toMatchObject({ version: 6, first: 1n, last: 1n, prefix: 128 });
  });

  it('reads CIDR blocks, including /0, /32 and /128', () => {
    expect(ok('10.0.0.0/8')).toMatchObject({ first: 0x0a000000n, last: 0x0affffffn, prefix: 8 });
    expect(ok('0.0.0.0/0')).toMatchObject({ first: 0n, last: 0xffffffffn, prefix: 0 });
    expect(ok('1.2.3.4/32')).toMatchObject({ first: 0x01020304n, last: 0x01020304n });
    expect(ok('::/0')).toMatchObject({ version: 6, first: 0n, last: (1n << 128n) - 1n });
    expect(ok('2001:db8::1/128')).toMatchObject({ prefix: 128 });
    expect(ok('2001:db8::/32')).toMatchObject({
      first: 0x20010db8n << 96n,
      last: (0x20010db8n << 96n) | ((1n << 96n) - 1n),
    });
  });

  it('refuses a block with host bits set and names the intended network', () => {
    expect(parseIpRange('192.168.1.10/24')).toEqual({
      ok: false,
      reason: 'hostBitsSet',
      network: '192.168.1.0/24',
    });
    expect(parseIpRange('2001:db8::1/64')).toMatchObject({
      reason: 'hostBitsSet',
      network: '2001:db8::/64',
    });
  });

  it.each(['1.2.3.0/33', '::/129', '1.2.3.0/', '1.2.3.0/024', '1.2.3.0/-1', '1.2.3.0/8/8', '::/a'])(
    'refuses the prefix in %j',
    (text) => {
      expect(parseIpRange(text)).toMatchObject({ ok: false, reason: 'invalidPrefix' });
    },
  );

  it('treats an IPv4-mapped block as the IPv4 block it carries', () => {
    expect(ok('::ffff:10.0.0.0/104')).toMatchObject({ version: 4, prefix: 8, first: 0x0a000000n });
    expect(parseIpRange('::ffff:10.0.0.0/8')).toMatchObject({ ok: false, reason: 'invalidPrefix' });
  });

  it('refuses text that is no address', () => {
    expect(parseIpRange('010.0.0.0/8')).toMatchObject({ ok: false, reason: 'invalidAddress' });
    expect(parseIpRange('fe80::%eth0/64')).toMatchObject({ ok: false, reason: 'invalidAddress' });
  });
});

import { describe, expect, it } from 'vitest';
import { checkPublicHost, type HostLookup } from './public-host.js';

const answers =
  (table: Record<string, string[]>): HostLookup =>
  async (hostname) => {
    const found = table[hostname];
    if (!found) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return found;
  };

const lookup = answers({
  'shop.example': ['23.227.38.65', '2620:127:f00f:5::'],
  'inside.example': ['10.0.0.5'],
  'mixed.example': ['23.227.38.65', '127.0.0.1'],
  'mapped.example': ['::ffff:127.0.0.1'],
});

describe('checkPublicHost', () => {
  it('answers every address of a name that resolves only to public ones', async () => {
    expect(await checkPublicHost('shop.example', { lookup, timeoutMs: 1000 })).toEqual({
      ok: true,
      addresses: ['23.227.38.65', '2620:127:f00f:5::'],
    });
  });

  it.each([
    ['inside.example', '10.0.0.5', 'a private network address'],
    ['mixed.example', '127.0.0.1', 'a loopback address'],
    ['mapped.example', '127.0.0.1', 'a loopback address'],
    ['0x7f.1', '127.0.0.1', 'a loopback address'],
    ['[fe80::1]', 'fe80::1', 'a link-local address'],
  ])('refuses %s for %s, %s', async (host, address, reason) => {
    expect(await checkPublicHost(host, { lookup, timeoutMs: 1000 })).toEqual({
      ok: false,
      address,
      reason,
    });
  });

  it('refuses a name that does not resolve, or not in time', async () => {
    expect(await checkPublicHost('nowhere.example', { lookup, timeoutMs: 1000 })).toEqual({
      ok: false,
      address: null,
      reason: 'does not resolve',
    });
    const never: HostLookup = () => new Promise(() => {});
    expect(await checkPublicHost('slow.example', { lookup: never, timeoutMs: 50 })).toEqual({
      ok: false,
      address: null,
      reason: 'did not resolve in time',
    });
  });

  it("applies the caller's own refusal to each public address", async () => {
    const refuse = (address: string) => (address === '23.227.38.65' ? 'this very host' : null);
    expect(await checkPublicHost('shop.example', { lookup, timeoutMs: 1000, refuse })).toEqual({
      ok: false,
      address: '23.227.38.65',
      reason: 'this very host',
    });
  });

  it('lets private addresses through on request, the own refusal still applying', async () => {
    const refuse = (address: string) => (address === '10.0.0.5' ? 'the firewall itself' : null);
    expect(
      await checkPublicHost('mixed.example', { lookup, timeoutMs: 1000, allowNonPublic: true }),
    ).toEqual({ ok: true, addresses: ['23.227.38.65', '127.0.0.1'] });
    expect(
      await checkPublicHost('inside.example', {
        lookup,
        timeoutMs: 1000,
        allowNonPublic: true,
        refuse,
      }),
    ).toEqual({ ok: false, address: '10.0.0.5', reason: 'the firewall itself' });
  });

  it('resolves localhost to loopback with the system lookup, and refuses it', async () => {
    const result = await checkPublicHost('localhost', { timeoutMs: 2000 });
    expect(result).toMatchObject({ ok: false, reason: 'a loopback address' });
  });
});

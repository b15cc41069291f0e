// The Country Blocker's and the IP lists' calls: rules are stored only for the caller's shop,
// and every bad input is a 400 with a clear Message that changes nothing.
import { protectionMessages, type IpListPage } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { TestApp } from '../helpers/test-app.js';

let t: TestApp;
let alice: ShopSession;
let bob: ShopSession;
useSignedInShops({ alice: 'alice-rules', bob: 'bob-rules' }, (s) => ({ t, alice, bob } = s));

const list = async (
  token: string,
  name: 'listIpBlocker' | 'listWhiteLists' = 'listIpBlocker',
  query = {},
) => (await t.call(name, token, query)).json<IpListPage>();

describe('Country Blocker', () => {
  it('answers the defaults, then what was saved, normalised', async () => {
    expect((await t.call('getCountryBlocker', alice.token)).json()).toEqual({
      mode: 'blacklist',
      countries: [],
      action: { type: 'block' },
      monitor: false,
    });
    const saved = await t.call('saveCountryBlocker', alice.token, {
      mode: 'blacklist',
      countries: ['cn', 'RU', 'CN'],
      action: { type: 'redirect', url: 'https://example.com/sorry' },
      monitor: false,
    });
    expect(saved.statusCode).toBe(200);
    expect((await t.call('getCountryBlocker', alice.token)).json()).toEqual({
      mode: 'blacklist',
      countries: ['CN', 'RU'],
      action: { type: 'redirect', url: 'https://example.com/sorry' },
      monitor: false,
    });
    expect((await t.call('getCountryBlocker', bob.token)).json().countries).toEqual([]);
  });

  it.each([
    [
      { mode: 'greylist', countries: [], action: { type: 'block' }, monitor: false },
      protectionMessages.countryMode,
    ],
    [
      { mode: 'blacklist', countries: ['USA'], action: { type: 'block' }, monitor: false },
      protectionMessages.countryCode,
    ],
    [
      { mode: 'blacklist', countries: ['ZZ'], action: { type: 'block' }, monitor: false },
      '"ZZ" is not a country code (use two letters, like US or DE)',
    ],
    [
      {
        mode: 'blacklist',
        countries: [],
        action: { type: 'redirect', url: 'ftp://x' },
        monitor: false,
      },
      '"ftp://x" is not a valid redirect URL (use a full http:// or https:// address)',
    ],
  ])('refuses %j with a clear message and changes nothing', async (input, message) => {
    const before = (await t.call('getCountryBlocker', alice.token)).json();
    const res = await t.call('saveCountryBlocker', alice.token, input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
    expect((await t.call('getCountryBlocker', alice.token)).json()).toEqual(before);
  });

  it('drives checkEmptyWhiteLists', async () => {
    const save = (countries: string[]) =>
      t.call('saveCountryBlocker', bob.token, {
        mode: 'whitelist',
        countries,
        action: { type: 'block' },
        monitor: false,
      });
    await save([]);
    expect((await t.call('checkEmptyWhiteLists', bob.token)).json()).toBe(true);
    await save(['DE']);
    expect((await t.call('checkEmptyWhiteLists', bob.token)).json()).toBe(false);
  });
});

describe('IP lists', () => {
  it('adds addresses and ranges in canonical form, searchable, newest first', async () => {
    for (const [ip, note] of [
      ['203.0.113.7', 'office'],
      ['2001:DB8::/32', 'lab'],
      ['::ffff:198.51.100.0/120', 'mapped'],
    ]) {
      const res = await t.call('addIpBlocker', alice.token, { ip, note });
      expect(res.statusCode, res.body).toBe(200);
    }
    const page = await list(alice.token);
    expect(page.entries.map((e) => e.ip)).toEqual([
      '198.51.100.0/24',
      '2001:db8::/32',
      '203.0.113.7',
    ]);
    expect(page).toMatchObject({ total: 3, limit: 20, nextCursor: null });
    expect(
      (await list(alice.token, 'listIpBlocker', { search: 'lab' })).entries.map((e) => e.ip),
    ).toEqual(['2001:db8::/32']);
    expect((await list(alice.token, 'listWhiteLists')).total).toBe(0);
    expect((await list(bob.token)).total).toBe(0);
  });

  it('pages with a keyset cursor', async () => {
    const first = await list(alice.token, 'listIpBlocker', { limit: 2 });
    expect(first.entries).toHaveLength(2);
    const second = await list(alice.token, 'listIpBlocker', { limit: 2, cursor: first.nextCursor });
    expect(second.entries.map((e) => e.ip)).toEqual(['203.0.113.7']);
    expect(second.nextCursor).toBeNull();
    const bad = await t.call('listIpBlocker', alice.token, { cursor: 'nonsense' });
    expect(bad.json()).toMatchObject({ Message: protectionMessages.cursor });
  });

  it.each([
    [{ ip: '' }, protectionMessages.ipMissing],
    [{ ip: '10.0.0.256' }, '"10.0.0.256" is not a valid IP address'],
    [
      { ip: '10.0.0.1/24' },
      '"10.0.0.1/24" has bits set after the prefix; did you mean 10.0.0.0/24?',
    ],
    [{ ip: '10.0.0.0/33' }, '"10.0.0.0/33" has an invalid prefix length'],
    [{ ip: '1.2.3.4', expiresAt: 'tomorrow' }, protectionMessages.expiry],
    [{ ip: '1.2.3.4', note: 'x'.repeat(501) }, protectionMessages.noteTooLong],
    [{ ip: '203.0.113.7' }, 'That address or range is already in the list.'],
  ])('refuses %j and stores nothing', async (input, message) => {
    const res = await t.call('addIpBlocker', alice.token, input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
    expect((await list(alice.token)).total).toBe(3);
  });

  it('updates note and expiry, and deletes in bulk, only within the shop', async () => {
    const [entry] = (await list(alice.token)).entries;
    const updated = await t.call('updateIpBlocker', alice.token, {
      id: entry!.id,
      note: 'changed',
      expiresAt: '2099-01-01T00:00:00Z',
    });
    expect(updated.json()).toMatchObject({
      note: 'changed',
      expiresAt: '2099-01-01T00:00:00.000Z',
    });

    const foreignUpdate = await t.call('updateIpBlocker', bob.token, {
      id: entry!.id,
      note: 'hijack',
    });
    expect(foreignUpdate.json()).toMatchObject({ Message: protectionMessages.entryId });
    const foreignDelete = await t.call('deleteIpBlocker', bob.token, { ids: [entry!.id] });
    expect(foreignDelete.json()).toEqual({ deleted: 0 });
    expect((await list(alice.token)).entries[0]).toMatchObject({ id: entry!.id, note: 'changed' });

    expect((await t.call('deleteIpBlocker', alice.token, { ids: [] })).json()).toMatchObject({
      Message: protectionMessages.noEntries,
    });
    expect((await t.call('deleteIpBlocker', alice.token, { ids: ['x'] })).statusCode).toBe(400);
    expect((await t.call('deleteIpBlocker', alice.token, { ids: [entry!.id] })).json()).toEqual({
      deleted: 1,
    });
    expect((await list(alice.token)).total).toBe(2);
  });

  it('refuses every list call without a session', async () => {
    for (const name of [
      'listIpBlocker',
      'addIpBlocker',
      'getCountryBlocker',
      'saveGeneralSettings',
    ] as const) {
      expect((await t.call(name, null, {})).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ipBlocker/export' })).statusCode).toBe(
      401,
    );
  });
});

// The merchant's protection calls: rules and settings are stored only for the caller's shop,
// every bad input is a 400 with a clear Message that changes nothing, CSV import is
// all-or-nothing and the Free plan's cap holds.
import { protectionMessages, type IpListPage } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-rules');
  bob = await t.signIn('bob-rules');
});
afterAll(async () => {
  await t?.close();
});

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
    expect(res.json()).toEqual({ Message: message });
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
    expect(bad.json()).toEqual({ Message: protectionMessages.cursor });
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
    expect(res.json()).toEqual({ Message: message });
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
    expect(foreignUpdate.json()).toEqual({ Message: protectionMessages.entryId });
    const foreignDelete = await t.call('deleteIpBlocker', bob.token, { ids: [entry!.id] });
    expect(foreignDelete.json()).toEqual({ deleted: 0 });
    expect((await list(alice.token)).entries[0]).toMatchObject({ id: entry!.id, note: 'changed' });

    expect((await t.call('deleteIpBlocker', alice.token, { ids: [] })).json()).toEqual({
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

describe('CSV import and export', () => {
  const good =
    'ip,note,expires_at\n192.0.2.1,first\n192.0.2.0/28,"range, with comma"\n\n192.0.2.1,again\n';

  it('previews bad lines by number and imports nothing', async () => {
    const csv = '192.0.2.10\nnot-an-ip,x\n192.0.2.11,ok,someday\n192.0.2.12\n';
    const res = await t.call('previewWhiteListsImport', alice.token, { csv });
    expect(res.json()).toEqual({
      total: 4,
      valid: 2,
      duplicates: 0,
      errors: [
        { line: 2, text: 'not-an-ip,x', reason: '"not-an-ip" is not a valid IP address' },
        { line: 3, text: '192.0.2.11,ok,someday', reason: '"someday" is not a valid expiry date' },
      ],
      problem: 'The file has 2 bad lines. Fix them and check the file again; nothing was imported.',
      token: null,
    });
    expect((await list(alice.token, 'listWhiteLists')).total).toBe(0);
    const commit = await t.call('commitWhiteListsImport', alice.token, { csv, token: 'forged' });
    expect(commit.statusCode).toBe(400);
    expect((await list(alice.token, 'listWhiteLists')).total).toBe(0);
  });

  it('names the line where a quoted note is left open', async () => {
    const csv = '192.0.2.20,fine\n\n192.0.2.21,"never closed\n192.0.2.22\n';
    const preview = (await t.call('previewWhiteListsImport', alice.token, { csv })).json();
    expect(preview.errors).toEqual([
      {
        line: 3,
        text: expect.stringMatching(/^192\.0\.2\.21,"never closed/),
        reason: 'A quoted cell is not closed: a closing " is missing.',
      },
    ]);
    expect(preview.problem).toBe(
      'The file has 1 bad line. Fix it and check the file again; nothing was imported.',
    );
    expect(preview.token).toBeNull();
  });

  it('commits exactly the previewed text, once', async () => {
    const preview = (await t.call('previewWhiteListsImport', alice.token, { csv: good })).json();
    expect(preview).toMatchObject({ total: 3, valid: 2, duplicates: 1, errors: [], problem: null });
    const changed = await t.call('commitWhiteListsImport', alice.token, {
      csv: `${good}192.0.2.99\n`,
      token: preview.token,
    });
    expect(changed.statusCode).toBe(400);
    const fromBob = await t.call('commitWhiteListsImport', bob.token, {
      csv: good,
      token: preview.token,
    });
    expect(fromBob.statusCode).toBe(400);
    expect((await list(bob.token, 'listWhiteLists')).total).toBe(0);
    const commit = await t.call('commitWhiteListsImport', alice.token, {
      csv: good,
      token: preview.token,
    });
    expect(commit.json()).toEqual({ imported: 2 });
    expect((await list(alice.token, 'listWhiteLists')).entries.map((e) => [e.ip, e.note])).toEqual([
      ['192.0.2.0/28', 'range, with comma'],
      ['192.0.2.1', 'first'],
    ]);
    const again = await t.call('commitWhiteListsImport', alice.token, {
      csv: good,
      token: preview.token,
    });
    expect(again.json()).toEqual({ Message: 'Every address in the file is already in the list.' });
  });

  it('keeps the Free plan to 20 block-list entries, all or nothing', async () => {
    const csv = Array.from({ length: 19 }, (_, i) => `198.18.0.${i + 1}`).join('\n');
    const preview = (await t.call('previewIpBlockerImport', bob.token, { csv })).json();
    expect(preview.problem).toBeNull();
    expect(
      (await t.call('commitIpBlockerImport', bob.token, { csv, token: preview.token })).json(),
    ).toEqual({ imported: 19 });
    const over = (
      await t.call('previewIpBlockerImport', bob.token, { csv: '198.18.1.1\n198.18.1.2' })
    ).json();
    expect(over).toMatchObject({ valid: 2, token: null });
    expect(over.problem).toMatch(/at most 20 IP Blocker entries/);
    expect((await t.call('addIpBlocker', bob.token, { ip: '198.18.1.1' })).statusCode).toBe(200);
    const cap = await t.call('addIpBlocker', bob.token, { ip: '198.18.1.2' });
    expect(cap.statusCode).toBe(403);
    expect(cap.json().Message).toMatch(/Free plan keeps at most 20 IP Blocker entries/);
    expect((await list(bob.token)).total).toBe(20);
    // The allow list is not capped.
    expect((await t.call('addWhiteLists', bob.token, { ip: '198.18.1.2' })).statusCode).toBe(200);
  });

  it('exports the list as a CSV attachment', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/whiteLists/export',
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="ip-allow-list.csv"');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('ip,note,expires_at,hits,last_hit_at,created_at');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      '192.0.2.1,first',
      '192.0.2.0/28,"range',
    ]);
    expect(lines).toHaveLength(3);
  });
});

describe('General Settings', () => {
  const settings = {
    appEnabled: true,
    blockPage: {
      title: 'Closed',
      message: 'Not here.',
      backgroundColor: '#000',
      textColor: '#FFFFFF',
      logoUrl: 'https://cdn.example.com/logo.png',
    },
    timeoutMs: 3000,
    logRetentionHours: 12,
    adminAccessEnabled: false,
  };

  it('answers defaults, then saves', async () => {
    expect((await t.call('getGeneralSettings', alice.token)).json()).toEqual({
      appEnabled: true,
      blockPage: {
        title: 'Access denied',
        message: expect.any(String),
        backgroundColor: '#ffffff',
        textColor: '#202223',
        logoUrl: null,
      },
      timeoutMs: 2500,
      logRetentionHours: 24,
      adminAccessEnabled: false,
      maxLogRetentionHours: 24,
    });
    const res = await t.call('saveGeneralSettings', alice.token, {
      ...settings,
      appEnabled: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      appEnabled: false,
      timeoutMs: 3000,
      blockPage: { textColor: '#ffffff' },
    });
    expect((await t.call('getAccountInfo', alice.token)).json().isAppDisabled).toBe(true);
    expect((await t.call('getGeneralSettings', bob.token)).json().appEnabled).toBe(true);
  });

  it.each([
    [{ blockPage: { ...settings.blockPage, backgroundColor: 'red' } }, protectionMessages.colour],
    [{ blockPage: { ...settings.blockPage, title: ' ' } }, protectionMessages.title],
    [
      { blockPage: { ...settings.blockPage, logoUrl: 'javascript:alert(1)' } },
      protectionMessages.logoUrl,
    ],
    [{ timeoutMs: 499 }, protectionMessages.timeout],
    [{ timeoutMs: 10_001 }, protectionMessages.timeout],
    [{ logRetentionHours: 25 }, 'Your plan keeps visitor logs for at most 24 hours.'],
  ])('refuses %j and changes nothing', async (change, message) => {
    const before = (await t.call('getGeneralSettings', alice.token)).json();
    const res = await t.call('saveGeneralSettings', alice.token, { ...settings, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ Message: message });
    expect((await t.call('getGeneralSettings', alice.token)).json()).toEqual(before);
  });

  it('needs a paid plan to turn Admin Access on', async () => {
    const res = await t.call('saveGeneralSettings', bob.token, {
      ...settings,
      adminAccessEnabled: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().Message).toBe(
      'This feature requires an Premium or Pay-As-You-Go subscription. Please upgrade your plan.',
    );
  });
});

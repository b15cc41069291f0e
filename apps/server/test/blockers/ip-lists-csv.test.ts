// The IP lists' CSV import and export: bad lines named by number, import all-or-nothing (bad
// lines only left out when the commit asks) and exactly what was previewed, the Free plan's
// cap, and the list exported as an attachment.
import type { IpListPage } from '@gatehouse/contracts';
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

describe('CSV import and export', () => {
  const good =
    'ip,note,expires_at\n192.0.2.1,first\n192.0.2.0/28,"range, with comma"\n\n192.0.2.1,again\n';

  it('previews bad lines by number and imports nothing unless told to skip them', async () => {
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
      invalid: 2,
      problem:
        'The file has 2 bad lines. Fix them and check the file again, or skip them and import the rest.',
      token: expect.any(String),
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
      'The file has 1 bad line. Fix it and check the file again, or skip it and import the rest.',
    );
    expect(preview.invalid).toBe(1);
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
    expect(commit.json()).toEqual({ imported: 2, skipped: 0, notices: [] });
    expect((await list(alice.token, 'listWhiteLists')).entries.map((e) => [e.ip, e.note])).toEqual([
      ['192.0.2.0/28', 'range, with comma'],
      ['192.0.2.1', 'first'],
    ]);
    const again = await t.call('commitWhiteListsImport', alice.token, {
      csv: good,
      token: preview.token,
    });
    expect(again.json()).toMatchObject({
      Message: 'Every address in the file is already in the list.',
    });
  });

  it('keeps the Free plan to 20 block-list entries, all or nothing', async () => {
    const csv = Array.from({ length: 19 }, (_, i) => `198.18.0.${i + 1}`).join('\n');
    const preview = (await t.call('previewIpBlockerImport', bob.token, { csv })).json();
    expect(preview.problem).toBeNull();
    expect(
      (await t.call('commitIpBlockerImport', bob.token, { csv, token: preview.token })).json(),
    ).toEqual({ imported: 19, skipped: 0, notices: [] });
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
    const res = await alice.inject({ method: 'GET', url: '/api/whiteLists/export' });
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

  it('reads an exported list back in, its hit columns ignored', async () => {
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/whiteLists/export',
      headers: { authorization: `Bearer ${alice.token}` },
    });
    const preview = (
      await t.call('previewWhiteListsImport', bob.token, { csv: exported.body })
    ).json();
    expect(preview).toMatchObject({ total: 2, valid: 2, errors: [], problem: null });
    const commit = await t.call('commitWhiteListsImport', bob.token, {
      csv: exported.body,
      token: preview.token,
    });
    expect(commit.json()).toEqual({ imported: 2, skipped: 0, notices: [] });
    expect((await list(bob.token, 'listWhiteLists')).entries.map((e) => e.ip)).toEqual(
      expect.arrayContaining(['192.0.2.1', '192.0.2.0/28']),
    );
  });
});

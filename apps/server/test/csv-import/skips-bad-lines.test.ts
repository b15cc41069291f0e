// Importing a CSV file with bad lines into every list that imports: the preview names each bad
// line (number, text, reason) and still offers the good ones; a commit that does not ask to
// skip the bad lines stores nothing, one that does stores every good line at once and says how
// many lines it skipped. The list's other refusals (the plan's cap, a file of bad lines only)
// still store nothing, and a file as large as the contract allows is read, not refused for its
// size in JSON.
import {
  maxCsvChars,
  protectionMessages,
  type CallName,
  type CsvPreview,
} from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { TestApp } from '../helpers/test-app.js';

let t: TestApp;
let paid: ShopSession;
let free: ShopSession;
useSignedInShops(
  { paid: { name: 'paid-csv-skip', plan: 'premium' }, free: 'free-csv-skip' },
  (s) => ({ t, paid, free } = s),
);

interface ImportingList {
  name: string;
  preview: CallName;
  commit: CallName;
  /** The list's entries as the merchant reads them. */
  entries(shop: ShopSession): Promise<string[]>;
  /** Line `i` of a good file, and the entry it becomes. */
  good(i: number): [line: string, entry: string];
  /** Two bad lines and the list's reason for each. */
  bad: [line: string, reason: string | RegExp][];
}

const ipList = (id: 'IpBlocker' | 'WhiteLists'): ImportingList => ({
  name: id === 'IpBlocker' ? 'the IP Blocker' : 'the IP allow list',
  preview: `preview${id}Import`,
  commit: `commit${id}Import`,
  async entries(shop) {
    const page = await t.call(`list${id}`, shop.token, {});
    return page.json<{ entries: { ip: string }[] }>().entries.map((e) => e.ip);
  },
  good: (i) => [`198.51.100.${i},line ${i}`, `198.51.100.${i}`],
  bad: [
    ['not-an-ip,x', '"not-an-ip" is not a valid IP address'],
    ['198.51.100.99,ok,someday', '"someday" is not a valid expiry date'],
  ],
});

const lists: ImportingList[] = [
  ipList('IpBlocker'),
  ipList('WhiteLists'),
  {
    name: 'the Referrer Blocker',
    preview: 'previewReferrerBlockerImport',
    commit: 'commitReferrerBlockerImport',
    async entries(shop) {
      const view = await t.call('getReferrerBlocker', shop.token);
      return view.json<{ entries: { domain: string }[] }>().entries.map((e) => e.domain);
    },
    good: (i) => [`site${i}.example,line ${i}`, `site${i}.example`],
    bad: [
      ['localhost,x', /"localhost"/],
      ['a.example,b,c', 'Too many columns (expected domain, note).'],
    ],
  },
  {
    name: 'Customer Block Lists',
    preview: 'previewCustomerBlockImport',
    commit: 'commitCustomerBlockImport',
    async entries(shop) {
      const view = await t.call('getCustomerBlockLists', shop.token);
      return view.json<{ entries: { value: string }[] }>().entries.map((e) => e.value);
    },
    good: (i) => [`email,buyer${i}@example.com,line ${i}`, `buyer${i}@example.com`],
    bad: [
      ['garbage line without kind', /is not a kind/],
      ['country,ZZ,', /ZZ/],
    ],
  },
];

/** Ten lines, the bad ones on lines 3 and 7. */
function tenLines(list: ImportingList) {
  const good = Array.from({ length: 8 }, (_, i) => list.good(i + 1));
  const lines = good.map(([line]) => line);
  lines.splice(2, 0, list.bad[0]![0]);
  lines.splice(6, 0, list.bad[1]![0]);
  return { csv: `${lines.join('\n')}\n`, entries: good.map(([, entry]) => entry) };
}

const skippable = (n: number) =>
  `The file has ${n} bad lines. Fix them and check the file again, or skip them and import the rest.`;

describe('a CSV file with bad lines', () => {
  it.each(lists)(
    'imports the good lines into $name only when told to skip the bad ones',
    async (list) => {
      const { csv, entries } = tenLines(list);
      const res = await t.call(list.preview, paid.token, { csv });
      expect(res.statusCode, res.body).toBe(200);
      const preview = res.json<CsvPreview>();
      expect(preview).toMatchObject({
        total: 10,
        valid: 8,
        duplicates: 0,
        invalid: 2,
        problem: skippable(2),
        token: expect.any(String),
      });
      expect(preview.errors.map((e) => [e.line, e.text])).toEqual([
        [3, list.bad[0]![0]],
        [7, list.bad[1]![0]],
      ]);
      preview.errors.forEach((e, i) => expect(e.reason).toMatch(list.bad[i]![1]));

      const whole = await t.call(list.commit, paid.token, { csv, token: preview.token });
      expect(whole.statusCode).toBe(400);
      expect(whole.json<{ Message: string }>().Message).toMatch(
        /^Line 3: .* nothing was imported\.$/,
      );
      expect(await list.entries(paid)).toEqual([]);

      const skip = await t.call(list.commit, paid.token, {
        csv,
        token: preview.token,
        skipInvalid: true,
      });
      expect(skip.statusCode, skip.body).toBe(200);
      expect(skip.json()).toEqual({ imported: 8, skipped: 2, notices: [] });
      expect((await list.entries(paid)).sort()).toEqual([...entries].sort());

      // Again: its good lines are all listed now, so nothing is left to import.
      const again = await t.call(list.commit, paid.token, {
        csv,
        token: preview.token,
        skipInvalid: true,
      });
      expect(again.statusCode).toBe(400);
      expect(await list.entries(paid)).toHaveLength(8);
    },
  );

  it('refuses a commit that skips bad lines of a file other than the one checked', async () => {
    const csv = '203.0.113.1\nnot-an-ip\n203.0.113.2\n';
    const { token } = (
      await t.call('previewWhiteListsImport', free.token, { csv })
    ).json<CsvPreview>();
    const changed = await t.call('commitWhiteListsImport', free.token, {
      csv: `${csv}203.0.113.3\n`,
      token,
      skipInvalid: true,
    });
    expect(changed.json()).toMatchObject({
      Message: 'The file changed since it was checked. Please check it again before importing.',
    });
    const other = await t.call('commitWhiteListsImport', paid.token, {
      csv,
      token,
      skipInvalid: true,
    });
    expect(other.statusCode).toBe(400);
    const wrongFlag = await t.call('commitWhiteListsImport', free.token, {
      csv,
      token,
      skipInvalid: 'yes',
    });
    expect(wrongFlag.json()).toMatchObject({ Message: protectionMessages.csvSkipInvalid });
    expect((await t.call('listWhiteLists', free.token, {})).json()).toMatchObject({ total: 0 });
  });

  it("keeps the plan's cap and refuses a file of bad lines only, storing nothing", async () => {
    const over = [...Array.from({ length: 21 }, (_, i) => `198.18.0.${i + 1}`), 'nope'].join('\n');
    const preview = (
      await t.call('previewIpBlockerImport', free.token, { csv: over })
    ).json<CsvPreview>();
    expect(preview).toMatchObject({ valid: 21, invalid: 1, token: null });
    expect(preview.problem).toMatch(/at most 20 IP Blocker entries/);
    const capped = await t.call('commitIpBlockerImport', free.token, {
      csv: over,
      token: 'any',
      skipInvalid: true,
    });
    expect(capped.statusCode).toBe(403);
    expect(capped.json<{ Message: string }>().Message).toMatch(/at most 20 IP Blocker entries/);

    const allBad = 'nope\nnot-an-ip\n';
    const bad = await t.call('commitIpBlockerImport', free.token, {
      csv: allBad,
      token: 'any',
      skipInvalid: true,
    });
    expect(bad.json()).toMatchObject({
      Message: 'The file has 2 bad lines. Fix them and check the file again; nothing was imported.',
    });
    expect((await t.call('listIpBlocker', free.token, {})).json()).toMatchObject({ total: 0 });
  });

  it("answers with the list's notices after the import", async () => {
    const csv = '1.0.0.0/8,first\nwide\n2.0.0.0/8,second\n';
    const { token } = (
      await t.call('previewIpBlockerImport', free.token, { csv })
    ).json<CsvPreview>();
    const commit = await t.call('commitIpBlockerImport', free.token, {
      csv,
      token,
      skipInvalid: true,
    });
    expect(commit.json()).toEqual({
      imported: 2,
      skipped: 1,
      notices: [
        'Together, the entries of this list cover 1/128 of all IPv4 addresses. Check that this is what you meant: every visitor from those addresses is affected.',
      ],
    });
  });
});

describe('the size of a CSV file', () => {
  it('reads a file within the limit however much JSON escapes it, and refuses a longer one with 400', async () => {
    // Quotes take two characters each in JSON: this body is larger than other calls may be.
    const quoted = `"${'""'.repeat(300_000)}`;
    const res = await t.call('previewWhiteListsImport', free.token, { csv: quoted });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json<CsvPreview>()).toMatchObject({ total: 1, invalid: 1, token: null });

    const long = 'x'.repeat(maxCsvChars + 1);
    for (const call of ['previewWhiteListsImport', 'commitWhiteListsImport'] as const) {
      const tooLong = await t.call(call, free.token, { csv: long, token: 'any' });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toMatchObject({ Message: protectionMessages.csvTooLong });
    }
  });
});

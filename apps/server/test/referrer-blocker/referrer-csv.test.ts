// The Referrer Blocker's CSV import and export: a paid feature like the rest of the blocker,
// bad lines named by number (the preview lists them, a commit of such a file that does not
// ask to skip them is refused with the first one), a commit only of the exact text previewed
// by the same shop, all of it or nothing, applied by the next storefront decision, and the
// list exported as an attachment.
import {
  maxReferrerEntries,
  referrerMessages as m,
  type CsvPreview,
  type ReferrerBlockerView,
} from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referrerRules } from '../../src/features/referrer-blocker/referrer-schema.js';
import { shops } from '../../src/core/db/schema.js';
import { UPGRADE_MESSAGE } from '../../src/core/plan-gates.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;

async function shopIdOf(shop: SignedIn) {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, shop.shop));
  return row!.id;
}

async function setPlan(shop: SignedIn, plan: 'free' | 'premium' | 'payg') {
  const id = await shopIdOf(shop);
  await t.app.db.update(shops).set({ plan }).where(eq(shops.id, id));
  await t.app.protection.policies.rebuild(id);
}

const domains = async (shop: SignedIn) =>
  (await t.call('getReferrerBlocker', shop.token))
    .json<ReferrerBlockerView>()
    .entries.map((e) => [e.domain, e.note]);

const preview = async (shop: SignedIn, csv: string) => {
  const res = await t.call('previewReferrerBlockerImport', shop.token, { csv });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CsvPreview>();
};

const exportCsv = (token: string | null) =>
  t.app.inject({
    method: 'GET',
    url: '/api/referrerBlocker/export',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const badLines = (n: number) =>
  `The file has ${n} bad lines. Fix them and check the file again; nothing was imported.`;
const skippable = (n: number) =>
  `The file has ${n} bad lines. Fix them and check the file again, or skip them and import the rest.`;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-referrer-csv');
  bob = await t.signIn('bob-referrer-csv');
  carol = await t.signIn('carol-referrer-csv');
  await setPlan(alice, 'premium');
  await setPlan(bob, 'payg');
  await t.app.protection.geo.ready;
});
afterAll(async () => {
  await t?.close();
});

describe('the plan gate', () => {
  it('answers 403 on the Free plan for the import and the export, and stores nothing', async () => {
    for (const [name, input] of [
      ['previewReferrerBlockerImport', { csv: 'spam.example' }],
      ['commitReferrerBlockerImport', { csv: 'spam.example', token: 'x' }],
    ] as const) {
      const res = await t.call(name, carol.token, input);
      expect(res.statusCode, name).toBe(403);
      expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
    }
    const res = await exportCsv(carol.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
    expect((await exportCsv(null)).statusCode).toBe(401);
    expect(await t.app.db.select().from(referrerRules)).toEqual([]);
  });
});

describe('CSV import', () => {
  const good =
    'Domain,Note\nspam.example,from ads\n*.ads.example,"ads, all of them"\n\nhttps://www.junk.example/page,junk\nSPAM.example,again\n';

  it('previews bad lines by number, and refuses to commit them naming the first', async () => {
    const csv = `${good}localhost,x\na.example,b,c\n`;
    expect(await preview(alice, csv)).toEqual({
      total: 6,
      valid: 3,
      duplicates: 1,
      errors: [
        { line: 7, text: 'localhost,x', reason: m.domainInvalid('localhost') },
        { line: 8, text: 'a.example,b,c', reason: 'Too many columns (expected domain, note).' },
      ],
      invalid: 2,
      problem: skippable(2),
      token: expect.any(String),
    });
    const commit = await t.call('commitReferrerBlockerImport', alice.token, {
      csv,
      token: 'forged',
    });
    expect(commit.statusCode).toBe(400);
    expect(commit.json()).toMatchObject({
      Message: `Line 7: ${m.domainInvalid('localhost')} ${badLines(2)}`,
    });
    expect(await domains(alice)).toEqual([]);
  });

  it('names the line where a quoted note is left open', async () => {
    const csv = 'spam.example,fine\n\nother.example,"never closed\nthird.example\n';
    const { errors, invalid } = await preview(alice, csv);
    expect(errors).toEqual([
      {
        line: 3,
        text: expect.stringMatching(/^other\.example,"never closed/),
        reason: 'A quoted cell is not closed: a closing " is missing.',
      },
    ]);
    expect(invalid).toBe(1);
  });

  it.each([
    [{ csv: '' }, 'The CSV file is empty.'],
    [{ csv: 'domain,note\n\n' }, 'The CSV file is empty.'],
    [{ csv: 'spam.example\u0000' }, /invisible control character/],
    [{ csv: Array.from({ length: 10_001 }, (_, i) => `s${i}.example`).join('\n') }, /10,000/],
  ])('refuses a file that cannot be read at all: %#', async (input, message) => {
    for (const name of ['previewReferrerBlockerImport', 'commitReferrerBlockerImport'] as const) {
      const res = await t.call(name, alice.token, { ...input, token: 'x' });
      expect(res.statusCode, name).toBe(400);
      expect(res.json<{ Message: string }>().Message).toMatch(message);
    }
    expect(await domains(alice)).toEqual([]);
  });

  it('commits exactly the previewed text, for the shop that previewed it, once', async () => {
    const checked = await preview(alice, good);
    expect(checked).toMatchObject({ total: 4, valid: 3, duplicates: 1, errors: [], problem: null });
    const changed = await t.call('commitReferrerBlockerImport', alice.token, {
      csv: `${good}more.example\n`,
      token: checked.token,
    });
    expect(changed.json()).toMatchObject({
      Message: 'The file changed since it was checked. Please check it again before importing.',
    });
    const fromBob = await t.call('commitReferrerBlockerImport', bob.token, {
      csv: good,
      token: checked.token,
    });
    expect(fromBob.statusCode).toBe(400);
    expect(await domains(bob)).toEqual([]);
    expect(await domains(alice)).toEqual([]);

    const commit = await t.call('commitReferrerBlockerImport', alice.token, {
      csv: good,
      token: checked.token,
    });
    expect(commit.json()).toEqual({ imported: 3, skipped: 0, notices: [] });
    expect(await domains(alice)).toEqual([
      ['www.junk.example', 'junk'],
      ['*.ads.example', 'ads, all of them'],
      ['spam.example', 'from ads'],
    ]);
    const decide = await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': '8.8.8.8' },
      query: { shop: alice.shop, url: `https://${alice.shop}/`, ref: 'https://cdn.ads.example/' },
    });
    expect(decide.json()).toMatchObject({ action: 'block' });

    const again = await t.call('commitReferrerBlockerImport', alice.token, {
      csv: good,
      token: checked.token,
    });
    expect(again.json()).toMatchObject({
      Message: 'Every domain in the file is already in the list.',
    });
    expect(await domains(alice)).toHaveLength(3);
  });

  it('stores nothing when the blocker filled up since the preview', async () => {
    const csv = 'first.example\nsecond.example\n';
    const checked = await preview(bob, csv);
    expect(checked.problem).toBeNull();
    const bobId = await shopIdOf(bob);
    await t.app.db.insert(referrerRules).values(
      Array.from({ length: maxReferrerEntries - 1 }, (_, i) => ({
        shopId: bobId,
        domain: `site${i}.example`,
      })),
    );
    const commit = await t.call('commitReferrerBlockerImport', bob.token, {
      csv,
      token: checked.token,
    });
    expect(commit.statusCode).toBe(400);
    expect(commit.json()).toMatchObject({ Message: m.cap });
    const stored = await t.app.db
      .select()
      .from(referrerRules)
      .where(eq(referrerRules.shopId, bobId));
    expect(stored).toHaveLength(maxReferrerEntries - 1);
    expect(stored.some((r) => r.domain === 'first.example')).toBe(false);
    await t.app.db.delete(referrerRules).where(eq(referrerRules.shopId, bobId));
  });
});

describe('CSV export', () => {
  it('answers the list, oldest first, as an attachment with inert formulas', async () => {
    await t.call('addReferrerBlocker', alice.token, { domains: ['calc.example'], note: '=1+1' });
    await t.app.visits.flush();
    const res = await exportCsv(alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="referrer-blocker.csv"');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('domain,note,hits,last_hit_at,created_at');
    // Without the two times at the end of each line.
    expect(lines.slice(1).map((l) => l.replace(/,[^,]*,[^,]*$/, ''))).toEqual([
      'spam.example,from ads,0',
      '*.ads.example,"ads, all of them",1',
      'www.junk.example,junk,0',
      "calc.example,'=1+1,0",
    ]);
    const fromBob = await exportCsv(bob.token);
    expect(fromBob.body).toBe('domain,note,hits,last_hit_at,created_at\r\n');
  });

  it('reads back in through the import as the same entries', async () => {
    const exported = (await exportCsv(alice.token)).body;
    const checked = await preview(bob, exported);
    expect(checked).toMatchObject({ total: 4, valid: 4, errors: [], problem: null });
    await t.call('commitReferrerBlockerImport', bob.token, {
      csv: exported,
      token: checked.token,
    });
    expect((await domains(bob)).map(([domain]) => domain)).toEqual(
      (await domains(alice)).map(([domain]) => domain),
    );
  });
});

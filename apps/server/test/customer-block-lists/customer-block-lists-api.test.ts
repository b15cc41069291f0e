// Customer Block Lists through the API: a paid feature; entries of every kind added, edited and
// deleted (bulk), repeats found by the compared form; bad input refused with a message and
// nothing changed; another shop's entries out of reach; the CSV import through the shared
// import (garbage lines reported by line number, nothing stored) and the export. Every change
// is synced to the platform by the job: the validation is created on the app's function, its
// metafields hold the list, and the platform's checkout stops a listed buyer with the
// merchant's message.
import {
  customerBlockMessages as m,
  type CsvPreview,
  type CustomerBlockListsView,
  type CheckoutSyncStatus,
} from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { customerBlockEntries } from '../../src/features/customer-block-lists/customer-block-lists-schema.js';
import { UPGRADE_MESSAGE } from '../../src/core/plan-gates.js';
import { checkoutAs as checkout } from '../helpers/storefront-checkout.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;

async function setPlan(shop: SignedIn, plan: 'free' | 'premium' | 'payg') {
  await t.app.db.update(shops).set({ plan }).where(eq(shops.domain, shop.shop));
}

const view = async (shop: SignedIn) => {
  const res = await t.call('getCustomerBlockLists', shop.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CustomerBlockListsView>();
};
const values = async (shop: SignedIn) =>
  (await view(shop)).entries.map((e) => `${e.kind}:${e.value}:${e.note}`).sort();

const add = (shop: SignedIn, kind: string, list: unknown, note?: string) =>
  t.call('addCustomerBlockEntries', shop.token, { kind, values: list, ...(note ? { note } : {}) });

const synced = async (shop: SignedIn): Promise<CheckoutSyncStatus> => {
  await expect
    .poll(async () => (await view(shop)).sync.state, { timeout: 20_000, interval: 100 })
    .toBe('synced');
  return (await view(shop)).sync;
};

/** Submits the platform's storefront checkout for one product with this email. */
const checkoutAs = (shop: string, email: string) => checkout(t.emulatorUrl, shop, email);

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-customer-lists');
  bob = await t.signIn('bob-customer-lists');
  carol = await t.signIn('carol-customer-lists');
  await setPlan(alice, 'premium');
  await setPlan(bob, 'premium');
  // Three sign-ins and a fresh database: slow on a busy machine.
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('Customer Block Lists', () => {
  it('answers 403 on the Free plan and stores nothing', async () => {
    const res = await add(carol, 'email', ['x@example.com']);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
    expect((await t.call('getCustomerBlockLists', carol.token)).statusCode).toBe(403);
    expect(await t.app.db.select().from(customerBlockEntries)).toEqual([]);
  });

  it('adds entries of every kind with a note, and skips repeats in their compared form', async () => {
    const cases: [string, string[]][] = [
      ['email', ['Fraud@Example.com']],
      ['emailDomain', ['@spam.example']],
      ['phone', ['+1 (415) 555-0100']],
      ['name', ['John Doe']],
      ['address', ['1 Bad Street']],
      ['zip', ['90210']],
      ['country', ['ng']],
    ];
    for (const [kind, list] of cases) {
      const res = await add(alice, kind, list, 'chargeback');
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await values(alice)).toEqual([
      'address:1 Bad Street:chargeback',
      'country:NG:chargeback',
      'email:fraud@example.com:chargeback',
      'emailDomain:spam.example:chargeback',
      'name:John Doe:chargeback',
      'phone:+1 (415) 555-0100:chargeback',
      'zip:90210:chargeback',
    ]);
    const again = await add(alice, 'phone', ['+14155550100', '+44 20 7946 0000']);
    expect(again.json()).toMatchObject({ skipped: ['+14155550100'] });
    const only = await add(alice, 'address', ['1 bad  STREET']);
    expect(only.statusCode).toBe(400);
    expect(only.json()).toMatchObject({ Message: m.duplicate });
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const before = await values(alice);
    const bad: [unknown, string][] = [
      [{ kind: 'email', values: ['not-an-email'] }, m.email('not-an-email')],
      [{ kind: 'country', values: ['XX'] }, m.country('XX')],
      [{ kind: 'phone', values: ['12'] }, m.phone('12')],
      [{ kind: 'planet', values: ['mars'] }, m.kind],
      [{ kind: 'email', values: [] }, m.noValues],
      [{ kind: 'zip', values: ['   '] }, m.value],
      [{ kind: 'email', values: ['ok@example.com', 'bad'] }, m.email('bad')],
    ];
    for (const [body, message] of bad) {
      const res = await t.call('addCustomerBlockEntries', alice.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ Message: message });
    }
    const msg = await t.call('saveCustomerBlockMessage', alice.token, { message: '' });
    expect(msg.statusCode).toBe(400);
    expect(msg.json()).toMatchObject({ Message: m.message });
    expect(await values(alice)).toEqual(before);
  });

  it("keeps another shop's entries out of reach", async () => {
    const [entry] = (await view(alice)).entries;
    const update = await t.call('updateCustomerBlockEntry', bob.token, {
      id: entry!.id,
      value: 'x',
      note: '',
    });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toMatchObject({ Message: m.notFound });
    const del = await t.call('deleteCustomerBlockEntries', bob.token, { ids: [entry!.id] });
    expect(del.json()).toEqual({ deleted: 0 });
    expect((await view(bob)).entries).toEqual([]);
    expect((await view(alice)).entries).toHaveLength(8);
  });

  it('edits a value and its note, and deletes entries in bulk', async () => {
    const entries = (await view(alice)).entries;
    const zip = entries.find((e) => e.kind === 'zip')!;
    const res = await t.call('updateCustomerBlockEntry', alice.token, {
      id: zip.id,
      value: '90211',
      note: 'moved',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'zip', value: '90211', note: 'moved' });
    const bad = await t.call('updateCustomerBlockEntry', alice.token, {
      id: zip.id,
      value: 'fraud@example.com\u0000',
      note: '',
    });
    expect(bad.statusCode).toBe(400);
    const phones = entries.filter((e) => e.kind === 'phone').map((e) => e.id);
    const del = await t.call('deleteCustomerBlockEntries', alice.token, { ids: phones });
    expect(del.json()).toEqual({ deleted: 2 });
    expect((await values(alice)).filter((v) => v.startsWith('phone'))).toEqual([]);
  });

  it('imports a CSV through the shared import: garbage lines reported by line, nothing stored unless skipped', async () => {
    const before = await values(bob);
    const csv = [
      'kind,value,note',
      'email,bad@example.com,first',
      'garbage line without kind',
      'country,ZZ,',
      'zip code,10001,',
      'email,"unterminated',
    ].join('\n');
    const res = await t.call('previewCustomerBlockImport', bob.token, { csv });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<CsvPreview>();
    expect(preview.errors.map((e) => e.line)).toEqual([3, 4, 6]);
    expect(preview.errors[1]!.reason).toBe(m.country('ZZ'));
    expect(preview).toMatchObject({ total: 5, valid: 2, invalid: 3 });
    // The good lines could be imported with the bad ones skipped; this commit does not ask to.
    expect(preview.token).not.toBeNull();
    const commit = await t.call('commitCustomerBlockImport', bob.token, { csv, token: 'forged' });
    expect(commit.statusCode).toBe(400);
    expect(commit.json<{ Message: string }>().Message).toMatch(/^Line 3: /);
    expect(await values(bob)).toEqual(before);

    const good = 'kind,value,note\nemail,bad@example.com,first\nZip Code,10001,\ndomain,mail.ru,\n';
    const ok = (
      await t.call('previewCustomerBlockImport', bob.token, { csv: good })
    ).json<CsvPreview>();
    expect(ok).toMatchObject({ total: 3, valid: 3, errors: [], problem: null });
    const done = await t.call('commitCustomerBlockImport', bob.token, {
      csv: good,
      token: ok.token,
    });
    expect(done.json()).toEqual({ imported: 3, skipped: 0, notices: [] });
    expect(await values(bob)).toEqual([
      'email:bad@example.com:first',
      'emailDomain:mail.ru:',
      'zip:10001:',
    ]);

    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/checkoutValidate/export',
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(exported.headers['content-type']).toContain('text/csv');
    const lines = exported.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('kind,value,note,created_at');
    // One import stores its entries at one time: their order among themselves is not fixed.
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',').slice(0, 2).join(','))
        .sort(),
    ).toEqual(['email,bad@example.com', 'emailDomain,mail.ru', 'zip,10001']);
  });

  it('syncs the list to the platform, where the checkout stops a listed buyer with the message', async () => {
    const message = 'Sorry, we cannot take orders from you. Write to help@example.com.';
    const saved = await t.call('saveCustomerBlockMessage', alice.token, { message });
    expect(saved.statusCode, saved.body).toBe(200);
    const sync = await synced(alice);
    expect(sync).toMatchObject({ error: null, validationEnabled: true, entries: 6 });
    expect(sync.lastSuccessAt).not.toBeNull();

    const blocked = await checkoutAs(alice.shop, 'FRAUD@example.com');
    expect(blocked.status).toBe(400);
    expect(blocked.body).toContain(message);
    const byDomain = await checkoutAs(alice.shop, 'someone@mail.spam.example');
    expect(byDomain.status).toBe(400);
    const fine = await checkoutAs(alice.shop, 'grace@example.org');
    expect(fine.status).toBe(303);
    // The listed ZIP 90211 stops its US ZIP+4 too, written with or without the dash.
    for (const zip of ['90211-4400', '90211 4400']) {
      const plus4 = await checkout(t.emulatorUrl, alice.shop, 'grace@example.org', { zip });
      expect(plus4.status, zip).toBe(400);
      expect(plus4.body).toContain(message);
    }

    // Deleting the entry reaches the platform with the next sync.
    const email = (await view(alice)).entries.find((e) => e.kind === 'email')!;
    await t.call('deleteCustomerBlockEntries', alice.token, { ids: [email.id] });
    await synced(alice);
    expect((await checkoutAs(alice.shop, 'fraud@example.com')).status).toBe(303);
    // Two syncs through the job queue and the platform: slow on a busy machine.
  }, 90_000);
});

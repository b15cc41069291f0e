// Block Lists (Legacy) through its merchant calls: entries of three kinds added, listed by page
// and deleted, each shop seeing only its own; bad input refused with a message and nothing
// changed; addresses and countries blocking on the storefront and counting on the dashboard's
// Customer Block List card; and the migration into the IP Blocker, the Country Blocker and the
// Customer Block Lists: preview, move, undo (exactly what was added comes out, the entries come
// back) and confirm; the checkout function's list synced to the platform after the move and
// after the undo, so a listed buyer is stopped at checkout throughout; emails that stay (a
// plan without Customer Block Lists, a value those lists cannot take); and the Country
// Blocker in whitelist mode, where the countries cannot move.
import {
  customerBlockMessages,
  legacyMessages as m,
  type CustomerBlockListsView,
  type IpListPage,
  type LegacyEntry,
  type LegacyListPage,
  type LegacyMigration,
  type LegacyMigrationPreview,
} from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_BLOCK_SOURCES } from '../../src/app.js';
import { shops } from '../../src/core/db/schema.js';
import { buildForShop, loadSync } from '../../src/features/customer-block-lists/checkout-sync.js';
import { emailTargetMessages } from '../../src/features/customer-block-lists/email-list-target.js';
import { checkoutAs } from '../helpers/storefront-checkout.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const US_IP = '8.8.8.8';
const DE_IP = '88.198.0.1';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;

const list = async (shop: SignedIn, query: Record<string, unknown> = {}) => {
  const res = await t.call('listLegacyBlockLists', shop.token, query);
  expect(res.statusCode).toBe(200);
  return res.json<LegacyListPage>();
};
const values = async (shop: SignedIn) =>
  (await list(shop, { pageSize: 100 })).entries.map((e) => `${e.kind}:${e.value}`).sort();
const add = (shop: SignedIn, kind: string, value: string, note = '') =>
  t.call('addLegacyBlockList', shop.token, { kind, value, note });
const ipBlockList = async (shop: SignedIn) =>
  (await t.call('listIpBlocker', shop.token, { limit: 200 }))
    .json<IpListPage>()
    .entries.map((e) => e.ip)
    .sort();
const countryBlocker = async (shop: SignedIn) =>
  (await t.call('getCountryBlocker', shop.token)).json<{ mode: string; countries: string[] }>();
const saveCountries = (shop: SignedIn, mode: 'blacklist' | 'whitelist', countries: string[]) =>
  t.call('saveCountryBlocker', shop.token, {
    mode,
    countries,
    action: { type: 'block' },
    monitor: false,
  });
const decide = async (shop: SignedIn, ip: string, url = '/') =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': ip },
      query: { shop: shop.shop, url: `https://${shop.shop}${url}` },
    })
  ).json<{ action: string }>().action;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-legacy');
  bob = await t.signIn('bob-legacy');
  carol = await t.signIn('carol-legacy');
  await t.app.protection.geo.ready;
});
afterAll(async () => {
  await t?.close();
});

describe('the legacy list', () => {
  it('starts empty, takes entries of each kind in canonical form, and pages newest first', async () => {
    expect(await list(alice)).toEqual({
      entries: [],
      total: 0,
      page: 1,
      pageSize: 25,
      notices: [],
    });
    const ip = await add(alice, 'ip', ' 203.0.113.0/24 ', 'old range');
    expect(ip.statusCode).toBe(200);
    expect(ip.json<LegacyEntry>()).toMatchObject({
      kind: 'ip',
      value: '203.0.113.0/24',
      note: 'old range',
      hits: 0,
    });
    expect((await add(alice, 'country', 'de')).json<LegacyEntry>().value).toBe('DE');
    expect((await add(alice, 'email', ' Fraud@Example.COM ')).json<LegacyEntry>().value).toBe(
      'fraud@example.com',
    );
    const first = await list(alice, { pageSize: 2 });
    expect(first.total).toBe(3);
    expect(first.entries.map((e) => e.value)).toEqual(['fraud@example.com', 'DE']);
    expect((await list(alice, { pageSize: 2, page: 2 })).entries.map((e) => e.value)).toEqual([
      '203.0.113.0/24',
    ]);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const before = await values(alice);
    const cases: [unknown, string][] = [
      [{ kind: 'ip', value: '300.1.1.1' }, m.ip('300.1.1.1')],
      [{ kind: 'ip', value: '203.0.113.7/24' }, m.ip('203.0.113.7/24')],
      [{ kind: 'country', value: 'XX' }, m.country('XX')],
      [{ kind: 'email', value: 'not-an-email' }, m.email('not-an-email')],
      [{ kind: 'email', value: '' }, m.value],
      [{ kind: 'phone', value: '123' }, 'Choose the kind of entry: ip, country or email.'],
      [{ kind: 'ip', value: '203.0.113.0/24' }, m.duplicate],
      [
        { kind: 'ip', value: '198.51.100.1', note: 'x'.repeat(501) },
        'The note can be at most 500 characters.',
      ],
      [{ kind: 'ip', value: 42 }, m.value],
    ];
    for (const [input, message] of cases) {
      const res = await t.call('addLegacyBlockList', alice.token, input);
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.json<{ Message: string }>().Message).toBe(message);
    }
    for (const query of [{ page: 0 }, { pageSize: 101 }, { page: 'two' }]) {
      expect((await t.call('listLegacyBlockLists', alice.token, query)).statusCode).toBe(400);
    }
    expect((await t.call('deleteLegacyBlockList', alice.token, { ids: ['nope'] })).statusCode).toBe(
      400,
    );
    expect((await t.call('undoLegacyMigration', alice.token, { id: 'nope' })).statusCode).toBe(400);
    expect(
      (await t.call('migrateLegacyBlockLists', alice.token, { keepCountries: 'yes' })).statusCode,
    ).toBe(400);
    expect(await values(alice)).toEqual(before);
  });

  it('keeps each shop to its own entries', async () => {
    expect(await list(bob)).toMatchObject({ entries: [], total: 0 });
    const [entry] = (await list(alice)).entries;
    const res = await t.call('deleteLegacyBlockList', bob.token, { ids: [entry!.id] });
    expect(res.json()).toEqual({ deleted: 0 });
    expect((await list(alice)).total).toBe(3);
    expect((await t.call('listLegacyBlockLists', null)).statusCode).toBe(401);
  });

  it('blocks its addresses and countries on the storefront and counts them on the dashboard', async () => {
    await t.app.visits.flush();
    const before = (await t.call('getDashboardData', bob.token, { days: 1 })).json<{
      blockLists: number;
    }>();
    expect(await decide(bob, US_IP)).toBe('allow');
    expect((await add(bob, 'ip', US_IP)).statusCode).toBe(200);
    expect((await add(bob, 'country', 'DE')).statusCode).toBe(200);
    expect(await decide(bob, US_IP, '/legacy-counted')).toBe('block');
    expect(await decide(bob, DE_IP, '/legacy-counted')).toBe('block');
    expect(await decide(alice, US_IP)).toBe('allow');
    await t.app.visits.flush();
    const after = (await t.call('getDashboardData', bob.token, { days: 1 })).json<{
      blockLists: number;
      ipBlocker: number;
    }>();
    expect(after.blockLists - before.blockLists).toBe(2);
    const hits = Object.fromEntries((await list(bob)).entries.map((e) => [e.value, e.hits]));
    expect(hits).toEqual({ [US_IP]: 1, DE: 1 });
    const logged = (await t.call('listVisits', bob.token, { url: '/legacy-counted' })).json<{
      visits: { ip: string; rule: { label: string } | null }[];
    }>();
    expect(logged.visits.map((v) => [v.ip, v.rule?.label]).sort()).toEqual([
      [US_IP, `Block Lists (Legacy): ${US_IP}`],
      [DE_IP, 'Block Lists (Legacy): DE'],
    ]);
    const ids = (await list(bob)).entries.map((e) => e.id);
    expect((await t.call('deleteLegacyBlockList', bob.token, { ids })).json()).toEqual({
      deleted: 2,
    });
    expect(await decide(bob, US_IP)).toBe('allow');
  });
});

describe('the legacy emails at checkout', () => {
  it('are in the checkout function’s block list on every plan, and a change asks for a sync', async () => {
    const fay = await t.signIn('fay-legacy');
    const [shop] = await t.app.db.select().from(shops).where(eq(shops.domain, fay.shop));
    expect(shop!.plan).toBe('free');
    expect((await buildForShop(t.app.db, CHECKOUT_BLOCK_SOURCES, shop!.id)).entries).toBe(0);
    await add(fay, 'email', 'Fraud@Example.com');
    await add(fay, 'ip', '203.0.113.5');
    // The email asked for a sync (the job may have run it already); the address did not.
    expect((await loadSync(t.app.db, shop!.id))?.changeSeq).toBe(1);
    const sources = await Promise.all(
      CHECKOUT_BLOCK_SOURCES.map((source) => source.entries(t.app.db, shop!.id)),
    );
    expect(sources.flat()).toEqual([{ kind: 'email', value: 'fraud@example.com' }]);
    expect((await buildForShop(t.app.db, CHECKOUT_BLOCK_SOURCES, shop!.id)).entries).toBe(1);
  });
});

describe('the migration', () => {
  it('previews, moves, undoes exactly what it added, and confirms', async () => {
    // Carol's own entries in the new blockers, which the migration must leave alone.
    await t.call('addIpBlocker', carol.token, { ip: '192.0.2.1', note: 'mine' });
    await t.call('addIpBlocker', carol.token, { ip: '198.51.100.0/24', note: 'mine too' });
    await saveCountries(carol, 'blacklist', ['FR']);
    await add(carol, 'ip', US_IP, 'legacy address');
    await add(carol, 'ip', '198.51.100.0/24', 'also in the IP Blocker');
    await add(carol, 'country', 'DE');
    await add(carol, 'country', 'FR');
    await add(carol, 'email', 'fraud@example.com');
    const legacyBefore = (await list(carol)).entries;

    const preview = (
      await t.call('previewLegacyMigration', carol.token)
    ).json<LegacyMigrationPreview>();
    expect(preview.countriesRefused).toBeNull();
    expect(preview.items.map((i) => [i.value, i.outcome, i.target])).toEqual([
      [US_IP, 'move', 'IP Blocker (block list)'],
      ['198.51.100.0/24', 'present', 'IP Blocker (block list)'],
      ['DE', 'move', 'Country Blocker (blacklist)'],
      ['FR', 'present', 'Country Blocker (blacklist)'],
      ['fraud@example.com', 'stay', null],
    ]);
    // Carol's plan has no Customer Block Lists: her email stays, still refused at checkout.
    expect(preview.items.at(-1)?.reason).toBe(emailTargetMessages.plan);
    expect(await values(carol)).toHaveLength(5);

    const res = await t.call('migrateLegacyBlockLists', carol.token, {});
    expect(res.statusCode).toBe(200);
    const migration = res.json<LegacyMigration>();
    expect(migration.status).toBe('pending');
    expect(migration.items.map((i) => i.outcome)).toEqual(preview.items.map((i) => i.outcome));
    expect(await values(carol)).toEqual(['email:fraud@example.com']);
    expect(await ipBlockList(carol)).toEqual(['192.0.2.1', '198.51.100.0/24', US_IP].sort());
    expect((await countryBlocker(carol)).countries).toEqual(['FR', 'DE']);
    expect(await decide(carol, US_IP)).toBe('block');
    expect(await decide(carol, DE_IP)).toBe('block');
    expect((await t.call('getLegacyMigration', carol.token)).json<LegacyMigration>().id).toBe(
      migration.id,
    );
    // One migration waits at a time; another shop cannot touch it.
    expect((await t.call('migrateLegacyBlockLists', carol.token, {})).json()).toMatchObject({
      Message: m.pending,
    });
    expect(
      (await t.call('undoLegacyMigration', bob.token, { id: migration.id })).json(),
    ).toMatchObject({
      Message: m.migrationId,
    });
    expect(
      (await t.call('confirmLegacyMigration', bob.token, { id: migration.id })).statusCode,
    ).toBe(400);

    const undone = await t.call('undoLegacyMigration', carol.token, { id: migration.id });
    expect(undone.json<LegacyMigration>().status).toBe('undone');
    expect(await ipBlockList(carol)).toEqual(['192.0.2.1', '198.51.100.0/24']);
    expect(await countryBlocker(carol)).toMatchObject({ mode: 'blacklist', countries: ['FR'] });
    const legacyAfter = (await list(carol)).entries;
    expect(legacyAfter.map((e) => [e.id, e.value, e.note, e.createdAt]).sort()).toEqual(
      legacyBefore.map((e) => [e.id, e.value, e.note, e.createdAt]).sort(),
    );
    expect(await decide(carol, US_IP)).toBe('block');
    expect((await t.call('getLegacyMigration', carol.token)).json()).toBeNull();
    expect(
      (await t.call('undoLegacyMigration', carol.token, { id: migration.id })).json(),
    ).toMatchObject({ Message: m.notPending });

    const again = (
      await t.call('migrateLegacyBlockLists', carol.token, {})
    ).json<LegacyMigration>();
    const confirmed = await t.call('confirmLegacyMigration', carol.token, { id: again.id });
    expect(confirmed.json<LegacyMigration>().status).toBe('confirmed');
    expect(
      (await t.call('undoLegacyMigration', carol.token, { id: again.id })).json(),
    ).toMatchObject({
      Message: m.notPending,
    });
    expect(await ipBlockList(carol)).toContain(US_IP);
    expect(await values(carol)).toEqual(['email:fraud@example.com']);
  });

  it('moves emails into Customer Block Lists and syncs the checkout after the move and the undo', async () => {
    const gus = await t.signIn('gus-legacy');
    const [shop] = await t.app.db
      .update(shops)
      .set({ plan: 'premium' })
      .where(eq(shops.domain, gus.shop))
      .returning();
    /** How many changes asked for a sync of the shop's checkout list. */
    const changes = async () => (await loadSync(t.app.db, shop!.id))?.changeSeq ?? 0;
    const customerLists = async () => {
      const res = await t.call('getCustomerBlockLists', gus.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<CustomerBlockListsView>();
    };
    const customerEmails = async () =>
      (await customerLists()).entries.map((e) => `${e.value}:${e.note}`).sort();
    /** The checkout's list once the sync after the last change is through: how many entries. */
    const syncedEntries = async () => {
      await expect
        .poll(async () => (await customerLists()).sync.state, { timeout: 30_000, interval: 100 })
        .toBe('synced');
      return (await customerLists()).sync.entries;
    };
    const stopped = async (email: string) =>
      (await checkoutAs(t.emulatorUrl, gus.shop, email)).status === 400;

    // Gus's own entry, which the migration and its undo leave alone.
    await t.call('addCustomerBlockEntries', gus.token, {
      kind: 'email',
      values: ['known@example.com'],
      note: 'mine',
    });
    const tooLong = `${'a'.repeat(200)}@example.com`;
    await add(gus, 'email', 'Fraud@Example.com', 'chargeback in 2022');
    await add(gus, 'email', 'known@example.com');
    await add(gus, 'email', tooLong);
    await add(gus, 'ip', '203.0.113.20');
    const legacyBefore = (await list(gus)).entries;
    expect(await syncedEntries()).toBe(4);
    const before = await changes();
    expect(await stopped('fraud@example.com')).toBe(true);

    const preview = (
      await t.call('previewLegacyMigration', gus.token)
    ).json<LegacyMigrationPreview>();
    expect(preview.items.map((i) => [i.value, i.outcome, i.target, i.page, i.reason])).toEqual([
      ['203.0.113.20', 'move', 'IP Blocker (block list)', '/ipBlocker', null],
      ['fraud@example.com', 'move', 'Customer Block Lists (emails)', '/checkoutValidate', null],
      ['known@example.com', 'present', 'Customer Block Lists (emails)', '/checkoutValidate', null],
      [tooLong, 'stay', null, null, customerBlockMessages.valueTooLong],
    ]);

    const moved = await t.call('migrateLegacyBlockLists', gus.token, {});
    expect(moved.statusCode, moved.body).toBe(200);
    const migration = moved.json<LegacyMigration>();
    expect(migration.items.map((i) => i.outcome)).toEqual(['move', 'move', 'present', 'stay']);
    expect(await values(gus)).toEqual([`email:${tooLong}`]);
    expect(await customerEmails()).toEqual([
      'fraud@example.com:chargeback in 2022',
      'known@example.com:mine',
    ]);
    // The move asked for a sync: the checkout's list has the two lists' entries, once each.
    expect(await changes()).toBe(before + 1);
    expect(await syncedEntries()).toBe(3);
    expect(await stopped('fraud@example.com')).toBe(true);
    expect(await stopped('someone.else@example.com')).toBe(false);

    const undone = await t.call('undoLegacyMigration', gus.token, { id: migration.id });
    expect(undone.json<LegacyMigration>().status).toBe('undone');
    expect(await customerEmails()).toEqual(['known@example.com:mine']);
    const legacyAfter = (await list(gus)).entries;
    expect(legacyAfter.map((e) => [e.id, e.value, e.note, e.createdAt]).sort()).toEqual(
      legacyBefore.map((e) => [e.id, e.value, e.note, e.createdAt]).sort(),
    );
    expect(await changes()).toBe(before + 2);
    expect(await syncedEntries()).toBe(4);
    expect(await stopped('fraud@example.com')).toBe(true);

    const again = (await t.call('migrateLegacyBlockLists', gus.token, {})).json<LegacyMigration>();
    const confirmed = await t.call('confirmLegacyMigration', gus.token, { id: again.id });
    expect(confirmed.json<LegacyMigration>().status).toBe('confirmed');
    expect(await customerEmails()).toEqual([
      'fraud@example.com:chargeback in 2022',
      'known@example.com:mine',
    ]);
    expect(await syncedEntries()).toBe(3);
    // Platform round trips through the job queue: slow on a busy machine.
  }, 120_000);

  it('refuses to move countries into a Country Blocker whitelist unless they stay here', async () => {
    const dana = await t.signIn('dana-legacy');
    await saveCountries(dana, 'whitelist', ['US', 'DE']);
    await add(dana, 'ip', '203.0.113.9');
    await add(dana, 'country', 'DE');
    const preview = (
      await t.call('previewLegacyMigration', dana.token)
    ).json<LegacyMigrationPreview>();
    expect(preview.countriesRefused).toMatch(/whitelist mode/);
    expect(preview.items.find((i) => i.kind === 'country')).toMatchObject({
      outcome: 'stay',
      target: null,
    });
    expect(await decide(dana, DE_IP)).toBe('block');

    const refused = await t.call('migrateLegacyBlockLists', dana.token, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Message: m.countriesRefused });
    expect(await values(dana)).toEqual(['country:DE', 'ip:203.0.113.9']);
    expect(await ipBlockList(dana)).toEqual([]);
    expect(await countryBlocker(dana)).toMatchObject({
      mode: 'whitelist',
      countries: ['US', 'DE'],
    });

    const moved = await t.call('migrateLegacyBlockLists', dana.token, { keepCountries: true });
    expect(moved.statusCode).toBe(200);
    expect(await values(dana)).toEqual(['country:DE']);
    expect(await ipBlockList(dana)).toEqual(['203.0.113.9']);
    expect(await countryBlocker(dana)).toMatchObject({
      mode: 'whitelist',
      countries: ['US', 'DE'],
    });
    // The country stays blocked by the legacy list.
    expect(await decide(dana, DE_IP)).toBe('block');
  });

  it('has nothing to move for an empty list', async () => {
    const erin = await t.signIn('erin-legacy');
    expect((await t.call('previewLegacyMigration', erin.token)).json()).toEqual({
      items: [],
      countriesRefused: null,
    });
    expect((await t.call('migrateLegacyBlockLists', erin.token, {})).json()).toMatchObject({
      Message: m.nothingToMove,
    });
  });
});

// The filter language as a merchant meets it through the real webhook, job and dry run against
// the platform emulator: billing and shipping compared part by part (a gift to another street
// of the same country is not "another country"), a listed ZIP catching a US ZIP+4, the log and
// the dry run naming every condition that made the filter match in the merchant's words, and
// a refused filter answering each problem with its path. Runs on PGlite, and on PostgreSQL
// when TEST_DATABASE_URL is given.
import {
  NEW_AUTO_CANCEL_FILTER,
  type AutoCancelFilterInput,
  type AutoCancelLogPage,
  type ErrorBody,
  type FilterMatchInput,
} from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedDryRun, HOME, premiumShop, saveFilterAs } from '../helpers/auto-cancel.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { QUICK_RETRIES } from '../helpers/webhooks.js';

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp(QUICK_RETRIES);
  owner = await premiumShop(t, 'acf-language');
});
afterAll(async () => {
  await t?.close();
});

const all = (...conditions: FilterMatchInput['groups'][number]['conditions']) => ({
  any: false,
  groups: [{ any: false, conditions }],
});

const GIFT = { ...HOME, firstName: 'Bo', address1: '9 Oak Ave' };
const ABROAD = {
  ...HOME,
  address1: '9 Rue de Rivoli',
  city: 'Paris',
  provinceCode: null,
  country: 'France',
  countryCode: 'FR',
  zip: '75001',
};

type Address = NonNullable<Parameters<TestApp['emulator']['placeOrder']>[1]['shippingAddress']>;

const place = (email: string, shippingAddress: Address, billingAddress: Address = HOME) =>
  t.emulator.placeOrder(owner.shop, {
    email,
    lines: [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }],
    billingAddress,
    shippingAddress,
  });

async function dryRun(match: FilterMatchInput) {
  const started = await t.call('startAutoCancelDryRun', owner.token, { match });
  expect(started.statusCode, started.body).toBe(200);
  return finishedDryRun(t, owner, started.json<{ id: string }>().id);
}

describe('billing against shipping, part by part', () => {
  it('cancels an order shipped abroad, not a gift to another street, and the log says why', async () => {
    const countryAndTotal = all(
      { field: 'billingCountryDiffersFromShipping', operator: 'is', value: true },
      { field: 'total', operator: 'greaterThan', value: 1 },
    );
    const gift = await place('gift@example.com', GIFT);
    const abroad = await place('abroad@example.com', ABROAD);

    // Both orders are in the shop before the filter exists: the dry run reads them both.
    const run = await dryRun(countryAndTotal);
    expect(run.results.map((r) => r.orderName)).toEqual([abroad.name]);
    expect(run.results[0]?.matchedBy?.map((r) => r.text)).toEqual([
      'Billing country differs from shipping country',
      'Order total is greater than 1',
    ]);
    // The whole-address condition still catches the gift.
    const whole = await dryRun(
      all({ field: 'billingDiffersFromShipping', operator: 'is', value: true }),
    );
    expect(whole.results.map((r) => r.orderName).sort()).toEqual([abroad.name, gift.name].sort());

    await saveFilterAs(t, owner, { name: 'Shipped abroad', mode: 'on', match: countryAndTotal });
    const placed = await place('later@example.com', ABROAD);
    await expect
      .poll(
        async () => {
          const res = await t.call('getAutoCancelLog', owner.token, { page: '1' });
          const entries = res.json<AutoCancelLogPage>().entries;
          return entries.find((e) => e.orderId === String(placed.id) && e.action === 'cancel');
        },
        { timeout: 20_000, interval: 100 },
      )
      .toMatchObject({
        status: 'done',
        filterName: 'Shipped abroad',
        matchedBy:
          'Billing country differs from shipping country and Order total is greater than 1',
      });
  }, 60_000);

  it('a city and a ZIP compared alone: case, spaces and a US ZIP+4 do not make them differ', async () => {
    const plus4 = await place('plus4@example.com', {
      ...HOME,
      city: 'SPRINGFIELD ',
      zip: '62701-4411',
    });
    const city = await dryRun(
      all({ field: 'billingCityDiffersFromShipping', operator: 'is', value: true }),
    );
    const zip = await dryRun(
      all({ field: 'billingZipDiffersFromShipping', operator: 'is', value: true }),
    );
    for (const run of [city, zip]) {
      expect(run.results.map((r) => r.orderName)).not.toContain(plus4.name);
      // The orders shipped to Paris differ in both.
      expect(run.results.length).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('a listed ZIP', () => {
  it('catches a US ZIP+4 of it, and says so in the merchant’s words', async () => {
    const rodeo = { ...HOME, address1: '1 Rodeo Dr', city: 'Beverly Hills', provinceCode: 'CA' };
    const plus4 = await place(
      'zip4@example.com',
      { ...rodeo, zip: '90210-1234' },
      { ...rodeo, zip: '90210-1234' },
    );
    const other = await place(
      'zip5@example.com',
      { ...rodeo, zip: '90211' },
      { ...rodeo, zip: '90211' },
    );
    const run = await dryRun(all({ field: 'zip', operator: 'inList', value: ['90210'] }));
    const names = run.results.map((r) => r.orderName);
    expect(names).toContain(plus4.name);
    expect(names).not.toContain(other.name);
    expect(run.results.find((r) => r.orderName === plus4.name)?.matchedBy).toEqual([
      { group: 0, condition: 0, text: 'ZIP or postal code is "90210"' },
    ]);
  });
});

describe('a refused filter', () => {
  const filter = (match: FilterMatchInput): AutoCancelFilterInput => ({
    ...NEW_AUTO_CANCEL_FILTER,
    name: 'Mixed',
    match,
  });
  const twoBad = all(
    { field: 'email', operator: 'matches', value: '(?<=x)y' },
    { field: 'browserIp', operator: 'inList', value: ['203.0.113.0/24', '10.0.0.1/8'] },
  );

  it('answers each problem under its own path, for the save and the dry run alike', async () => {
    const before = (await t.call('getAutoCancelFilters', owner.token)).json<{ filters: [] }>();
    for (const res of [
      await t.call('saveAutoCancelFilter', owner.token, filter(twoBad)),
      await t.call('startAutoCancelDryRun', owner.token, { match: twoBad }),
    ]) {
      expect(res.statusCode).toBe(400);
      const body = res.json<ErrorBody>();
      // The one sentence every caller reads is still there, naming both conditions.
      expect(body.Message).toMatch(/Group 1, condition 1 .*Group 1, condition 2 /);
      expect(body.code).toBe('invalid_rules');
      expect(body.issues).toEqual([
        {
          path: ['match', 'groups', 0, 'conditions', 0, 'value'],
          code: 'invalid_pattern',
          message: expect.stringMatching(/lookbehind/) as unknown,
        },
        {
          path: ['match', 'groups', 0, 'conditions', 1, 'value', 1],
          code: 'invalid_ip',
          message: '"10.0.0.1/8" is not an IP address or CIDR range (did you mean 10.0.0.0/8?).',
        },
      ]);
    }
    const after = (await t.call('getAutoCancelFilters', owner.token)).json<{ filters: [] }>();
    expect(after.filters).toEqual(before.filters);
  });

  it('answers a body of the wrong shape with the path of every problem too', async () => {
    const res = await t.call('saveAutoCancelFilter', owner.token, {
      ...filter(all({ field: 'total', operator: 'greaterThan', value: 5 })),
      name: ' ',
      actions: { ...NEW_AUTO_CANCEL_FILTER.actions, tags: ['a,b'] },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.Message).toBe('Give the filter a name of 1 to 80 characters.');
    expect(body.code).toBe('invalid_input');
    expect(body.issues.map((e) => e.path)).toEqual([['name'], ['actions', 'tags', 0]]);
    expect(body.issues[1]?.message).toMatch(/without commas/);
  });

  it('lists the problem with its path for calls without a form too', async () => {
    const res = await t.call('deleteAutoCancelFilter', owner.token, { id: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      Message: 'Please give the id of a filter.',
      code: 'invalid_input',
      issues: [
        {
          path: ['id'],
          code: expect.any(String) as unknown,
          message: 'Please give the id of a filter.',
        },
      ],
    });
  });
});

// The privacy webhooks and the lists that name buyers, through the pipeline against the
// emulator: an auto-cancel filter adds a buyer's email to the Customer Block Lists from their
// order; the merchant has also typed their phone number (in another format) and kept their
// email in Block Lists (Legacy). A data request reports those three entries (kind, value,
// note, when added) and the order-log entry that kept the email, and none of the entries that
// do not identify the buyer (a name, an email domain, another buyer's email) nor another
// shop's entry of the same email. A customer redact deletes the order's log entries, the
// block-email one among them, and keeps the entries, saying how many stay.
import {
  NEW_AUTO_CANCEL_FILTER,
  type AutoCancelFilter,
  type AutoCancelLogEntry,
  type AutoCancelLogPage,
  type CustomerBlockListsView,
} from '@gatehouse/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderActions } from '../../src/orders/order-actions-schema.js';
import { shops } from '../../src/core/db/schema.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { settled } from '../helpers/webhooks.js';

const BUYER = 'Ann.BlockMe@Example.com';
const STOVE = [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }];

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let ownerId: string;
let orderId: string;
let orderName: string;

interface ReportedEntry {
  list: string;
  kind: string;
  value: string;
  note: string;
  createdAt: string;
}

async function premium(session: SignedIn): Promise<string> {
  const [row] = await t.app.db
    .update(shops)
    .set({ plan: 'premium' })
    .where(eq(shops.domain, session.shop))
    .returning({ id: shops.id });
  if (!row) throw new Error(`no shop ${session.shop}`);
  return row.id;
}

async function addEntries(session: SignedIn, kind: string, values: string[], note: string) {
  const res = await t.call('addCustomerBlockEntries', session.token, { kind, values, note });
  expect(res.statusCode, res.body).toBe(200);
}

const listed = async () =>
  (await t.call('getCustomerBlockLists', owner.token)).json<CustomerBlockListsView>().entries;

async function logOf(id: string): Promise<AutoCancelLogEntry[]> {
  const res = await t.call('getAutoCancelLog', owner.token, { page: '1' });
  expect(res.statusCode).toBe(200);
  return res.json<AutoCancelLogPage>().entries.filter((e) => e.orderId === id);
}

/** The export support opens for the delivery's data request. */
async function openedExport(dataRequestId: string) {
  const opened = await t.support('GET', `/api/support/data-requests/${dataRequestId}`);
  expect(opened.statusCode).toBe(200);
  return opened.json<{
    data: {
      blockListEntries: ReportedEntry[];
      orderActions: { orderId: string; action: string; params: { email?: string } }[];
      notes: string[];
    };
  }>().data;
}

beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_INTERVAL_SECONDS: '0.5' });
  owner = await t.signIn('privacy-lists');
  other = await t.signIn('privacy-lists-other');
  ownerId = await premium(owner);
  await premium(other);

  const res = await t.call('saveAutoCancelFilter', owner.token, {
    ...NEW_AUTO_CANCEL_FILTER,
    name: 'Known fraudster',
    mode: 'on',
    match: {
      any: false,
      groups: [
        { any: false, conditions: [{ field: 'email', operator: 'contains', value: 'blockme' }] },
      ],
    },
    actions: { ...NEW_AUTO_CANCEL_FILTER.actions, cancel: false, blockEmail: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<AutoCancelFilter>().actions).toMatchObject({ blockEmail: true });

  await addEntries(owner, 'phone', ['+1 (555) 010-2030'], 'called the bank');
  await addEntries(owner, 'name', ['Ann Lee'], 'a name is not a person');
  await addEntries(owner, 'emailDomain', ['example.com'], 'a domain is not a person');
  await addEntries(owner, 'email', ['bob@example.com'], 'another buyer');
  const legacy = await t.call('addLegacyBlockList', owner.token, {
    kind: 'email',
    value: BUYER,
    note: 'from the old list',
  });
  expect(legacy.statusCode, legacy.body).toBe(200);
  await addEntries(other, 'email', [BUYER], 'the other shop’s rule');
});
afterAll(async () => {
  await t?.close();
});

describe('customers/data_request and the block lists', () => {
  it('has the filter add the buyer’s email from their order', async () => {
    const placed = await t.emulator.placeOrder(owner.shop, {
      email: BUYER,
      phone: '+15550102030',
      lines: STOVE,
      browserIp: '198.51.100.61',
    });
    orderId = String(placed.id);
    orderName = placed.name;
    await expect
      .poll(async () => (await logOf(orderId)).map((e) => `${e.action}:${e.status}`), {
        timeout: 20_000,
        interval: 100,
      })
      .toEqual(['block-email:done']);
    expect((await listed()).map((e) => `${e.kind}:${e.value}:${e.note}`)).toContain(
      `email:${BUYER.toLowerCase()}:Order ${orderName}`,
    );
  });

  it('reports the entries that identify the buyer, and the log entry that kept the email', async () => {
    const [webhookId] = (await t.emulator.requestCustomerData(owner.shop, { email: BUYER }))
      .webhookIds;
    const row = await settled(t, webhookId ?? '', 20_000);
    expect(row).toMatchObject({
      status: 'processed',
      outcome: { orders: 1, blockListEntries: 3 },
    });
    const data = await openedExport((row.outcome as { dataRequestId: string }).dataRequestId);

    const entries = data.blockListEntries.map(({ list, kind, value, note }) => ({
      list,
      kind,
      value,
      note,
    }));
    expect(entries).toHaveLength(3);
    expect(entries).toEqual(
      expect.arrayContaining([
        {
          list: 'Customer Block Lists',
          kind: 'email',
          value: BUYER.toLowerCase(),
          note: `Order ${orderName}`,
        },
        {
          list: 'Customer Block Lists',
          kind: 'phone',
          value: '+1 (555) 010-2030',
          note: 'called the bank',
        },
        {
          list: 'Block Lists (Legacy)',
          kind: 'email',
          value: BUYER.toLowerCase(),
          note: 'from the old list',
        },
      ]),
    );
    for (const entry of data.blockListEntries) {
      expect(Number.isNaN(Date.parse(entry.createdAt))).toBe(false);
    }
    expect(data.orderActions).toEqual([
      expect.objectContaining({ orderId, action: 'block-email', params: { email: BUYER } }),
    ]);
    expect(data.notes[0]).toContain('kept until the merchant removes them');
    expect(data.notes.join(' ')).not.toContain('does not store');
  });

  it('never reports another shop’s entries', async () => {
    const otherEntries = (await t.call('getCustomerBlockLists', other.token))
      .json<CustomerBlockListsView>()
      .entries.map((e) => e.note);
    expect(otherEntries).toEqual(['the other shop’s rule']);
    const opened = await t.support('GET', '/api/support/data-requests', { shop: owner.shop });
    const [request] = opened.json<{ dataRequests: { id: string }[] }>().dataRequests;
    const data = await openedExport(request?.id ?? '');
    expect(data.blockListEntries.map((e) => e.note)).not.toContain('the other shop’s rule');
  });
});

describe('customers/redact and the block lists', () => {
  it('deletes the order’s log entries and keeps the merchant’s entries, saying how many', async () => {
    const before = await listed();
    const [webhookId] = (await t.emulator.redactCustomer(owner.shop, { email: BUYER })).webhookIds;
    const row = await settled(t, webhookId ?? '', 20_000);
    expect(row).toMatchObject({
      status: 'processed',
      outcome: {
        orderActionsDeleted: 1,
        dataExportsDeleted: 1,
        blockListEntriesKept: 3,
        ipListEntriesKept: 0,
      },
    });
    expect((row.outcome as { kept: string }).kept).toMatch(
      /^3 of the merchant’s block list entries stay .*removes them/,
    );
    const left = await t.app.db
      .select()
      .from(orderActions)
      .where(and(eq(orderActions.shopId, ownerId), eq(orderActions.orderId, orderId)));
    expect(left).toEqual([]);
    expect(await listed()).toEqual(before);
  });
});

// An auto-cancel filter whose "matches" pattern would stall a backtracking engine on a long
// email of a's (a*a*…a*!), run by the order job through the emulator's orders/create webhook:
// the job answers at once and leaves that order alone, and a later order whose email the
// pattern does match (its other choice) is cancelled, so the job, and the server's one event
// loop, never stalled.
import {
  NEW_AUTO_CANCEL_FILTER,
  type AutoCancelLogEntry,
  type AutoCancelLogPage,
} from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { QUICK_RETRIES } from '../helpers/webhooks.js';

const LINES = [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }];

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp(QUICK_RETRIES);
  owner = await t.signIn('acf-patterns');
  await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.domain, owner.shop));
});
afterAll(async () => {
  await t?.close();
});

async function entriesOf(orderId: number): Promise<AutoCancelLogEntry[]> {
  const res = await t.call('getAutoCancelLog', owner.token, { page: '1' });
  expect(res.statusCode).toBe(200);
  return res.json<AutoCancelLogPage>().entries.filter((e) => e.orderId === String(orderId));
}

describe('an auto-cancel pattern on a buyer’s long email', () => {
  it('is answered without stalling the order job', async () => {
    const saved = await t.call('saveAutoCancelFilter', owner.token, {
      ...NEW_AUTO_CANCEL_FILTER,
      name: 'Shouting buyers',
      mode: 'on',
      match: {
        any: false,
        groups: [
          {
            any: false,
            conditions: [
              { field: 'email', operator: 'matches', value: 'a*a*a*a*a*a*a*a*a*a*a*a*!|^marker@' },
            ],
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const long = await t.emulator.placeOrder(owner.shop, {
      email: `${'a'.repeat(60)}@example.com`,
      lines: LINES,
    });
    // Orders are checked in the order they come: once the later one is cancelled, the long
    // email's order has had its turn.
    const marker = await t.emulator.placeOrder(owner.shop, {
      email: 'marker@example.com',
      lines: LINES,
    });
    await expect
      .poll(async () => (await entriesOf(marker.id)).map((e) => [e.action, e.status]), {
        timeout: 20_000,
        interval: 100,
      })
      .toEqual([['cancel', 'done']]);
    expect(await entriesOf(long.id)).toEqual([]);
    expect((await t.emulator.order(owner.shop, long.id)).cancelledAt).toBeNull();
  });
});

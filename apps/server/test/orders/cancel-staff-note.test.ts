// A cancel's staff note reaches the platform within the 255 characters it keeps: a longer one
// is cut to end with an ellipsis, and the order is cancelled instead of refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { capStaffNote, cancelOrder, STAFF_NOTE_MAX } from '../../src/orders/platform-orders.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('staff-note');
});
afterAll(async () => {
  await t?.close();
});

describe('capStaffNote', () => {
  it('leaves a note within the limit as it is', () => {
    const note = 'n'.repeat(STAFF_NOTE_MAX);
    expect(capStaffNote(note)).toBe(note);
  });

  it('cuts a longer note to the limit, ending with an ellipsis', () => {
    const capped = capStaffNote(`${'a'.repeat(250)} the rest is cut`);
    expect(capped).toHaveLength(STAFF_NOTE_MAX);
    expect(capped).toBe(`${'a'.repeat(250)} the…`);
  });

  it('never cuts a character in two', () => {
    const capped = capStaffNote('😀'.repeat(200));
    expect(capped.length).toBeLessThanOrEqual(STAFF_NOTE_MAX);
    expect(capped).toBe(`${'😀'.repeat(127)}…`);
  });
});

describe('cancelling with a long staff note', () => {
  it('cancels the order with the note cut to the 255 characters the platform keeps', async () => {
    const placed = await t.emulator.placeOrder(owner.shop, {
      email: 'long-note@example.com',
      lines: [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }],
    });
    const [shop] = await t.app.db.select().from(shops).where(eq(shops.domain, owner.shop));
    const token = t.app.tokens.accessTokenOf(shop!)!;
    const note = `Cancelled by Gatehouse: ${'a reason, '.repeat(40)}`;
    const answer = await cancelOrder(
      t.app,
      { domain: owner.shop, token },
      String(placed.id),
      { reason: 'FRAUD', refund: false, restock: false, notifyCustomer: false },
      note,
    );
    expect(answer).toEqual({ kind: 'cancelled' });
    const order = await t.emulator.order(owner.shop, placed.id);
    expect(order.cancelledAt).not.toBeNull();
    expect(order.staffNote).toHaveLength(STAFF_NOTE_MAX);
    expect(order.staffNote?.endsWith('…')).toBe(true);
  });
});

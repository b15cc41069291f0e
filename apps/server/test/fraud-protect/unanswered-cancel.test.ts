// A cancel the platform carries out only after Gatehouse stopped waiting for it: the log entry
// says it may or may not have gone through, and the next attempt reads the order first, finds
// it cancelled and records it done, without a second cancel or refund.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelEntry,
  expectCancelledOnSecondAttempt,
  fraudProtectShop,
} from '../helpers/fraud-protect-shop.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { QUICK_RETRIES } from '../helpers/webhooks.js';

let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  // The retry comes a few seconds after the time-out: after the platform carried the cancel out.
  t = await createTestApp({ ...QUICK_RETRIES, WEBHOOK_RETRY_DELAY_SECONDS: '4' });
  ({ owner } = await fraudProtectShop(t, 'unanswered-cancel'));
});
afterAll(async () => {
  await t?.close();
});

describe('a cancel the platform answers late', () => {
  it('is logged as maybe done, then found cancelled and recorded done once', async () => {
    // Past the request's time-out (4 s); the platform cancels the order after the wait.
    await t.emulator.addFault({
      kind: 'slow',
      delayMs: 6000,
      shop: owner.shop,
      operation: 'GatehouseOrderCancel',
      times: 1,
    });
    const placed = await t.emulator.placeOrder(owner.shop, {
      email: 'late@example.com',
      lines: [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }],
      risk: { level: 'HIGH' },
    });
    const orderId = String(placed.id);
    await expect
      .poll(async () => (await cancelEntry(t, owner, orderId))?.error ?? null, {
        timeout: 15_000,
        interval: 100,
      })
      .toBe(
        `Shopify did not answer in time when we tried to cancel order ${placed.name}, so it may or may not have been cancelled. Gatehouse reads the order before any new attempt, so it is never cancelled twice.`,
      );
    expect((await cancelEntry(t, owner, orderId))?.status).toBe('pending');

    await expect
      .poll(async () => (await cancelEntry(t, owner, orderId))?.status, {
        timeout: 20_000,
        interval: 100,
      })
      .toBe('done');
    await expectCancelledOnSecondAttempt(t, owner, placed);
  }, 60_000);
});

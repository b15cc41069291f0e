// A signed-in shop on Premium with Fraud Protect on, for the order pipeline tests, and the
// cancel entry of one of its orders as the merchant's log shows it.
import { DEFAULT_FRAUD_PROTECT, type OrderLogPage } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import type { SignedIn, TestApp } from './test-app.js';

/** Signs the shop in, puts it on Premium and turns Fraud Protect on; answers it and its id. */
export async function fraudProtectShop(
  t: TestApp,
  handle: string,
): Promise<{ owner: SignedIn; shopId: string }> {
  const owner = await t.signIn(handle);
  const [row] = await t.app.db
    .update(shops)
    .set({ plan: 'premium' })
    .where(eq(shops.domain, owner.shop))
    .returning();
  const saved = await t.call('saveFraudProtect', owner.token, {
    ...DEFAULT_FRAUD_PROTECT,
    enabled: true,
  });
  expect(saved.statusCode).toBe(200);
  return { owner, shopId: row!.id };
}

/** The order's cancel entry on the first page of the shop's log. */
export async function cancelEntry(t: TestApp, owner: SignedIn, orderId: string) {
  const res = await t.call('getFraudProtectLog', owner.token, { page: '1' });
  expect(res.statusCode).toBe(200);
  return res
    .json<OrderLogPage>()
    .entries.find((e) => e.orderId === orderId && e.action === 'cancel');
}

/**
 * The order's cancel, taken over from an attempt that died, is done on the second attempt,
 * and the platform cancelled and refunded the order once.
 */
export async function expectCancelledOnSecondAttempt(
  t: TestApp,
  owner: SignedIn,
  placed: { id: number; total: string },
) {
  expect(await cancelEntry(t, owner, String(placed.id))).toMatchObject({
    attempts: 2,
    retryAt: null,
    result: { refunded: placed.total },
  });
  const order = await t.emulator.order(owner.shop, placed.id);
  expect(order.cancelledAt).not.toBeNull();
  expect(order.refunds).toHaveLength(1);
}

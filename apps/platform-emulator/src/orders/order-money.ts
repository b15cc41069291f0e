// An order's money: what its discount took off, what has been refunded, and what is left.
import type { OrderRecord } from '../state/order-types.js';

export function discountCents(order: OrderRecord): number {
  return order.discountCode?.amountCents ?? 0;
}

export function refundedCents(order: OrderRecord): number {
  return order.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
}

export function refundableCents(order: OrderRecord): number {
  return Math.max(0, order.totalCents - refundedCents(order));
}

// orderCancel as the platform runs it: checks first (the order exists, is not cancelled yet,
// has nothing fulfilled, one refund method, a store credit refund needs a customer and an
// expiry in the future), then cancels with the reason, refunds what was paid to the original
// payment method or as store credit, puts the stock back, emails the customer, and sends
// orders/cancelled and orders/updated. Nothing changes when a check fails.
import { randomUUID } from 'node:crypto';
import type { EmulatorContext } from '../context.js';
import type { CancelReason, OrderRecord } from '../state/order-types.js';
import { shopCustomer } from './customers.js';
import { restock } from './inventory.js';
import { sendOrderWebhooks } from './order-events.js';
import { refundableCents } from './order-money.js';

export interface CancelInput {
  reason: CancelReason;
  refundMethod?: {
    originalPaymentMethodsRefund?: boolean | null;
    storeCreditRefund?: { expiresAt?: string | null } | null;
  } | null;
  restock: boolean;
  notifyCustomer?: boolean | null;
  staffNote?: string | null;
}

export type CancelErrorCode =
  | 'INVALID'
  | 'NOT_FOUND'
  | 'STORE_CREDIT_REFUND_EXPIRATION_IN_PAST'
  | 'STORE_CREDIT_REFUND_MISSING_CUSTOMER';

export interface CancelError {
  field: string[] | null;
  message: string;
  code: CancelErrorCode;
}

type RefundChoice =
  { kind: 'none' } | { kind: 'original' } | { kind: 'store-credit'; expiresAt: string | null };

function refundChoice(input: CancelInput, now: Date): RefundChoice | CancelError {
  const method = input.refundMethod;
  if (!method) {
    return { field: ['refundMethod'], message: 'A refund method is required', code: 'INVALID' };
  }
  const original = method.originalPaymentMethodsRefund === true;
  const credit = method.storeCreditRefund ?? null;
  if (original && credit) {
    return {
      field: ['refundMethod'],
      message: 'Choose one refund method: the original payment methods or store credit',
      code: 'INVALID',
    };
  }
  if (credit) {
    const expiresAt = credit.expiresAt ?? null;
    if (expiresAt !== null && !(new Date(expiresAt).getTime() > now.getTime())) {
      return {
        field: ['refundMethod', 'storeCreditRefund', 'expiresAt'],
        message: 'The store credit expiry date must be in the future',
        code: 'STORE_CREDIT_REFUND_EXPIRATION_IN_PAST',
      };
    }
    return { kind: 'store-credit', expiresAt };
  }
  return original ? { kind: 'original' } : { kind: 'none' };
}

export function cancelOrder(
  context: EmulatorContext,
  order: OrderRecord | undefined,
  input: CancelInput,
): { ok: true; order: OrderRecord } | { ok: false; error: CancelError } {
  const now = new Date();
  if (!order) {
    return {
      ok: false,
      error: { field: ['orderId'], message: 'Order does not exist', code: 'NOT_FOUND' },
    };
  }
  if (order.cancelledAt) {
    return {
      ok: false,
      error: { field: ['orderId'], message: 'Order has already been cancelled', code: 'INVALID' },
    };
  }
  if (order.fulfilled) {
    return {
      ok: false,
      error: {
        field: ['orderId'],
        message: 'Cannot cancel an order with fulfilled items',
        code: 'INVALID',
      },
    };
  }
  if ((input.staffNote ?? '').length > 255) {
    return {
      ok: false,
      error: {
        field: ['staffNote'],
        message: 'Staff note is too long (maximum is 255 characters)',
        code: 'INVALID',
      },
    };
  }
  const choice = refundChoice(input, now);
  if ('code' in choice) return { ok: false, error: choice };
  const customer = shopCustomer(context, order.shop, order.customerId);
  if (choice.kind === 'store-credit' && !customer) {
    return {
      ok: false,
      error: {
        field: ['refundMethod', 'storeCreditRefund'],
        message: 'Store credit can only be refunded to an order with a customer',
        code: 'STORE_CREDIT_REFUND_MISSING_CUSTOMER',
      },
    };
  }

  const at = now.toISOString();
  order.cancelledAt = at;
  order.closedAt = at;
  order.updatedAt = at;
  order.cancelReason = input.reason;
  order.staffNote = input.staffNote ?? null;
  order.cancelJobId = randomUUID();
  // Cancelled without a refund, the payment stays captured.
  const amount = refundableCents(order);
  if (choice.kind !== 'none' && amount > 0) {
    order.refunds.push({
      id: 9_000_000_000 + context.store.nextId(),
      createdAt: at,
      amountCents: amount,
      method: choice.kind === 'store-credit' ? 'STORE_CREDIT' : 'ORIGINAL_PAYMENT_METHOD',
      storeCreditExpiresAt: choice.kind === 'store-credit' ? choice.expiresAt : null,
      note: null,
    });
    order.financialStatus = 'refunded';
    if (choice.kind === 'store-credit' && customer) {
      customer.storeCreditCents += amount;
      customer.updatedAt = at;
    }
  }
  if (input.restock) {
    restock(context, order.shop, order.lines);
    order.restocked = true;
  }
  if (input.notifyCustomer && order.email) {
    order.notifications.push({ at, kind: 'order_cancelled', to: order.email });
  }
  context.store.save();
  sendOrderWebhooks(context, order, ['ORDERS_CANCELLED', 'ORDERS_UPDATED']);
  return { ok: true, order };
}

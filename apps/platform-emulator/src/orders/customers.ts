// A shop's customers: found by email (case-insensitive) or phone when an order is placed,
// created otherwise, with the tags a test or demo gives them.
import type { EmulatorContext } from '../context.js';
import type { CustomerRecord, OrderRecord } from '../state/order-types.js';
import { mergeTags } from './tags.js';

export function findCustomer(context: EmulatorContext, id: number): CustomerRecord | undefined {
  return context.store.state.customers.find((customer) => customer.id === id);
}

export function shopCustomer(
  context: EmulatorContext,
  shop: string,
  id: number | null,
): CustomerRecord | undefined {
  return context.store.state.customers.find((c) => c.shop === shop && c.id === id);
}

export function ordersOfCustomer(
  context: EmulatorContext,
  customer: CustomerRecord,
): OrderRecord[] {
  return context.store.state.orders.filter(
    (order) => order.shop === customer.shop && order.customerId === customer.id,
  );
}

/** The customer an order belongs to: by email, else by phone; null for a guest with neither. */
export function customerForOrder(
  context: EmulatorContext,
  shop: string,
  details: {
    email: string | null;
    phone: string | null;
    firstName: string;
    lastName: string;
    tags: string[];
  },
  now: string,
): CustomerRecord | null {
  const { email, phone } = details;
  if (!email && !phone) return null;
  const customers = context.store.state.customers.filter((c) => c.shop === shop);
  const existing = email
    ? customers.find((c) => c.email?.toLowerCase() === email.toLowerCase())
    : customers.find((c) => c.phone === phone);
  if (existing) {
    if (details.tags.length > 0) {
      existing.tags = mergeTags(existing.tags, details.tags);
      existing.updatedAt = now;
    }
    return existing;
  }
  const customer: CustomerRecord = {
    id: 7_000_000_000 + context.store.nextId(),
    shop,
    email,
    phone,
    firstName: details.firstName,
    lastName: details.lastName,
    tags: mergeTags([], details.tags),
    createdAt: now,
    updatedAt: now,
    storeCreditCents: 0,
  };
  context.store.state.customers.push(customer);
  return customer;
}

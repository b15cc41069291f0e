// Placing an order, by the storefront's checkout or the control API: the customer is found or
// created, lines are priced from the catalogue, the discount code and shipping applied, stock
// taken, risk assessed (or set as given), and orders/create, orders/paid and
// orders/risk_assessment_changed sent. Payment always succeeds here; the checkout refuses a
// declined test card before it gets this far.
import { randomBytes } from 'node:crypto';
import type { EmulatorContext } from '../context.js';
import type {
  AddressRecord,
  OrderRecord,
  RiskFactRecord,
  RiskLevel,
} from '../state/order-types.js';
import { findVariantBySku } from '../storefront/catalog.js';
import { customerForOrder } from './customers.js';
import {
  FLAT_SHIPPING_CENTS,
  FREE_SHIPPING_FROM_CENTS,
  discountAmount,
  findDiscountCode,
} from './discount-codes.js';
import { takeStock } from './inventory.js';
import { sendOrderWebhooks } from './order-events.js';
import { analyseRisk, assessOrder, type CardSignal } from './risk.js';
import { mergeTags } from './tags.js';

export interface PlaceOrderInput {
  email: string | null;
  phone: string | null;
  customer: { firstName: string | null; lastName: string | null; tags: string[] } | null;
  billingAddress: AddressRecord | null;
  shippingAddress: AddressRecord | null;
  lines: { sku: string; quantity: number }[];
  discountCode: string | null;
  gateway: string;
  browserIp: string | null;
  userAgent: string | null;
  acceptLanguage: string | null;
  /** The assessment to give the order; null runs the platform's analysis. */
  risk: { riskLevel: RiskLevel; facts: RiskFactRecord[] } | null;
  card: CardSignal;
  tags: string[];
  note: string | null;
  test: boolean;
  /** Backdates the order (tests reading past orders); null is now. */
  createdAt: string | null;
  sourceName: string;
}

export type PlaceOrderResult =
  { ok: true; order: OrderRecord } | { ok: false; field: string; message: string };

function nextOrderNumber(context: EmulatorContext, shop: string): number {
  let highest = 1000;
  for (const order of context.store.state.orders) {
    if (order.shop === shop && order.number > highest) highest = order.number;
  }
  return highest + 1;
}

export function placeOrder(
  context: EmulatorContext,
  shop: string,
  input: PlaceOrderInput,
): PlaceOrderResult {
  const lines = [];
  for (const [index, line] of input.lines.entries()) {
    const found = findVariantBySku(line.sku);
    if (!found) return { ok: false, field: `lines.${index}.sku`, message: `No SKU ${line.sku}` };
    lines.push({
      id: 13_000_000_000 + context.store.nextId(),
      productHandle: found.product.handle,
      title: found.product.title,
      variantTitle: found.variant === 'Default Title' ? null : found.variant,
      sku: found.sku,
      vendor: found.product.vendor,
      quantity: line.quantity,
      priceCents: found.product.price,
    });
  }
  const code = input.discountCode?.trim() ? findDiscountCode(input.discountCode) : undefined;
  if (input.discountCode?.trim() && !code) {
    return { ok: false, field: 'discountCode', message: 'Enter a valid discount code' };
  }

  const now = new Date().toISOString();
  const placedAt = input.createdAt ?? now;
  const linesCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const shippingCents = linesCents >= FREE_SHIPPING_FROM_CENTS ? 0 : FLAT_SHIPPING_CENTS;
  const discount = code ? discountAmount(code, linesCents, shippingCents) : 0;
  const named = input.billingAddress ?? input.shippingAddress;
  const customer = customerForOrder(
    context,
    shop,
    {
      email: input.email,
      phone: input.phone,
      firstName: input.customer?.firstName ?? named?.firstName ?? '',
      lastName: input.customer?.lastName ?? named?.lastName ?? '',
      tags: input.customer?.tags ?? [],
    },
    now,
  );
  const number = nextOrderNumber(context, shop);
  const order: OrderRecord = {
    id: 6_000_000_000 + context.store.nextId(),
    shop,
    number,
    name: `#${number}`,
    token: randomBytes(16).toString('hex'),
    email: input.email,
    phone: input.phone,
    customerId: customer?.id ?? null,
    billingAddress: input.billingAddress,
    shippingAddress: input.shippingAddress,
    lines,
    discountCode: code ? { code: code.code, amountCents: discount, type: code.type } : null,
    shippingCents,
    subtotalCents: linesCents - (code && code.type !== 'shipping' ? discount : 0),
    totalCents: linesCents + shippingCents - discount,
    currency: context.store.shop(shop)?.currency ?? 'USD',
    gateway: input.gateway,
    browserIp: input.browserIp,
    userAgent: input.userAgent,
    acceptLanguage: input.acceptLanguage,
    sourceName: input.sourceName,
    test: input.test,
    note: input.note,
    tags: mergeTags([], input.tags),
    financialStatus: 'paid',
    fulfilled: false,
    risk: {
      recommendation: 'NONE',
      assessments: [{ riskLevel: 'PENDING', facts: [], provider: null, createdAt: now }],
    },
    createdAt: placedAt,
    updatedAt: now,
    processedAt: placedAt,
    cancelledAt: null,
    cancelReason: null,
    staffNote: null,
    cancelJobId: null,
    closedAt: null,
    restocked: false,
    refunds: [],
    notifications: input.email ? [{ at: now, kind: 'order_confirmation', to: input.email }] : [],
  };
  context.store.state.orders.push(order);
  takeStock(context, shop, lines);
  context.store.save();
  sendOrderWebhooks(context, order, ['ORDERS_CREATE', 'ORDERS_PAID']);
  const assessment =
    input.risk ??
    analyseRisk({
      billingAddress: input.billingAddress,
      shippingAddress: input.shippingAddress,
      card: input.card,
    });
  if (assessment.riskLevel !== 'PENDING') assessOrder(context, order, assessment);
  return { ok: true, order };
}

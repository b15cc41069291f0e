// Order records as the Admin API's objects: Order (money bags, addresses, line items, refunds,
// risk summary), Customer and Refund. Fields that need another scope than read_orders check it
// when they are asked for, so the rest of the order still answers.
import { moneyV2 } from '../billing/money.js';
import { APP_ID } from '../metafields/app-metafields.js';
import { shopUrl, type EmulatorContext } from '../context.js';
import { findCustomer, ordersOfCustomer } from '../orders/customers.js';
import { discountCents, refundedCents } from '../orders/order-money.js';
import type {
  AddressRecord,
  CustomerRecord,
  OrderRecord,
  RiskAssessmentRecord,
} from '../state/order-types.js';
import { connection, type ConnectionArgs } from './connection.js';
import { gid, requireScope, type RequestContext } from './domain.js';

function moneyBag(cents: number, currency: string) {
  const money = moneyV2(cents, currency);
  return { shopMoney: money, presentmentMoney: money };
}

function addressNode(address: AddressRecord | null) {
  if (!address) return null;
  return {
    firstName: address.firstName,
    lastName: address.lastName,
    name: `${address.firstName} ${address.lastName}`.trim(),
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    province: address.province,
    provinceCode: address.provinceCode,
    country: address.country,
    countryCodeV2: address.countryCode,
    zip: address.zip,
    phone: address.phone,
  };
}

export function customerNode(context: EmulatorContext, customer: CustomerRecord) {
  const orders = ordersOfCustomer(context, customer);
  const spent = orders.reduce((sum, order) => sum + order.totalCents - refundedCents(order), 0);
  return {
    __typename: 'Customer',
    id: gid('Customer', customer.id),
    legacyResourceId: String(customer.id),
    defaultEmailAddress: customer.email ? { emailAddress: customer.email } : null,
    defaultPhoneNumber: customer.phone ? { phoneNumber: customer.phone } : null,
    firstName: customer.firstName,
    lastName: customer.lastName,
    displayName:
      `${customer.firstName} ${customer.lastName}`.trim() || customer.email || customer.phone || '',
    tags: customer.tags,
    numberOfOrders: String(orders.length),
    amountSpent: moneyV2(spent, context.store.shop(customer.shop)?.currency ?? 'USD'),
    createdAt: customer.createdAt,
    updatedAt: customer.updatedAt,
  };
}

function sameAddress(a: AddressRecord | null, b: AddressRecord | null): boolean {
  if (!a || !b) return a === b;
  return JSON.stringify(a) === JSON.stringify(b);
}

export function orderNode(context: EmulatorContext, order: OrderRecord) {
  const currency = order.currency;
  const refunded = refundedCents(order);
  return {
    __typename: 'Order',
    id: gid('Order', order.id),
    legacyResourceId: String(order.id),
    name: order.name,
    email: order.email,
    phone: order.phone,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    processedAt: order.processedAt,
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason,
    closed: order.closedAt !== null,
    closedAt: order.closedAt,
    confirmed: true,
    test: order.test,
    note: order.note,
    tags: order.tags,
    displayFinancialStatus: order.financialStatus.toUpperCase(),
    displayFulfillmentStatus: order.fulfilled ? 'FULFILLED' : 'UNFULFILLED',
    currencyCode: currency,
    totalPriceSet: moneyBag(order.totalCents, currency),
    subtotalPriceSet: moneyBag(order.subtotalCents, currency),
    totalDiscountsSet: moneyBag(discountCents(order), currency),
    totalShippingPriceSet: moneyBag(order.shippingCents, currency),
    totalRefundedSet: moneyBag(refunded, currency),
    currentTotalPriceSet: moneyBag(order.totalCents - refunded, currency),
    clientIp: order.browserIp,
    customer: (_args: unknown, request: RequestContext) => {
      if (order.customerId === null) return null;
      requireScope(request, 'read_customers', 'customer');
      const customer = findCustomer(context, order.customerId);
      return customer ? customerNode(context, customer) : null;
    },
    billingAddress: addressNode(order.billingAddress),
    shippingAddress: addressNode(order.shippingAddress),
    billingAddressMatchesShippingAddress: sameAddress(order.billingAddress, order.shippingAddress),
    lineItems: (args: ConnectionArgs) =>
      connection(
        order.lines.map((line) => ({
          id: gid('LineItem', line.id),
          title: line.title,
          name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
          sku: line.sku,
          vendor: line.vendor,
          variantTitle: line.variantTitle,
          quantity: line.quantity,
          currentQuantity: order.cancelledAt ? 0 : line.quantity,
          originalUnitPriceSet: moneyBag(line.priceCents, currency),
          originalTotalSet: moneyBag(line.priceCents * line.quantity, currency),
        })),
        args,
      ),
    discountCode: order.discountCode?.code ?? null,
    discountCodes: order.discountCode ? [order.discountCode.code] : [],
    paymentGatewayNames: [order.gateway],
    risk: {
      recommendation: order.risk.recommendation,
      assessments: order.risk.assessments.map(assessmentNode),
    },
    refunds: (args: { first?: number | null }) =>
      order.refunds.slice(0, args.first ?? undefined).map((refund) => ({
        __typename: 'Refund',
        id: gid('Refund', refund.id),
        createdAt: refund.createdAt,
        note: refund.note,
        totalRefundedSet: moneyBag(refund.amountCents, currency),
      })),
    sourceName: order.sourceName,
    statusPageUrl: shopUrl(context, order.shop, `/orders/${order.token}`),
  };
}

/** A risk assessment as the API shows it: its provider is the app that wrote it, if any. */
export function assessmentNode(assessment: RiskAssessmentRecord) {
  return {
    riskLevel: assessment.riskLevel,
    facts: assessment.facts,
    provider: assessment.provider && {
      id: gid('App', APP_ID),
      title: assessment.provider.title,
      handle: assessment.provider.handle,
      apiKey: assessment.provider.apiKey,
    },
  };
}

// The REST Order resource, as the platform sends it in orders/* webhooks, built from an order
// record: identity and contact, client details, addresses, money as decimal strings with their
// `*_set` bags, status fields, line items, discounts, payment gateway, refunds and the customer.
import { decimal } from '../billing/money.js';
import { shopUrl, type EmulatorContext } from '../context.js';
import type {
  AddressRecord,
  CustomerRecord,
  OrderRecord,
  RefundRecord,
} from '../state/order-types.js';
import type { ShopRecord } from '../state/types.js';
import { findCustomer, ordersOfCustomer } from './customers.js';
import { discountCents, refundedCents } from './order-money.js';

function moneySet(cents: number, currency: string) {
  const money = { amount: decimal(cents), currency_code: currency };
  return { shop_money: money, presentment_money: money };
}

function addressPayload(address: AddressRecord | null) {
  if (!address) return null;
  return {
    first_name: address.firstName,
    last_name: address.lastName,
    name: `${address.firstName} ${address.lastName}`.trim(),
    company: address.company,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    province: address.province,
    province_code: address.provinceCode,
    country: address.country,
    country_code: address.countryCode,
    zip: address.zip,
    phone: address.phone,
    latitude: null,
    longitude: null,
  };
}

function customerPayload(context: EmulatorContext, customer: CustomerRecord, currency: string) {
  return {
    id: customer.id,
    admin_graphql_api_id: `gid://shopify/Customer/${customer.id}`,
    email: customer.email,
    phone: customer.phone,
    first_name: customer.firstName,
    last_name: customer.lastName,
    state: 'disabled',
    note: null,
    verified_email: true,
    tax_exempt: false,
    tax_exemptions: [],
    tags: customer.tags.join(', '),
    currency,
    orders_count: ordersOfCustomer(context, customer).length,
    created_at: customer.createdAt,
    updated_at: customer.updatedAt,
    multipass_identifier: null,
  };
}

function refundPayload(order: OrderRecord, refund: RefundRecord) {
  return {
    id: refund.id,
    admin_graphql_api_id: `gid://shopify/Refund/${refund.id}`,
    order_id: order.id,
    created_at: refund.createdAt,
    processed_at: refund.createdAt,
    note: refund.note,
    restock: order.restocked,
    transactions: [
      {
        kind: 'refund',
        status: 'success',
        gateway: refund.method === 'STORE_CREDIT' ? 'store_credit' : order.gateway,
        amount: decimal(refund.amountCents),
        currency: order.currency,
      },
    ],
  };
}

export function orderPayload(
  context: EmulatorContext,
  shop: ShopRecord,
  order: OrderRecord,
): Record<string, unknown> {
  const currency = order.currency;
  const customer = order.customerId === null ? null : findCustomer(context, order.customerId);
  const discount = discountCents(order);
  const refunded = refundedCents(order);
  const lineItemsCents = order.lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  return {
    id: order.id,
    admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
    name: order.name,
    number: order.number - 1000,
    order_number: order.number,
    token: order.token,
    email: order.email ?? '',
    contact_email: order.email,
    phone: order.phone,
    browser_ip: order.browserIp,
    client_details: order.browserIp
      ? {
          accept_language: order.acceptLanguage,
          browser_height: null,
          browser_ip: order.browserIp,
          browser_width: null,
          session_hash: null,
          user_agent: order.userAgent,
        }
      : null,
    source_name: order.sourceName,
    buyer_accepts_marketing: false,
    customer_locale: 'en',
    billing_address: addressPayload(order.billingAddress),
    shipping_address: addressPayload(order.shippingAddress),
    currency,
    presentment_currency: currency,
    total_price: decimal(order.totalCents),
    total_price_set: moneySet(order.totalCents, currency),
    subtotal_price: decimal(order.subtotalCents),
    subtotal_price_set: moneySet(order.subtotalCents, currency),
    total_line_items_price: decimal(lineItemsCents),
    total_line_items_price_set: moneySet(lineItemsCents, currency),
    total_discounts: decimal(discount),
    total_discounts_set: moneySet(discount, currency),
    total_shipping_price_set: moneySet(order.shippingCents, currency),
    total_tax: '0.00',
    total_tax_set: moneySet(0, currency),
    taxes_included: false,
    tax_lines: [],
    total_outstanding: '0.00',
    current_total_price: decimal(order.totalCents - refunded),
    current_total_price_set: moneySet(order.totalCents - refunded, currency),
    current_subtotal_price: decimal(order.cancelledAt ? 0 : order.subtotalCents),
    financial_status: order.financialStatus,
    fulfillment_status: order.fulfilled ? 'fulfilled' : null,
    cancelled_at: order.cancelledAt,
    cancel_reason: order.cancelReason?.toLowerCase() ?? null,
    closed_at: order.closedAt,
    processed_at: order.processedAt,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    test: order.test,
    confirmed: true,
    tags: order.tags.join(', '),
    note: order.note,
    note_attributes: [],
    order_status_url: shopUrl(context, shop.domain, `/orders/${order.token}`),
    line_items: order.lines.map((line) => ({
      id: line.id,
      admin_graphql_api_id: `gid://shopify/LineItem/${line.id}`,
      title: line.title,
      variant_title: line.variantTitle,
      name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
      sku: line.sku,
      vendor: line.vendor,
      quantity: line.quantity,
      current_quantity: order.cancelledAt ? 0 : line.quantity,
      fulfillable_quantity: order.cancelledAt || order.fulfilled ? 0 : line.quantity,
      price: decimal(line.priceCents),
      price_set: moneySet(line.priceCents, currency),
      total_discount: '0.00',
      requires_shipping: true,
      taxable: true,
      gift_card: false,
      properties: [],
      tax_lines: [],
      discount_allocations: [],
      fulfillment_status: order.fulfilled ? 'fulfilled' : null,
      product_exists: true,
    })),
    discount_codes: order.discountCode
      ? [
          {
            code: order.discountCode.code,
            amount: decimal(order.discountCode.amountCents),
            type: order.discountCode.type,
          },
        ]
      : [],
    payment_gateway_names: [order.gateway],
    shipping_lines: [
      {
        code: order.shippingCents === 0 ? 'Free shipping' : 'Standard',
        title: order.shippingCents === 0 ? 'Free shipping' : 'Standard',
        price: decimal(order.shippingCents),
        price_set: moneySet(order.shippingCents, currency),
        source: 'shopify',
      },
    ],
    refunds: order.refunds.map((refund) => refundPayload(order, refund)),
    fulfillments: [],
    customer: customer ? customerPayload(context, customer, currency) : null,
  };
}

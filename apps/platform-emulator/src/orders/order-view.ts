// An order as the control API shows it to tests and support: everything the platform knows,
// amounts as decimal strings, with the order's page in the store admin.
import { decimal } from '../billing/money.js';
import { shopUrl, type EmulatorContext } from '../context.js';
import type { OrderRecord } from '../state/order-types.js';
import { shopCustomer } from './customers.js';
import { stockOf } from './inventory.js';
import { refundedCents } from './order-money.js';
import { currentRiskLevel } from './risk.js';

export function orderView(context: EmulatorContext, order: OrderRecord) {
  const customer = shopCustomer(context, order.shop, order.customerId);
  return {
    id: order.id,
    gid: `gid://shopify/Order/${order.id}`,
    name: order.name,
    email: order.email,
    phone: order.phone,
    customer: customer
      ? {
          id: customer.id,
          gid: `gid://shopify/Customer/${customer.id}`,
          email: customer.email,
          phone: customer.phone,
          firstName: customer.firstName,
          lastName: customer.lastName,
          tags: customer.tags,
          storeCredit: decimal(customer.storeCreditCents),
        }
      : null,
    billingAddress: order.billingAddress,
    shippingAddress: order.shippingAddress,
    lines: order.lines.map((line) => ({
      sku: line.sku,
      title: line.title,
      variantTitle: line.variantTitle,
      quantity: line.quantity,
      price: decimal(line.priceCents),
      inStock: stockOf(context, order.shop, line.sku),
    })),
    discountCode: order.discountCode
      ? { ...order.discountCode, amount: decimal(order.discountCode.amountCents) }
      : null,
    subtotal: decimal(order.subtotalCents),
    shipping: decimal(order.shippingCents),
    total: decimal(order.totalCents),
    refunded: decimal(refundedCents(order)),
    currency: order.currency,
    gateway: order.gateway,
    browserIp: order.browserIp,
    tags: order.tags,
    note: order.note,
    test: order.test,
    financialStatus: order.financialStatus,
    fulfilled: order.fulfilled,
    risk: {
      level: currentRiskLevel(order),
      recommendation: order.risk.recommendation,
      assessments: order.risk.assessments,
    },
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    cancelledAt: order.cancelledAt,
    cancelReason: order.cancelReason,
    staffNote: order.staffNote,
    restocked: order.restocked,
    refunds: order.refunds.map((refund) => ({
      id: refund.id,
      amount: decimal(refund.amountCents),
      method: refund.method,
      storeCreditExpiresAt: refund.storeCreditExpiresAt,
      createdAt: refund.createdAt,
    })),
    notifications: order.notifications,
    adminUrl: shopUrl(context, order.shop, `/admin/orders/${order.id}`),
    statusPageUrl: shopUrl(context, order.shop, `/orders/${order.token}`),
  };
}

export type OrderView = ReturnType<typeof orderView>;

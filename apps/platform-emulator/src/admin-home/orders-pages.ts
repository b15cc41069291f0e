// The store admin's Orders pages: every order with its payment and fulfilment status, risk,
// tags and refunds (newest first), and one order's page with its items, money, risk facts,
// customer, addresses, cancellation and the emails sent, so a person can see what an app did.
import type { FastifyInstance } from 'fastify';
import { html, type SafeHtml } from '@gatehouse/html';
import { displayMoney } from '../billing/money.js';
import { shopUrl, type EmulatorContext } from '../context.js';
import { adminPage } from '../html/admin-layout.js';
import { shopCustomer } from '../orders/customers.js';
import { refundedCents } from '../orders/order-money.js';
import { searchOrders } from '../orders/order-search.js';
import { currentRiskLevel } from '../orders/risk.js';
import { shopOr404 } from '../shop-scope.js';
import type { AddressRecord, OrderRecord, RiskLevel } from '../state/order-types.js';

const RISK_BADGE: Record<RiskLevel, string> = {
  HIGH: 'critical',
  MEDIUM: 'warning',
  LOW: 'success',
  NONE: '',
  PENDING: '',
};

const titleCase = (value: string) =>
  value.charAt(0).toUpperCase() + value.slice(1).toLowerCase().replace(/_/g, ' ');

function riskBadge(level: RiskLevel): SafeHtml {
  const text = level === 'NONE' ? 'No risk level' : `${titleCase(level)} risk`;
  return html`<span class="badge ${RISK_BADGE[level]}">${text}</span>`;
}

function statusBadges(order: OrderRecord): SafeHtml {
  return html`${order.cancelledAt ? html`<span class="badge critical">Cancelled</span> ` : ''}<span
      class="badge ${order.financialStatus === 'paid' ? '' : 'warning'}"
      >${titleCase(order.financialStatus)}</span
    >
    <span class="badge">${order.fulfilled ? 'Fulfilled' : 'Unfulfilled'}</span>`;
}

function refundsText(order: OrderRecord): string {
  return order.refunds
    .map(
      (refund) =>
        `${displayMoney(refund.amountCents, order.currency)} ${
          refund.method === 'STORE_CREDIT' ? 'as store credit' : 'to the original payment method'
        }`,
    )
    .join('; ');
}

function addressBlock(address: AddressRecord | null): SafeHtml {
  if (!address) return html`<span class="muted">None</span>`;
  return html`${address.firstName} ${address.lastName}<br />${address.address1}${address.address2 ? html`, ${address.address2}` : ''}<br />${address.zip}
    ${address.city}${address.province ? html`, ${address.province}` : ''}<br />${address.country}`;
}

function ordersList(context: EmulatorContext, shop: string, orders: OrderRecord[]): SafeHtml {
  if (orders.length === 0) {
    return html`<div class="card"><p class="muted" style="margin:0">No orders yet.</p></div>`;
  }
  return html`<div class="card" style="overflow-x:auto">
    <table class="list">
      <thead>
        <tr>
          <th>Order</th>
          <th>Date</th>
          <th>Customer</th>
          <th>Total</th>
          <th>Status</th>
          <th>Risk</th>
          <th>Tags</th>
          <th>Refunds</th>
        </tr>
      </thead>
      <tbody>
        ${orders.map((order) => {
          const customer = shopCustomer(context, shop, order.customerId);
          return html`<tr>
            <td>
              <a href="${shopUrl(context, shop, `/admin/orders/${order.id}`)}">${order.name}</a>
            </td>
            <td>${new Date(order.createdAt).toUTCString().slice(5, 22)}</td>
            <td>
              ${customer ? `${customer.firstName} ${customer.lastName}`.trim() || customer.email : html`<span class="muted">No customer</span>`}
            </td>
            <td>${displayMoney(order.totalCents, order.currency)}</td>
            <td>${statusBadges(order)}</td>
            <td>${riskBadge(currentRiskLevel(order))}</td>
            <td>${order.tags.join(', ')}</td>
            <td>${refundsText(order)}</td>
          </tr>`;
        })}
      </tbody>
    </table>
  </div>`;
}

function orderDetail(context: EmulatorContext, order: OrderRecord): SafeHtml {
  const customer = shopCustomer(context, order.shop, order.customerId);
  const money = (cents: number) => displayMoney(cents, order.currency);
  return html`<p><a href="${shopUrl(context, order.shop, '/admin/orders')}">← Orders</a></p>
    <h1>${order.name} ${statusBadges(order)} ${riskBadge(currentRiskLevel(order))}</h1>
    <p class="muted">
      Placed ${new Date(order.createdAt).toUTCString()} from
      ${order.browserIp ?? 'an unknown address'} · ${order.gateway}
    </p>
    ${
      order.cancelledAt
        ? html`<div class="banner critical" role="status">
            Cancelled ${new Date(order.cancelledAt).toUTCString()} · reason:
            ${titleCase(order.cancelReason ?? 'other')}${order.staffNote ? html` · staff note: ${order.staffNote}` : ''}
            · ${order.restocked ? 'items restocked' : 'items not restocked'}
          </div>`
        : ''
    }
    <div class="card">
      <h2>Items</h2>
      <ul class="plain">
        ${order.lines.map(
          (line) =>
            html`<li class="row">
              <span
                >${line.title}${line.variantTitle ? ` – ${line.variantTitle}` : ''}
                <span class="muted">${line.sku}</span></span
              >
              <span>${line.quantity} × ${money(line.priceCents)}</span>
            </li>`,
        )}
      </ul>
    </div>
    <div class="card">
      <h2>Payment</h2>
      <ul class="plain">
        ${order.discountCode ? html`<li class="row"><span>Discount ${order.discountCode.code}</span><span>−${money(order.discountCode.amountCents)}</span></li>` : ''}
        <li class="row"><span>Shipping</span><span>${money(order.shippingCents)}</span></li>
        <li class="row"><strong>Total</strong><strong>${money(order.totalCents)}</strong></li>
        ${order.refunds.map(
          (refund) =>
            html`<li class="row">
              <span
                >Refunded
                ${refund.method === 'STORE_CREDIT' ? 'as store credit' : 'to the original payment method'}
                · ${new Date(refund.createdAt).toUTCString()}</span
              >
              <span>−${money(refund.amountCents)}</span>
            </li>`,
        )}
        <li class="row">
          <span>Net payment</span><span>${money(order.totalCents - refundedCents(order))}</span>
        </li>
      </ul>
    </div>
    <div class="card">
      <h2>Fraud analysis: recommendation ${titleCase(order.risk.recommendation)}</h2>
      <ul class="plain">
        ${order.risk.assessments.map(
          (assessment) =>
            html`<li>
              ${riskBadge(assessment.riskLevel)}
              <span class="muted"
                >by ${assessment.provider ? assessment.provider.title : 'the platform'}</span
              >
              <ul>
                ${assessment.facts.map((fact) => html`<li>${fact.description} <span class="muted">(${fact.sentiment.toLowerCase()})</span></li>`)}
              </ul>
            </li>`,
        )}
      </ul>
    </div>
    <div class="card">
      <h2>Customer</h2>
      ${
        customer
          ? html`<p style="margin:0">
                ${customer.firstName} ${customer.lastName} · ${customer.email ?? ''}
                ${customer.phone ?? ''}
              </p>
              <p class="muted" style="margin:4px 0 0">
                Tags: ${customer.tags.join(', ') || 'none'} · Store credit
                ${money(customer.storeCreditCents)}
              </p>`
          : html`<p class="muted" style="margin:0">No customer</p>`
      }
      <div class="row" style="align-items:flex-start;margin-top:12px">
        <div>
          <h2>Shipping address</h2>
          ${addressBlock(order.shippingAddress)}
        </div>
        <div>
          <h2>Billing address</h2>
          ${addressBlock(order.billingAddress)}
        </div>
      </div>
    </div>
    <div class="card">
      <h2>Tags</h2>
      <p style="margin:0">${order.tags.join(', ') || html`<span class="muted">No tags</span>`}</p>
    </div>
    <div class="card">
      <h2>Emails to the customer</h2>
      <ul class="plain">
        ${order.notifications.length === 0 ? html`<li class="muted">None</li>` : ''}
        ${order.notifications.map(
          (n) =>
            html`<li>
              ${n.kind === 'order_cancelled' ? 'Order cancelled' : 'Order confirmation'} to ${n.to}
              · ${new Date(n.at).toUTCString()}
            </li>`,
        )}
      </ul>
    </div>`;
}

export async function ordersPages(app: FastifyInstance, context: EmulatorContext) {
  app.get('/admin/orders', async (request, reply) => {
    const shop = shopOr404(context, request, reply);
    if (!shop) return reply;
    const orders = searchOrders(context, shop.domain, { sortKey: 'CREATED_AT', reverse: true });
    return reply.type('text/html; charset=utf-8').send(
      adminPage({
        title: `Orders · ${shop.name}`,
        shopName: shop.name,
        wide: true,
        body: html`<p><a href="${shopUrl(context, shop.domain, '/admin')}">← Home</a></p>
          <h1>Orders</h1>
          ${ordersList(context, shop.domain, orders)}`,
      }),
    );
  });

  app.get('/admin/orders/:id', async (request, reply) => {
    const shop = shopOr404(context, request, reply);
    if (!shop) return reply;
    const id = Number((request.params as { id: string }).id);
    const order = context.store.state.orders.find((o) => o.shop === shop.domain && o.id === id);
    if (!order) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(
          adminPage({
            title: 'Order not found',
            shopName: shop.name,
            body: html`<div class="card"><h1>This order doesn't exist</h1></div>`,
          }),
        );
    }
    return reply.type('text/html; charset=utf-8').send(
      adminPage({
        title: `Order ${order.name} · ${shop.name}`,
        shopName: shop.name,
        body: orderDetail(context, order),
      }),
    );
  });
}

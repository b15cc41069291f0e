// The Orders API: orders placed through the control API with a chosen risk, read back with
// `order`, cancelled once (a second time is an error), tagged, with their webhooks signed.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webhookHmac } from '../src/webhooks/webhook-hmac.js';
import { API_SECRET, graphql, install, startEmulator, subscribe } from './helpers.js';
import {
  CANCEL_MUTATION,
  ORDER_QUERY,
  SHOP,
  orderView,
  placeOrder,
  type CancelResult,
} from './order-helpers.js';
import { startReceiver, until } from './receiver.js';

interface OrderResult {
  order: {
    name: string;
    email: string;
    clientIp: string;
    tags: string[];
    cancelledAt: string | null;
    cancelReason: string | null;
    displayFinancialStatus: string;
    totalRefundedSet: { shopMoney: { amount: string } };
    lineItems: { nodes: { sku: string; quantity: number; currentQuantity: number }[] };
    risk: {
      recommendation: string;
      assessments: { riskLevel: string; facts: { sentiment: string }[]; provider: null }[];
    };
  } | null;
}

let app: FastifyInstance;
let token: string;
beforeEach(async () => {
  app = await startEmulator({ webhookRetryBaseMs: 10 });
  token = await install(app, SHOP, 'read_orders,write_orders,read_customers');
});
afterEach(() => app.close());

describe('orders in the Admin API', () => {
  it('answers an order with its contact, lines, money, discount, gateway, IP and risk', async () => {
    const placed = await placeOrder(app, {
      discountCode: 'welcome10',
      gateway: 'shopify_payments',
      risk: { level: 'HIGH' },
    });
    expect(placed.name).toBe('#1001');
    const { body } = await graphql<OrderResult>(app, SHOP, token, ORDER_QUERY, { id: placed.gid });
    expect(body.errors).toBeUndefined();
    expect(body.data?.order).toMatchObject({
      id: placed.gid,
      name: '#1001',
      email: 'ada@example.com',
      phone: '+447700900123',
      clientIp: '203.0.113.7',
      displayFinancialStatus: 'PAID',
      // 2 × $349.00 less 10%, free shipping over $75.
      totalPriceSet: { shopMoney: { amount: '628.20', currencyCode: 'USD' } },
      discountCodes: ['WELCOME10'],
      paymentGatewayNames: ['shopify_payments'],
      billingAddress: { countryCodeV2: 'GB', city: 'London' },
      shippingAddress: { name: 'Ada Lovelace', zip: 'N1 9GU' },
      lineItems: { nodes: [{ sku: 'RIDGELINE-2-TENT-SAGE', quantity: 2, currentQuantity: 2 }] },
      risk: {
        recommendation: 'CANCEL',
        assessments: [{ riskLevel: 'HIGH', provider: null }],
      },
    });
    expect(body.data?.order?.risk.assessments[0]?.facts[0]?.sentiment).toBe('NEGATIVE');
  });

  it('keeps a pending assessment until the platform assesses the order', async () => {
    const placed = await placeOrder(app, { risk: { level: 'PENDING' } });
    const before = await graphql<OrderResult>(app, SHOP, token, ORDER_QUERY, { id: placed.gid });
    expect(before.body.data?.order?.risk).toEqual({
      recommendation: 'NONE',
      assessments: [{ riskLevel: 'PENDING', facts: [], provider: null }],
    });
    const response = await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/orders/${placed.id}/risk`,
      payload: { level: 'MEDIUM', facts: [{ description: 'Odd hour', sentiment: 'NEGATIVE' }] },
    });
    expect(response.statusCode).toBe(200);
    const after = await graphql<OrderResult>(app, SHOP, token, ORDER_QUERY, { id: placed.gid });
    expect(after.body.data?.order?.risk).toMatchObject({
      recommendation: 'INVESTIGATE',
      assessments: [{ riskLevel: 'MEDIUM', facts: [{ description: 'Odd hour' }] }],
    });
  });

  it('refuses orders without read_orders, and another shop’s or a missing order is null', async () => {
    const placed = await placeOrder(app);
    const other = await install(app, 'other-shop.myshopify.com', 'read_themes');
    const denied = await graphql(app, 'other-shop.myshopify.com', other, ORDER_QUERY, {
      id: placed.gid,
    });
    expect(JSON.stringify(denied.body.errors)).toContain('ACCESS_DENIED');
    const missing = await graphql<OrderResult>(app, SHOP, token, ORDER_QUERY, {
      id: 'gid://shopify/Order/1',
    });
    expect(missing.body.data?.order).toBeNull();
  });

  it('cancels with a refund to the card, restock and an email, and refuses a second cancel', async () => {
    const placed = await placeOrder(app);
    expect(placed.lines[0]?.inStock).toBe(98);
    const first = await graphql<CancelResult>(app, SHOP, token, CANCEL_MUTATION, {
      orderId: placed.gid,
      reason: 'FRAUD',
      refundMethod: { originalPaymentMethodsRefund: true },
      restock: true,
      notifyCustomer: true,
      staffNote: 'High risk',
    });
    expect(first.body.data?.orderCancel.orderCancelUserErrors).toEqual([]);
    expect(first.body.data?.orderCancel.job).toMatchObject({ done: true });
    const cancelled = await orderView(app, placed.id);
    expect(cancelled).toMatchObject({
      cancelReason: 'FRAUD',
      staffNote: 'High risk',
      financialStatus: 'refunded',
      restocked: true,
      refunds: [{ amount: '698.00', method: 'ORIGINAL_PAYMENT_METHOD' }],
      lines: [{ inStock: 100 }],
    });
    expect(cancelled.notifications.map((n) => n.kind)).toEqual([
      'order_confirmation',
      'order_cancelled',
    ]);

    const again = await graphql<CancelResult>(app, SHOP, token, CANCEL_MUTATION, {
      orderId: placed.gid,
      reason: 'FRAUD',
      refundMethod: { originalPaymentMethodsRefund: true },
      restock: true,
    });
    expect(again.body.data?.orderCancel).toMatchObject({
      job: null,
      orderCancelUserErrors: [
        { field: ['orderId'], message: 'Order has already been cancelled', code: 'INVALID' },
      ],
    });
    const unchanged = await orderView(app, placed.id);
    expect(unchanged.refunds).toHaveLength(1);
    expect(unchanged.lines[0]?.inStock).toBe(100);

    const read = await graphql<OrderResult>(app, SHOP, token, ORDER_QUERY, { id: placed.gid });
    expect(read.body.data?.order).toMatchObject({
      cancelReason: 'FRAUD',
      displayFinancialStatus: 'REFUNDED',
      totalRefundedSet: { shopMoney: { amount: '698.00' } },
      lineItems: { nodes: [{ currentQuantity: 0 }] },
    });
  });

  it('refunds as store credit to the customer, and checks the refund arguments', async () => {
    const cancel = (orderId: string, extra: Record<string, unknown>) =>
      graphql<CancelResult>(app, SHOP, token, CANCEL_MUTATION, {
        orderId,
        reason: 'CUSTOMER',
        restock: false,
        ...extra,
      });
    const errorOf = async (orderId: string, extra: Record<string, unknown>) =>
      (await cancel(orderId, extra)).body.data?.orderCancel.orderCancelUserErrors[0]?.code;

    const placed = await placeOrder(app);
    expect(await errorOf(placed.gid, {})).toBe('INVALID');
    expect(
      await errorOf(placed.gid, {
        refundMethod: { originalPaymentMethodsRefund: true, storeCreditRefund: {} },
      }),
    ).toBe('INVALID');
    expect(
      await errorOf(placed.gid, {
        refundMethod: { storeCreditRefund: { expiresAt: '2001-01-01T00:00:00Z' } },
      }),
    ).toBe('STORE_CREDIT_REFUND_EXPIRATION_IN_PAST');
    expect((await orderView(app, placed.id)).cancelledAt).toBeNull();

    const guest = await placeOrder(app, { email: null, phone: null });
    expect(await errorOf(guest.gid, { refundMethod: { storeCreditRefund: {} } })).toBe(
      'STORE_CREDIT_REFUND_MISSING_CUSTOMER',
    );
    expect(
      await errorOf('gid://shopify/Order/42', {
        refundMethod: { originalPaymentMethodsRefund: false },
      }),
    ).toBe('NOT_FOUND');

    const ok = await cancel(placed.gid, { refundMethod: { storeCreditRefund: {} } });
    expect(ok.body.data?.orderCancel.orderCancelUserErrors).toEqual([]);
    const view = await orderView(app, placed.id);
    expect(view.refunds).toMatchObject([{ amount: '698.00', method: 'STORE_CREDIT' }]);
    expect(view.customer?.storeCredit).toBe('698.00');
    expect(view.restocked).toBe(false);
  });

  it('refuses to cancel a fulfilled order, and needs write_orders', async () => {
    const placed = await placeOrder(app);
    await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/orders/${placed.id}/fulfill`,
    });
    const fulfilled = await graphql<CancelResult>(app, SHOP, token, CANCEL_MUTATION, {
      orderId: placed.gid,
      reason: 'OTHER',
      refundMethod: { originalPaymentMethodsRefund: false },
      restock: false,
    });
    expect(fulfilled.body.data?.orderCancel.orderCancelUserErrors[0]?.code).toBe('INVALID');

    const readOnly = await install(app, SHOP, 'read_orders');
    const second = await placeOrder(app);
    const denied = await graphql(app, SHOP, readOnly, CANCEL_MUTATION, {
      orderId: second.gid,
      reason: 'OTHER',
      refundMethod: { originalPaymentMethodsRefund: false },
      restock: false,
    });
    expect(JSON.stringify(denied.body.errors)).toContain('write_orders');
    expect((await orderView(app, second.id)).cancelledAt).toBeNull();
  });

  it('adds tags from a list or a comma-separated string, once each, and removes them', async () => {
    const placed = await placeOrder(app, { tags: ['web'] });
    const add = (tags: string[] | string) =>
      graphql<{ tagsAdd: { node: { id: string } | null; userErrors: { message: string }[] } }>(
        app,
        SHOP,
        token,
        'mutation($id: ID!, $tags: [String!]!) { tagsAdd(id: $id, tags: $tags) { node { id } userErrors { field message } } }',
        { id: placed.gid, tags },
      );
    expect((await add(['Gatehouse', 'fraud-risk'])).body.data?.tagsAdd.node?.id).toBe(placed.gid);
    await add('gatehouse, reviewed');
    expect((await orderView(app, placed.id)).tags).toEqual([
      'web',
      'Gatehouse',
      'fraud-risk',
      'reviewed',
    ]);
    const missing = await graphql<{ tagsAdd: { node: null; userErrors: unknown[] } }>(
      app,
      SHOP,
      token,
      'mutation { tagsAdd(id: "gid://shopify/Order/5", tags: ["x"]) { node { id } userErrors { field message } } }',
    );
    expect(missing.body.data?.tagsAdd).toEqual({
      node: null,
      userErrors: [{ field: ['id'], message: 'Resource not found' }],
    });
    await graphql(
      app,
      SHOP,
      token,
      'mutation($id: ID!) { tagsRemove(id: $id, tags: ["WEB"]) { userErrors { message } } }',
      { id: placed.gid },
    );
    expect((await orderView(app, placed.id)).tags).toEqual(['Gatehouse', 'fraud-risk', 'reviewed']);
  });

  it('searches, sorts and pages orders', async () => {
    const old = await placeOrder(app, {
      createdAt: '2020-01-01T00:00:00Z',
      risk: { level: 'LOW' },
    });
    const risky = await placeOrder(app, { risk: { level: 'HIGH' }, tags: ['vip'] });
    const recent = await placeOrder(app, { risk: { level: 'LOW' } });
    type Page = {
      orders: {
        nodes: { name: string }[];
        pageInfo: { hasNextPage: boolean; endCursor: string };
      };
    };
    const names = async (variables: Record<string, unknown>) =>
      (
        await graphql<Page>(
          app,
          SHOP,
          token,
          'query($q: String, $first: Int, $after: String, $sort: OrderSortKeys, $reverse: Boolean) { orders(first: $first, after: $after, query: $q, sortKey: $sort, reverse: $reverse) { nodes { name } pageInfo { hasNextPage endCursor } } }',
          { first: 10, ...variables },
        )
      ).body.data?.orders;
    expect((await names({ q: 'created_at:>=2024-01-01' }))?.nodes.map((n) => n.name)).toEqual([
      risky.name,
      recent.name,
    ]);
    expect((await names({ q: 'risk_level:high' }))?.nodes).toEqual([{ name: risky.name }]);
    expect((await names({ q: 'tag:VIP unknown_field:x' }))?.nodes).toEqual([{ name: risky.name }]);
    expect((await names({ q: '-tag:vip', sort: 'CREATED_AT', reverse: true }))?.nodes).toEqual([
      { name: recent.name },
      { name: old.name },
    ]);
    const first = await names({ first: 2 });
    expect(first?.pageInfo.hasNextPage).toBe(true);
    const next = await names({ first: 2, after: first?.pageInfo.endCursor });
    expect(next?.nodes).toEqual([{ name: recent.name }]);
  });

  it('counts the orders a search finds, up to the limit', async () => {
    await placeOrder(app, { createdAt: '2020-01-01T00:00:00Z' });
    await placeOrder(app, { risk: { level: 'HIGH' } });
    await placeOrder(app, {});
    type Counted = { ordersCount: { count: number; precision: string } };
    const count = async (variables: Record<string, unknown>) =>
      (
        await graphql<Counted>(
          app,
          SHOP,
          token,
          'query($q: String, $limit: Int) { ordersCount(query: $q, limit: $limit) { count precision } }',
          variables,
        )
      ).body.data?.ordersCount;
    expect(await count({})).toEqual({ count: 3, precision: 'EXACT' });
    expect(await count({ q: 'created_at:>=2024-01-01' })).toEqual({
      count: 2,
      precision: 'EXACT',
    });
    expect(await count({ q: 'risk_level:high' })).toEqual({ count: 1, precision: 'EXACT' });
    expect(await count({ limit: 2 })).toEqual({ count: 2, precision: 'AT_LEAST' });
    expect(await count({ limit: null })).toEqual({ count: 3, precision: 'EXACT' });
    const other = await install(app, 'other-shop.myshopify.com', 'read_themes');
    const refused = await graphql<Counted>(
      app,
      'other-shop.myshopify.com',
      other,
      '{ ordersCount { count } }',
    );
    expect(refused.body.data?.ordersCount ?? null).toBeNull();
    expect(JSON.stringify(refused.body.errors)).toMatch(/read_orders/);
  });

  it('sends orders/create, the risk assessment and orders/cancelled, signed, to subscribers', async () => {
    const receiver = await startReceiver([]);
    try {
      await subscribe(
        app,
        token,
        ['ORDERS_CREATE', 'ORDERS_RISK_ASSESSMENT_CHANGED', 'ORDERS_CANCELLED'],
        receiver.url,
      );
      const placed = await placeOrder(app, { risk: { level: 'HIGH' } });
      await until(() => receiver.received.length === 2);
      await graphql(app, SHOP, token, CANCEL_MUTATION, {
        orderId: placed.gid,
        reason: 'FRAUD',
        refundMethod: { originalPaymentMethodsRefund: true },
        restock: true,
      });
      await until(() => receiver.received.length === 3);
      const byTopic = new Map(
        receiver.received.map((r) => [r.headers['x-shopify-topic'], r] as const),
      );
      for (const delivery of receiver.received) {
        expect(delivery.headers['x-shopify-hmac-sha256']).toBe(
          webhookHmac(API_SECRET, delivery.body),
        );
      }
      expect(JSON.parse(byTopic.get('orders/create')?.body ?? '{}')).toMatchObject({
        id: placed.id,
        admin_graphql_api_id: placed.gid,
        name: '#1001',
        email: 'ada@example.com',
        browser_ip: '203.0.113.7',
        total_price: '698.00',
        financial_status: 'paid',
        cancelled_at: null,
        payment_gateway_names: ['bogus'],
        line_items: [{ sku: 'RIDGELINE-2-TENT-SAGE', quantity: 2 }],
        billing_address: { country_code: 'GB' },
        customer: { email: 'ada@example.com' },
      });
      expect(JSON.parse(byTopic.get('orders/risk_assessment_changed')?.body ?? '{}')).toMatchObject(
        {
          risk_level: 'high',
          order_id: placed.id,
          admin_graphql_api_order_id: placed.gid,
          provider_id: null,
        },
      );
      expect(JSON.parse(byTopic.get('orders/cancelled')?.body ?? '{}')).toMatchObject({
        id: placed.id,
        cancel_reason: 'fraud',
        financial_status: 'refunded',
        refunds: [{ transactions: [{ amount: '698.00', kind: 'refund' }] }],
      });
    } finally {
      await receiver.close();
    }
  });

  it('refuses a control order with an unknown SKU or discount code, or a bad body', async () => {
    const post = (payload: unknown) =>
      app.inject({
        method: 'POST',
        url: `/_emulator/shops/${SHOP}/orders`,
        payload: payload as object,
      });
    expect((await post({ lines: [{ sku: 'NOPE', quantity: 1 }] })).statusCode).toBe(400);
    const badCode = await post({
      lines: [{ sku: 'RIDGELINE-2-TENT-SAGE', quantity: 1 }],
      discountCode: 'FREEMONEY',
    });
    expect(badCode.json()).toEqual({ error: 'discountCode: Enter a valid discount code' });
    expect((await post({ lines: [], email: 'x' })).statusCode).toBe(400);
    expect(
      (
        await post({
          lines: [{ sku: 'RIDGELINE-2-TENT-SAGE', quantity: 1 }],
          risk: { level: 'SCARY' },
        })
      ).statusCode,
    ).toBe(400);
    const list = await app.inject(`/_emulator/shops/${SHOP}/orders`);
    expect(list.json()).toEqual({ orders: [] });
  });
});

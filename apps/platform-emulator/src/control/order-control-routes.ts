// Control endpoints for orders: place one directly (with a chosen risk), list and read them,
// give one a new risk assessment, mark one fulfilled (it can no longer be cancelled).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { EmulatorContext } from '../context.js';
import { controlShop } from './control-shop.js';
import { placeOrderBody, riskFacts, riskInput, toPlaceOrderInput } from '../orders/order-input.js';
import { searchOrders } from '../orders/order-search.js';
import { sendOrderWebhooks } from '../orders/order-events.js';
import { orderView } from '../orders/order-view.js';
import { placeOrder } from '../orders/place-order.js';
import { assessOrder } from '../orders/risk.js';
import type { OrderRecord } from '../state/order-types.js';
import type { ShopRecord } from '../state/types.js';

function problems(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
    .join('; ');
}

export async function orderControlRoutes(app: FastifyInstance, context: EmulatorContext) {
  const findShop = (domain: string, reply: FastifyReply) => controlShop(context, domain, reply);
  const findOrder = (shop: ShopRecord, id: string, reply: FastifyReply): OrderRecord | null => {
    const numeric = Number(/(\d+)$/.exec(decodeURIComponent(id))?.[1] ?? NaN);
    const order = context.store.state.orders.find(
      (candidate) => candidate.shop === shop.domain && candidate.id === numeric,
    );
    if (order) return order;
    void reply.code(404).send({ error: `No order ${id} in ${shop.domain}` });
    return null;
  };

  app.post('/_emulator/shops/:shop/orders', async (request, reply) => {
    const shop = findShop((request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    const body = placeOrderBody.safeParse(request.body ?? {});
    if (!body.success) return reply.code(400).send({ error: problems(body.error) });
    const result = placeOrder(context, shop.domain, toPlaceOrderInput(body.data));
    if (!result.ok) return reply.code(400).send({ error: `${result.field}: ${result.message}` });
    return reply.code(201).send(orderView(context, result.order));
  });

  app.get('/_emulator/shops/:shop/orders', async (request, reply) => {
    const shop = findShop((request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    const { query } = request.query as { query?: string };
    const orders = searchOrders(context, shop.domain, { query: query ?? null, reverse: true });
    return { orders: orders.map((order) => orderView(context, order)) };
  });

  app.get('/_emulator/shops/:shop/orders/:id', async (request, reply) => {
    const params = request.params as { shop: string; id: string };
    const shop = findShop(params.shop, reply);
    const order = shop && findOrder(shop, params.id, reply);
    return order ? orderView(context, order) : reply;
  });

  app.post('/_emulator/shops/:shop/orders/:id/risk', async (request, reply) => {
    const params = request.params as { shop: string; id: string };
    const shop = findShop(params.shop, reply);
    const order = shop && findOrder(shop, params.id, reply);
    if (!order) return reply;
    const body = riskInput.safeParse(request.body ?? {});
    if (!body.success) return reply.code(400).send({ error: problems(body.error) });
    if (!assessOrder(context, order, { riskLevel: body.data.level, facts: riskFacts(body.data) })) {
      return reply.code(409).send({ error: 'A fulfilled order takes no new risk assessment' });
    }
    return orderView(context, order);
  });

  app.post('/_emulator/shops/:shop/orders/:id/fulfill', async (request, reply) => {
    const params = request.params as { shop: string; id: string };
    const shop = findShop(params.shop, reply);
    const order = shop && findOrder(shop, params.id, reply);
    if (!order) return reply;
    if (order.cancelledAt) return reply.code(409).send({ error: 'The order is cancelled' });
    if (!order.fulfilled) {
      order.fulfilled = true;
      order.updatedAt = new Date().toISOString();
      context.store.save();
      sendOrderWebhooks(context, order, ['ORDERS_UPDATED']);
    }
    return orderView(context, order);
  });
}

// Control endpoints for the mandatory privacy webhooks, which the platform sends when a
// customer asks the merchant for their data or for its erasure, and 48 hours after the app is
// uninstalled. Here they are sent at once, to the app's compliance address, with the customer
// and order ids the platform holds.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../context.js';
import { controlShop, notInstalled } from './control-shop.js';
import { ordersOfCustomer } from '../orders/customers.js';
import type { CustomerRecord } from '../state/order-types.js';
import type { ShopRecord } from '../state/types.js';
import type { ComplianceTopic } from '../webhooks/topics.js';

const customerBody = z
  .object({ customerId: z.number().int().positive().optional(), email: z.email().optional() })
  .refine((body) => body.customerId !== undefined || body.email !== undefined, {
    message: 'Give customerId or email',
  });

export async function privacyControlRoutes(app: FastifyInstance, context: EmulatorContext) {
  const findShop = (domain: string, reply: FastifyReply) => controlShop(context, domain, reply);
  const send = (shop: ShopRecord, topic: ComplianceTopic, payload: Record<string, unknown>) => {
    const deliveries = context.dispatcher.triggerCompliance(shop.domain, topic, {
      shop_id: shop.id,
      shop_domain: shop.domain,
      ...payload,
    });
    return { webhookIds: deliveries.map((delivery) => delivery.webhookId) };
  };

  /** The customer a request names, or a reply saying why there is none. */
  const customerRequest = (request: { params: unknown; body: unknown }, reply: FastifyReply) => {
    const shop = findShop((request.params as { shop: string }).shop, reply);
    if (!shop) return null;
    if (!context.store.state.installations[shop.domain]) {
      void notInstalled(context, reply);
      return null;
    }
    const body = customerBody.safeParse(request.body ?? {});
    if (!body.success) {
      void reply.code(400).send({ error: 'Expected {"customerId": number} or {"email": "…"}' });
      return null;
    }
    const { customerId, email } = body.data;
    const customer = context.store.state.customers.find(
      (c: CustomerRecord) =>
        c.shop === shop.domain &&
        (customerId !== undefined
          ? c.id === customerId
          : c.email?.toLowerCase() === email?.toLowerCase()),
    );
    if (!customer) {
      void reply.code(404).send({ error: `No such customer in ${shop.domain}` });
      return null;
    }
    const orderIds = ordersOfCustomer(context, customer).map((order) => order.id);
    const who = { id: customer.id, email: customer.email, phone: customer.phone };
    return { shop, customer: who, orderIds };
  };

  app.post('/_emulator/shops/:shop/privacy/customers-data-request', async (request, reply) => {
    const found = customerRequest(request, reply);
    if (!found) return reply;
    return send(found.shop, 'CUSTOMERS_DATA_REQUEST', {
      orders_requested: found.orderIds,
      customer: found.customer,
      data_request: { id: context.store.nextId() },
    });
  });

  app.post('/_emulator/shops/:shop/privacy/customers-redact', async (request, reply) => {
    const found = customerRequest(request, reply);
    if (!found) return reply;
    return send(found.shop, 'CUSTOMERS_REDACT', {
      customer: found.customer,
      orders_to_redact: found.orderIds,
    });
  });

  app.post('/_emulator/shops/:shop/privacy/shop-redact', async (request, reply) => {
    const shop = findShop((request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    if (context.store.state.installations[shop.domain]) {
      return reply
        .code(409)
        .send({ error: 'shop/redact is only sent after the app has been uninstalled' });
    }
    return send(shop, 'SHOP_REDACT', {});
  });
}

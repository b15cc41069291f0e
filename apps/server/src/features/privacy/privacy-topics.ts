// The mandatory compliance webhooks, handed to the webhook endpoint by the app layer and run
// by its job like any topic: customers/data_request (gather and store the customer's data for
// support), customers/redact and shop/redact (see redact.ts). The app layer hands in the lists
// that can name a customer (customer-lists.ts). Each payload is checked; one that cannot be
// read is recorded failed with the reason.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createTokenCipher } from '../../core/crypto/token-cipher.js';
import { shops } from '../../core/db/schema.js';
import { parseWebhookJson, type TopicHandler } from '../../core/http/webhook-topic.js';
import { collectCustomerData, storeCustomerData } from './customer-data.js';
import type { PersonLists } from './customer-lists.js';
import { redactCustomer, redactShop } from './redact.js';

export const CUSTOMER_DATA_PURPOSE = 'gatehouse customer data v1';

const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]);
const customer = z.object({
  id,
  email: z.string().max(320).nullish(),
  phone: z.string().max(64).nullish(),
});
const orderIds = z.array(id).max(10_000);

const dataRequest = z.object({
  shop_domain: z.string().optional(),
  customer,
  orders_requested: orderIds.default([]),
  data_request: z.object({ id }).nullish(),
});
const customerRedact = z.object({
  shop_domain: z.string().optional(),
  customer,
  orders_to_redact: orderIds.default([]),
});
const shopRedact = z.object({ shop_domain: z.string().optional(), shop_id: id.optional() });

async function findShop(app: FastifyInstance, domain: string) {
  const [shop] = await app.db.select().from(shops).where(eq(shops.domain, domain));
  return shop ?? null;
}

const dataRequestHandler =
  (lists: PersonLists): TopicHandler =>
  async (app, shopDomain, body, delivery) => {
    const payload = parseWebhookJson(body, dataRequest, 'customers/data_request');
    const shop = await findShop(app, shopDomain);
    if (!shop) return { note: 'No data is kept for this shop.' };
    const data = await collectCustomerData(
      app,
      shop,
      payload.customer,
      payload.orders_requested,
      lists,
    );
    const stored = await storeCustomerData(
      app.db,
      createTokenCipher(app.config.appSecret, CUSTOMER_DATA_PURPOSE),
      {
        shopId: shop.id,
        webhookId: delivery.webhookId,
        platformRequestId: payload.data_request ? String(payload.data_request.id) : null,
        customerId: String(payload.customer.id),
        data,
      },
    );
    return {
      dataRequestId: stored,
      orders: data.orders.length,
      visits: data.visitsTotal,
      blockListEntries: data.blockListEntries.length,
    };
  };

const customerRedactHandler =
  (lists: PersonLists): TopicHandler =>
  async (app, shopDomain, body) => {
    const payload = parseWebhookJson(body, customerRedact, 'customers/redact');
    const shop = await findShop(app, shopDomain);
    if (!shop) return { note: 'No data is kept for this shop.' };
    return redactCustomer(app, shop, payload.customer, payload.orders_to_redact, lists);
  };

const handleShopRedact: TopicHandler = async (app, shopDomain, body, delivery) => {
  parseWebhookJson(body, shopRedact, 'shop/redact');
  return redactShop(app, shopDomain, delivery.webhookId);
};

/** The compliance topics; `lists` are the lists whose entries can name a customer. */
export function privacyTopics(lists: PersonLists): Record<string, TopicHandler> {
  return {
    'customers/data_request': dataRequestHandler(lists),
    'customers/redact': customerRedactHandler(lists),
    'shop/redact': handleShopRedact,
  };
}

// customers/data_request: everything Gatehouse stores that relates to the customer, gathered
// for support to send to the merchant: the merchant's block list entries that name the
// customer's email or phone (see customer-lists.ts), the order-action log's entries of their
// orders with what each kept (a block action's email or IP), the visitor log's visits from the
// browser addresses of their orders (read from the platform), any IP list entry for those
// addresses, and the access requests they sent from a block page. The result is stored sealed (it is personal data) in customer_data_requests, one
// per delivery.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TokenCipher } from '../../core/crypto/token-cipher.js';
import type { Database } from '../../core/db/client.js';
import { accessRequests } from '../../protection/access-requests-schema.js';
import { orderActions } from '../../orders/order-actions-schema.js';
import { visits } from '../../protection/protection-schema.js';
import { customerDataRequests } from '../../core/db/schema.js';
import {
  blockListEntriesOf,
  HOW_MATCHED,
  ipListEntriesOf,
  personOf,
  WHAT_IS_KEPT,
  type PersonLists,
} from './customer-lists.js';
import { customerAccessRequests } from './customer-access-requests.js';
import { addressesOf, orderAddresses } from './order-addresses.js';

/** Visits exported at most (newest first); the total is always given. */
export const MAX_VISITS = 5000;

export interface CustomerRef {
  id: number | string;
  email?: string | null;
  phone?: string | null;
}

export async function collectCustomerData(
  app: FastifyInstance,
  shop: { id: string; domain: string },
  customer: CustomerRef,
  orderIds: readonly (number | string)[],
  lists: PersonLists,
) {
  const found = await orderAddresses(app, shop.id, orderIds);
  const ips = addressesOf(found);
  const where = and(eq(visits.shopId, shop.id), inArray(visits.ip, ips));
  const [rows, [count], entries] =
    ips.length === 0
      ? [[], [{ n: 0 }], []]
      : await Promise.all([
          app.db
            .select({
              time: visits.time,
              ip: visits.ip,
              country: visits.country,
              region: visits.region,
              city: visits.city,
              url: visits.url,
              referrer: visits.referrer,
              userAgent: visits.userAgent,
              action: visits.action,
            })
            .from(visits)
            .where(where)
            .orderBy(desc(visits.time))
            .limit(MAX_VISITS),
          app.db
            .select({ n: sql<number>`count(*)::int` })
            .from(visits)
            .where(where),
          ipListEntriesOf(app.db, shop.id, ips),
        ]);
  const orders = orderIds.map(String);
  const actions =
    orders.length === 0
      ? []
      : await app.db
          .select({
            time: orderActions.createdAt,
            orderId: orderActions.orderId,
            orderName: orderActions.orderName,
            feature: orderActions.feature,
            riskLevel: orderActions.riskLevel,
            action: orderActions.action,
            status: orderActions.status,
            params: orderActions.params,
            result: orderActions.result,
          })
          .from(orderActions)
          .where(and(eq(orderActions.shopId, shop.id), inArray(orderActions.orderId, orders)))
          .orderBy(orderActions.createdAt);
  const sentFrom = customerAccessRequests(shop.id, customer.email, ips);
  const requests = sentFrom
    ? await app.db
        .select({
          time: accessRequests.createdAt,
          reference: accessRequests.reference,
          ip: accessRequests.ip,
          email: accessRequests.email,
          message: accessRequests.message,
          allowedAt: accessRequests.allowedAt,
        })
        .from(accessRequests)
        .where(sentFrom)
        .orderBy(accessRequests.createdAt)
    : [];
  const blockListEntries = await blockListEntriesOf(
    app.db,
    shop.id,
    lists,
    personOf(customer, actions),
  );
  return {
    shop: shop.domain,
    customer: {
      id: String(customer.id),
      email: customer.email ?? null,
      phone: customer.phone ?? null,
    },
    requestedOrders: orderIds.map(String),
    collectedAt: new Date().toISOString(),
    orders: found.orders,
    visitsTotal: count?.n ?? 0,
    visits: rows,
    blockListEntries,
    ipListEntries: entries,
    orderActions: actions,
    accessRequests: requests,
    notes: [WHAT_IS_KEPT, HOW_MATCHED, ...(found.note ? [found.note] : [])],
  };
}

export type CustomerData = Awaited<ReturnType<typeof collectCustomerData>>;

/** Stores the export once per delivery (a repeat of the job stores nothing new). */
export async function storeCustomerData(
  db: Database,
  cipher: TokenCipher,
  entry: {
    shopId: string;
    webhookId: string;
    platformRequestId: string | null;
    customerId: string;
    data: CustomerData;
  },
): Promise<string | null> {
  const sealed = cipher.seal(JSON.stringify(entry.data), entry.shopId);
  const [row] = await db
    .insert(customerDataRequests)
    .values({
      shopId: entry.shopId,
      webhookId: entry.webhookId,
      platformRequestId: entry.platformRequestId,
      customerId: entry.customerId,
      dataIv: sealed.iv,
      dataTag: sealed.tag,
      dataCiphertext: sealed.ciphertext,
    })
    .onConflictDoNothing()
    .returning({ id: customerDataRequests.id });
  return row?.id ?? null;
}

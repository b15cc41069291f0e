// customers/redact and shop/redact. A customer's redact anonymises the visits from their
// orders' browser addresses (the address cut to its network, /24 or /48, and the user agent
// dropped; the visit itself stays counted), deletes the access requests they sent from the
// block page (by their email or from those addresses), deletes the order-action log's entries of their
// orders (with the email or IP a block action kept in them) and the data exports made for
// them. The block list entries that name the customer (Customer Block Lists, the legacy
// list's emails, IP list entries) stay: they are the merchant's own rules, not data collected
// about the customer; the outcome says how many stay and that the merchant can remove them.
// A shop's redact, sent after uninstall, deletes everything Gatehouse keeps about
// the shop: the shop row and all that hangs off it, its visits, its audit trail and its other
// webhook deliveries; a shop that has installed again keeps its data.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accessRequests } from '../../protection/access-requests-schema.js';
import { customerAccessRequests } from './customer-access-requests.js';
import { orderActions } from '../../orders/order-actions-schema.js';
import { visits } from '../../protection/protection-schema.js';
import {
  auditLog,
  customerDataRequests,
  oauthStates,
  shops,
  webhookEvents,
} from '../../core/db/schema.js';
import {
  blockListEntriesOf,
  ipListEntriesOf,
  keptNote,
  personOf,
  type PersonLists,
} from './customer-lists.js';
import { addressesOf, orderAddresses } from './order-addresses.js';

export async function redactCustomer(
  app: FastifyInstance,
  shop: { id: string },
  customer: { id: number | string; email?: string | null; phone?: string | null },
  orderIds: readonly (number | string)[],
  lists: PersonLists,
) {
  const customerId = String(customer.id);
  const found = await orderAddresses(app, shop.id, orderIds);
  const ips = addressesOf(found);
  let visitsAnonymised = 0;
  if (ips.length > 0) {
    const network = sql`host(network(set_masklen(${visits.ip}, case when family(${visits.ip}) = 4 then 24 else 48 end)))::inet`;
    const updated = await app.db
      .update(visits)
      .set({ ip: network, userAgent: '' })
      .where(and(eq(visits.shopId, shop.id), inArray(visits.ip, ips)))
      .returning({ id: visits.id });
    visitsAnonymised = updated.length;
  }
  const orders = orderIds.map(String);
  const actions =
    orders.length === 0
      ? []
      : await app.db
          .delete(orderActions)
          .where(and(eq(orderActions.shopId, shop.id), inArray(orderActions.orderId, orders)))
          .returning({ id: orderActions.id, params: orderActions.params });
  const [blockListEntries, ipListEntries] = await Promise.all([
    blockListEntriesOf(app.db, shop.id, lists, personOf(customer, actions)),
    ipListEntriesOf(app.db, shop.id, ips),
  ]);
  const accessRequestsDeleted = await deleteAccessRequestsOf(app, shop.id, customer.email, ips);
  const deleted = await app.db
    .delete(customerDataRequests)
    .where(
      and(
        eq(customerDataRequests.shopId, shop.id),
        eq(customerDataRequests.customerId, customerId),
      ),
    )
    .returning({ id: customerDataRequests.id });
  return {
    addresses: ips.length,
    visitsAnonymised,
    orderActionsDeleted: actions.length,
    accessRequestsDeleted,
    dataExportsDeleted: deleted.length,
    blockListEntriesKept: blockListEntries.length,
    ipListEntriesKept: ipListEntries.length,
    kept: keptNote(blockListEntries.length, ipListEntries.length),
    ...(found.note ? { note: found.note } : {}),
  };
}

/** Deletes the access requests the customer sent: by their email, or from their addresses. */
async function deleteAccessRequestsOf(
  app: FastifyInstance,
  shopId: string,
  email: string | null | undefined,
  ips: readonly string[],
): Promise<number> {
  const where = customerAccessRequests(shopId, email, ips);
  if (!where) return 0;
  const deleted = await app.db
    .delete(accessRequests)
    .where(where)
    .returning({ id: accessRequests.id });
  return deleted.length;
}

export async function redactShop(app: FastifyInstance, shopDomain: string, webhookId: string) {
  const [shop] = await app.db.select().from(shops).where(eq(shops.domain, shopDomain));
  if (!shop) return { note: 'No data is kept for this shop.' };
  if (!shop.uninstalledAt) {
    return { note: 'The shop has installed Gatehouse again; its data is kept.' };
  }
  const counts = await app.db.transaction(async (tx) => {
    const [visitCount] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(visits)
      .where(eq(visits.shopId, shop.id));
    await tx.delete(visits).where(eq(visits.shopId, shop.id));
    await tx.delete(auditLog).where(eq(auditLog.shopId, shop.id));
    await tx.delete(oauthStates).where(eq(oauthStates.shopDomain, shop.domain));
    await tx
      .delete(webhookEvents)
      .where(
        and(eq(webhookEvents.shopDomain, shop.domain), ne(webhookEvents.webhookId, webhookId)),
      );
    // Every other table of the shop goes with its row (foreign keys cascade).
    await tx.delete(shops).where(eq(shops.id, shop.id));
    return { visitsDeleted: visitCount?.n ?? 0 };
  });
  await app.protection.changed(shop.id);
  return { shopDeleted: true, ...counts };
}

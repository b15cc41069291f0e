// Reads what the auto-cancel filters test from the platform's Admin GraphQL API: one order (for
// the order webhooks) or a page of the shop's recent orders and how many there are (for a dry
// run), and turns each
// into the engine's order facts, with the browser IP's country and network flags from the geo
// data. The customer's names and order count are read only when the shop lets Gatehouse read
// customers; without them the names come from the billing address and "first order" is
// unknown (a condition on it then never holds). Every call goes through the platform client,
// which gives each a time-out.
import { networkKinds, type OrderFacts } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import { orderGid } from '../../orders/platform-orders.js';
import type { OrderOwner } from '../../orders/run-actions.js';

const ADDRESS = 'firstName lastName address1 address2 city province provinceCode zip countryCodeV2';
/** Line items read per order: SKUs and quantities beyond it are not seen. */
export const LINE_ITEMS_READ = 50;

const fields = (withCustomer: boolean) => /* GraphQL */ `
  id
  legacyResourceId
  name
  createdAt
  cancelledAt
  email
  phone
  clientIp
  tags
  discountCodes
  paymentGatewayNames
  totalPriceSet { shopMoney { amount currencyCode } }
  billingAddress { ${ADDRESS} }
  shippingAddress { ${ADDRESS} }
  lineItems(first: ${LINE_ITEMS_READ}) { nodes { sku quantity } }
  ${withCustomer ? 'customer { firstName lastName numberOfOrders }' : ''}
`;

interface AddressNode {
  firstName: string | null;
  lastName: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  province: string | null;
  provinceCode: string | null;
  zip: string | null;
  countryCodeV2: string | null;
}

export interface FilterOrderNode {
  id: string;
  legacyResourceId: string;
  name: string;
  createdAt: string;
  cancelledAt: string | null;
  email: string | null;
  phone: string | null;
  clientIp: string | null;
  tags: string[];
  discountCodes: string[];
  paymentGatewayNames: string[];
  totalPriceSet: { shopMoney: { amount: string; currencyCode: string } };
  billingAddress: AddressNode | null;
  shippingAddress: AddressNode | null;
  lineItems: { nodes: { sku: string | null; quantity: number }[] };
  customer?: { firstName: string | null; lastName: string | null; numberOfOrders: string } | null;
}

const address = (a: AddressNode | null) =>
  a && {
    firstName: a.firstName,
    lastName: a.lastName,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    province: a.province,
    provinceCode: a.provinceCode,
    zip: a.zip,
    countryCode: a.countryCodeV2,
  };

/** The order's facts for the filters; the IP's country and network from the geo data. */
export async function factsOf(app: FastifyInstance, node: FilterOrderNode): Promise<OrderFacts> {
  const geo = node.clientIp ? await app.protection.geo.ready : null;
  const ipFacts = geo && node.clientIp ? geo.lookup(node.clientIp) : null;
  const lines = node.lineItems.nodes;
  const customer = node.customer;
  return {
    email: node.email,
    phone: node.phone,
    firstName: customer?.firstName ?? null,
    lastName: customer?.lastName ?? null,
    browserIp: node.clientIp,
    browserIpCountry: ipFacts?.country ?? null,
    ipNetwork: ipFacts ? networkKinds(ipFacts.network) : null,
    billing: address(node.billingAddress),
    shipping: address(node.shippingAddress),
    total: Number(node.totalPriceSet.shopMoney.amount),
    quantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    skus: lines.map((l) => l.sku),
    discountCodes: node.discountCodes,
    gateways: node.paymentGatewayNames,
    tags: node.tags,
    // The platform's count includes this order.
    firstOrder: customer ? Number(customer.numberOfOrders) <= 1 : null,
  };
}

export async function readFilterOrder(
  app: FastifyInstance,
  owner: OrderOwner,
  orderId: string,
): Promise<FilterOrderNode | null> {
  const query = `query GatehouseFilterOrder($id: ID!) { order(id: $id) { ${fields(owner.canReadCustomers)} } }`;
  const data = await app.platform.graphql<{ order: FilterOrderNode | null }>(
    owner.domain,
    owner.token,
    query,
    { id: orderGid(orderId) },
    { idempotent: true },
  );
  return data.order;
}

/** Orders per page of a dry run: 25 orders of 50 line items stay within one query's cost. */
export const ORDERS_PAGE_SIZE = 25;

export interface OrdersPage {
  nodes: FilterOrderNode[];
  hasNextPage: boolean;
  endCursor: string | null;
}

/** A page of the shop's orders created since `since`, newest first. */
export async function readOrdersPage(
  app: FastifyInstance,
  owner: OrderOwner,
  since: Date,
  after: string | null,
): Promise<OrdersPage> {
  const query = /* GraphQL */ `
    query GatehouseFilterOrders($after: String, $query: String) {
      orders(first: ${ORDERS_PAGE_SIZE}, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) {
        pageInfo { hasNextPage endCursor }
        nodes { ${fields(owner.canReadCustomers)} }
      }
    }
  `;
  const data = await app.platform.graphql<{
    orders: {
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      nodes: FilterOrderNode[];
    };
  }>(
    owner.domain,
    owner.token,
    query,
    { after, query: `created_at:>=${since.toISOString()}` },
    { idempotent: true },
  );
  return {
    nodes: data.orders.nodes,
    hasNextPage: data.orders.pageInfo.hasNextPage,
    endCursor: data.orders.pageInfo.endCursor,
  };
}

/**
 * How many of the shop's orders were created since `since`, as the platform counts them (no
 * limit, so the count is exact).
 */
export async function countOrdersSince(
  app: FastifyInstance,
  owner: OrderOwner,
  since: Date,
): Promise<number> {
  const data = await app.platform.graphql<{ ordersCount: { count: number } | null }>(
    owner.domain,
    owner.token,
    /* GraphQL */ `
      query GatehouseFilterOrdersCount($query: String) {
        ordersCount(query: $query, limit: null) {
          count
        }
      }
    `,
    { query: `created_at:>=${since.toISOString()}` },
    { idempotent: true },
  );
  return data.ordersCount?.count ?? 0;
}

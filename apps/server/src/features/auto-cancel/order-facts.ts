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
import { gql } from '../../core/platform/gql.js';

// Line items read per order (50): SKUs and quantities beyond them are not seen.
const FILTER_ORDER_FIELDS = gql`
  fragment GatehouseFilterOrderFields on Order {
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
    totalPriceSet {
      shopMoney {
        amount
        currencyCode
      }
    }
    billingAddress {
      ...GatehouseFilterAddress
    }
    shippingAddress {
      ...GatehouseFilterAddress
    }
    lineItems(first: 50) {
      nodes {
        sku
        quantity
      }
    }
  }
  fragment GatehouseFilterAddress on MailingAddress {
    firstName
    lastName
    address1
    address2
    city
    province
    provinceCode
    zip
    countryCodeV2
  }
`;

// The customer is asked for only when the shop lets Gatehouse read customers ($withCustomer):
// a field that is skipped is not resolved, so it needs no scope.
const FILTER_ORDER = gql`
  query GatehouseFilterOrder($id: ID!, $withCustomer: Boolean!) {
    order(id: $id) {
      ...GatehouseFilterOrderFields
      customer @include(if: $withCustomer) {
        firstName
        lastName
        numberOfOrders
      }
    }
  }
  ${FILTER_ORDER_FIELDS}
`;

// 25 orders a page: 25 orders of 50 line items stay within one query's cost.
const FILTER_ORDERS = gql`
  query GatehouseFilterOrders($after: String, $query: String, $withCustomer: Boolean!) {
    orders(first: 25, after: $after, query: $query, sortKey: CREATED_AT, reverse: true) {
      pageInfo {
        hasNextPage
        endCursor
      }
      nodes {
        ...GatehouseFilterOrderFields
        customer @include(if: $withCustomer) {
          firstName
          lastName
          numberOfOrders
        }
      }
    }
  }
  ${FILTER_ORDER_FIELDS}
`;

const FILTER_ORDERS_COUNT = gql`
  query GatehouseFilterOrdersCount($query: String) {
    ordersCount(query: $query, limit: null) {
      count
    }
  }
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
  const data = await app.platform.graphql<{ order: FilterOrderNode | null }>(
    owner.domain,
    owner.token,
    FILTER_ORDER,
    { id: orderGid(orderId), withCustomer: owner.canReadCustomers },
    { idempotent: true },
  );
  return data.order;
}

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
  const data = await app.platform.graphql<{
    orders: {
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      nodes: FilterOrderNode[];
    };
  }>(
    owner.domain,
    owner.token,
    FILTER_ORDERS,
    {
      after,
      query: `created_at:>=${since.toISOString()}`,
      withCustomer: owner.canReadCustomers,
    },
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
    FILTER_ORDERS_COUNT,
    { query: `created_at:>=${since.toISOString()}` },
    { idempotent: true },
  );
  return data.ordersCount?.count ?? 0;
}

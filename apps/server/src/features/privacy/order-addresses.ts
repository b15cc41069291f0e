// The browser IP addresses of a customer's orders, read from the platform (Gatehouse keeps no
// order data of its own): what links a customer to the visits in the visitor log. Asked in
// pages of 50 order ids. An uninstalled shop (no token) or a platform that refuses answers a
// note instead of addresses; a platform that is down or slow throws, so the job retries.
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { gql } from '../../core/platform/gql.js';
import { PlatformError } from '../../core/platform/platform-client.js';

const PAGE = 50;

const ORDER_IPS = gql`
  query GatehouseOrderAddresses($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on Order {
        id
        clientIp
      }
    }
  }
`;

export interface OrderAddresses {
  orders: { id: string; browserIp: string | null }[];
  /** Why some or all orders could not be read. */
  note: string | null;
}

export async function orderAddresses(
  app: FastifyInstance,
  shopId: string,
  orderIds: readonly (number | string)[],
): Promise<OrderAddresses> {
  if (orderIds.length === 0) return { orders: [], note: null };
  const owner = await app.tokens.forShopId(shopId);
  if (!owner?.token) {
    return {
      orders: [],
      note: 'The orders could not be read: Gatehouse is not installed on the shop.',
    };
  }
  const orders: OrderAddresses['orders'] = [];
  for (let start = 0; start < orderIds.length; start += PAGE) {
    const ids = orderIds.slice(start, start + PAGE).map((id) => `gid://shopify/Order/${id}`);
    let data: { nodes: ({ id?: string; clientIp?: string | null } | null)[] };
    try {
      data = await app.platform.graphql(owner.shop.domain, owner.token, ORDER_IPS, { ids });
    } catch (error) {
      if (error instanceof PlatformError && error.failure === 'refused') {
        return { orders, note: `The orders could not be read: ${error.message}` };
      }
      throw error;
    }
    for (const node of data.nodes) {
      if (node?.id) {
        orders.push({ id: node.id.split('/').pop() ?? node.id, browserIp: node.clientIp ?? null });
      }
    }
  }
  return { orders, note: null };
}

/** The distinct valid addresses (anything else the platform answered is left out). */
export function addressesOf(found: OrderAddresses): string[] {
  const valid = found.orders
    .map((order) => order.browserIp?.trim() ?? '')
    .filter((ip) => isIP(ip) !== 0);
  return [...new Set(valid)];
}

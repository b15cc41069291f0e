// Orders API resolvers: `order`, `orders` (search syntax, sort keys, pages), `ordersCount`
// (the same search, counted up to its limit), `customer`, `job`,
// orderCancel and tagsAdd/tagsRemove on orders and customers. Reading orders needs read_orders,
// changing them write_orders; customers need read_customers / write_customers.
import { cancelOrder, type CancelInput } from '../orders/cancel-order.js';
import { shopCustomer } from '../orders/customers.js';
import { sendOrderWebhooks } from '../orders/order-events.js';
import { searchOrders, type OrderSortKey } from '../orders/order-search.js';
import { mergeTags, removeTags, tagsProblem } from '../orders/tags.js';
import type { OrderRecord } from '../state/order-types.js';
import { connection, type ConnectionArgs } from './connection.js';
import { gid, parseGid, requireScope, type GraphqlDomain, type RequestContext } from './domain.js';
import { customerNode, orderNode } from './order-nodes.js';
import { customersTypeDefs } from './customers-schema.js';
import { ordersTypeDefs } from './orders-schema.js';

function findOrder({ emulator, shop }: RequestContext, id: string): OrderRecord | undefined {
  const orderId = parseGid('Order', id);
  return emulator.store.state.orders.find((o) => o.shop === shop.domain && o.id === orderId);
}

/** An order or customer of this shop by GID, for `node(id:)`; undefined for other types. */
export function findOrderDomainNode(context: RequestContext, id: string) {
  if (parseGid('Order', id) !== null) {
    requireScope(context, 'read_orders', 'node');
    const order = findOrder(context, id);
    return order ? orderNode(context.emulator, order) : null;
  }
  if (parseGid('Customer', id) !== null) {
    requireScope(context, 'read_customers', 'node');
    const customer = shopCustomer(context.emulator, context.shop.domain, parseGid('Customer', id));
    return customer ? customerNode(context.emulator, customer) : null;
  }
  return undefined;
}

type TagChange = (current: readonly string[], tags: readonly string[]) => string[];

function changeTags(
  context: RequestContext,
  args: { id: string; tags: string[] },
  change: TagChange,
  field: string,
) {
  const notFound = { node: null, userErrors: [{ field: ['id'], message: 'Resource not found' }] };
  const { emulator } = context;
  const now = new Date().toISOString();
  if (parseGid('Order', args.id) !== null) {
    requireScope(context, 'write_orders', field);
    const order = findOrder(context, args.id);
    if (!order) return notFound;
    const tags = change(order.tags, args.tags);
    const problem = tagsProblem(tags);
    if (problem) return { node: null, userErrors: [{ field: ['tags'], message: problem }] };
    if (tags.join('\n') !== order.tags.join('\n')) {
      order.tags = tags;
      order.updatedAt = now;
      emulator.store.save();
      sendOrderWebhooks(emulator, order, ['ORDERS_UPDATED']);
    }
    return { node: { __typename: 'Order', id: gid('Order', order.id) }, userErrors: [] };
  }
  if (parseGid('Customer', args.id) !== null) {
    requireScope(context, 'write_customers', field);
    const customer = shopCustomer(emulator, context.shop.domain, parseGid('Customer', args.id));
    if (!customer) return notFound;
    const tags = change(customer.tags, args.tags);
    const problem = tagsProblem(tags);
    if (problem) return { node: null, userErrors: [{ field: ['tags'], message: problem }] };
    customer.tags = tags;
    customer.updatedAt = now;
    emulator.store.save();
    return { node: { __typename: 'Customer', id: gid('Customer', customer.id) }, userErrors: [] };
  }
  return notFound;
}

export const ordersDomain: GraphqlDomain = {
  typeDefs: `${ordersTypeDefs}\n${customersTypeDefs}`,
  query: {
    order: (args: { id: string }, context) => {
      requireScope(context, 'read_orders', 'order');
      const order = findOrder(context, args.id);
      return order ? orderNode(context.emulator, order) : null;
    },
    orders: (
      args: ConnectionArgs & {
        query?: string | null;
        sortKey?: OrderSortKey | null;
        reverse?: boolean | null;
      },
      context,
    ) => {
      requireScope(context, 'read_orders', 'orders');
      const found = searchOrders(context.emulator, context.shop.domain, args);
      const page = connection(found, args);
      const nodes = page.nodes.map((order) => orderNode(context.emulator, order));
      return {
        nodes,
        edges: page.edges.map((edge, index) => ({ cursor: edge.cursor, node: nodes[index] })),
        pageInfo: page.pageInfo,
      };
    },
    ordersCount: (args: { query?: string | null; limit?: number | null }, context) => {
      requireScope(context, 'read_orders', 'ordersCount');
      const found = searchOrders(context.emulator, context.shop.domain, args).length;
      const limit = args.limit ?? null;
      return limit !== null && found > limit
        ? { count: limit, precision: 'AT_LEAST' }
        : { count: found, precision: 'EXACT' };
    },
    customer: (args: { id: string }, context) => {
      requireScope(context, 'read_customers', 'customer');
      const id = parseGid('Customer', args.id);
      const customer = shopCustomer(context.emulator, context.shop.domain, id);
      return customer ? customerNode(context.emulator, customer) : null;
    },
    job: (args: { id: string }, { emulator, shop }) => {
      const match = /^gid:\/\/shopify\/Job\/([\w-]+)$/.exec(args.id);
      const order = match
        ? emulator.store.state.orders.find(
            (o) => o.shop === shop.domain && o.cancelJobId === match[1],
          )
        : undefined;
      return order ? { id: args.id, done: true, query: {} } : null;
    },
  },
  mutation: {
    orderCancel: (args: CancelInput & { orderId: string }, context) => {
      requireScope(context, 'write_orders', 'orderCancel');
      const result = cancelOrder(context.emulator, findOrder(context, args.orderId), args);
      if (!result.ok) {
        return {
          job: null,
          orderCancelUserErrors: [result.error],
        };
      }
      return {
        job: { id: `gid://shopify/Job/${result.order.cancelJobId}`, done: true, query: {} },
        orderCancelUserErrors: [],
      };
    },
    tagsAdd: (args: { id: string; tags: string[] }, context) =>
      changeTags(context, args, mergeTags, 'tagsAdd'),
    tagsRemove: (args: { id: string; tags: string[] }, context) =>
      changeTags(context, args, removeTags, 'tagsRemove'),
  },
};

// Billing API resolvers: appSubscriptionCreate, appSubscriptionCancel, appUsageRecordCreate, the
// installation's subscriptions, and node(id) lookups.
import { checkSubscriptionInput, type SubscriptionInput } from '../billing/subscription-input.js';
import {
  canTransition,
  confirmationUrl,
  createSubscription,
  findSubscription,
  shopSubscriptions,
  transition,
} from '../billing/subscriptions.js';
import { createUsageRecord, type UsageRecordInput } from '../billing/usage-records.js';
import { billingTypeDefs } from './billing-schema.js';
import { subscriptionNode, usageRecordNode } from './billing-nodes.js';
import { connection, type ConnectionArgs } from './connection.js';
import { parseGid, type GraphqlDomain, type RequestContext } from './domain.js';
import { findOrderDomainNode } from './orders.graphql.js';

type ListArgs = ConnectionArgs & { reverse?: boolean | null };

/** The fields billing adds to `currentAppInstallation`. */
export function installationBillingFields({ emulator, shop }: RequestContext) {
  const subscriptions = () => shopSubscriptions(emulator, shop.domain);
  return {
    activeSubscriptions: () =>
      subscriptions()
        .filter((sub) => sub.status === 'ACTIVE')
        .map((sub) => subscriptionNode(emulator, sub)),
    allSubscriptions: (args: ListArgs) => {
      const nodes = subscriptions().map((sub) => subscriptionNode(emulator, sub));
      return connection(args.reverse ? nodes.reverse() : nodes, args);
    },
    // One-time purchases cannot be created here (appPurchaseOneTimeCreate is not emulated).
    oneTimePurchases: (args: ListArgs) => connection([], args),
  };
}

/**
 * A subscription, usage record, order or customer of this shop by GID; anything else is null,
 * as for a stranger's.
 */
function findNode(context: RequestContext, id: string) {
  const orderDomainNode = findOrderDomainNode(context, id);
  if (orderDomainNode !== undefined) return orderDomainNode;
  const { emulator, shop } = context;
  const subscriptionId = parseGid('AppSubscription', id);
  if (subscriptionId !== null) {
    const sub = findSubscription(emulator, shop.domain, subscriptionId);
    return sub ? subscriptionNode(emulator, sub) : null;
  }
  const recordId = parseGid('AppUsageRecord', id);
  const record = emulator.store.state.appUsageRecords.find(
    (candidate) => candidate.id === recordId && candidate.shop === shop.domain,
  );
  const sub = record && findSubscription(emulator, shop.domain, record.subscriptionId);
  return record && sub ? usageRecordNode(emulator, sub, record) : null;
}

export const billingDomain: GraphqlDomain = {
  typeDefs: billingTypeDefs,
  query: {
    node: (args: { id: string }, context) => findNode(context, args.id),
    nodes: (args: { ids: string[] }, context) => args.ids.map((id) => findNode(context, id)),
  },
  mutation: {
    appSubscriptionCreate: (args: SubscriptionInput, { emulator, shop }) => {
      const checked = checkSubscriptionInput(args);
      if (!checked.ok) {
        return { appSubscription: null, confirmationUrl: null, userErrors: checked.userErrors };
      }
      const sub = createSubscription(emulator, shop.domain, args, checked.lineItems);
      return {
        appSubscription: subscriptionNode(emulator, sub),
        confirmationUrl: confirmationUrl(emulator, sub),
        userErrors: [],
      };
    },
    appSubscriptionCancel: (args: { id: string; prorate?: boolean | null }, { emulator, shop }) => {
      // prorate is accepted; nothing is charged here, so there is nothing to refund.
      const sub = findSubscription(emulator, shop.domain, parseGid('AppSubscription', args.id));
      const fail = (message: string) => ({
        appSubscription: null,
        userErrors: [{ field: ['id'], message }],
      });
      if (!sub) return fail("Couldn't find app subscription");
      if (!canTransition(sub.status, 'CANCELLED')) {
        return fail(
          sub.status === 'CANCELLED'
            ? 'The app subscription is already cancelled'
            : `The app subscription can't be cancelled because it is ${sub.status.toLowerCase()}`,
        );
      }
      transition(emulator, sub, 'CANCELLED');
      return { appSubscription: subscriptionNode(emulator, sub), userErrors: [] };
    },
    appUsageRecordCreate: (
      args: Omit<UsageRecordInput, 'idempotencyKey'> & { idempotencyKey?: string | null },
      context,
    ) => {
      // api-lib sends idempotencyKey as a variable without declaring it, and Shopify accepts it, so
      // an undeclared variable of that name counts too.
      const undeclared = context.variables.idempotencyKey;
      const idempotencyKey =
        args.idempotencyKey ?? (typeof undeclared === 'string' ? undeclared : null);
      const result = createUsageRecord(context.emulator, context.shop.domain, {
        ...args,
        idempotencyKey,
      });
      if (!result.ok) return { appUsageRecord: null, userErrors: result.userErrors };
      const sub = findSubscription(
        context.emulator,
        context.shop.domain,
        result.record.subscriptionId,
      );
      return {
        appUsageRecord: sub ? usageRecordNode(context.emulator, sub, result.record) : null,
        userErrors: [],
      };
    },
  },
};

// Webhook subscriptions made through the Admin API: create, list, delete. Deliveries go to
// the subscription's callbackUrl (see webhooks/dispatcher.ts).
import type { EmulatorContext } from '../context.js';
import { hasScope } from '../installations.js';
import type { WebhookSubscriptionRecord } from '../state/types.js';
import { WEBHOOK_TOPICS, requiredScopeFor, type WebhookTopic } from '../webhooks/topics.js';
import { connection, type ConnectionArgs } from './connection.js';
import { gid, parseGid, type GraphqlDomain } from './domain.js';

const typeDefs = /* GraphQL */ `
  enum WebhookSubscriptionTopic {
    ${Object.keys(WEBHOOK_TOPICS).join('\n    ')}
  }

  enum WebhookSubscriptionFormat {
    JSON
    XML
  }

  input WebhookSubscriptionInput {
    callbackUrl: URL
    uri: String
    format: WebhookSubscriptionFormat
    includeFields: [String!]
    metafieldNamespaces: [String!]
    filter: String
  }

  type WebhookHttpEndpoint {
    callbackUrl: URL!
  }

  type WebhookEventBridgeEndpoint {
    arn: ARN!
  }

  type WebhookPubSubEndpoint {
    pubSubProject: String!
    pubSubTopic: String!
  }

  union WebhookSubscriptionEndpoint =
    | WebhookHttpEndpoint
    | WebhookEventBridgeEndpoint
    | WebhookPubSubEndpoint

  type ApiVersion {
    handle: String!
    displayName: String!
    supported: Boolean!
  }

  type WebhookSubscription {
    id: ID!
    topic: WebhookSubscriptionTopic!
    format: WebhookSubscriptionFormat!
    uri: String!
    callbackUrl: URL! @deprecated(reason: "Use uri instead.")
    endpoint: WebhookSubscriptionEndpoint!
    includeFields: [String!]!
    apiVersion: ApiVersion!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type WebhookSubscriptionEdge {
    cursor: String!
    node: WebhookSubscription!
  }

  type WebhookSubscriptionConnection {
    nodes: [WebhookSubscription!]!
    edges: [WebhookSubscriptionEdge!]!
    pageInfo: PageInfo!
  }

  type WebhookSubscriptionCreatePayload {
    webhookSubscription: WebhookSubscription
    userErrors: [UserError!]!
  }

  type WebhookSubscriptionDeletePayload {
    deletedWebhookSubscriptionId: ID
    userErrors: [UserError!]!
  }

  extend type QueryRoot {
    webhookSubscriptions(
      first: Int
      last: Int
      after: String
      before: String
      topics: [WebhookSubscriptionTopic!]
      callbackUrl: URL
      uri: String
    ): WebhookSubscriptionConnection!
    webhookSubscription(id: ID!): WebhookSubscription
  }

  extend type Mutation {
    webhookSubscriptionCreate(
      topic: WebhookSubscriptionTopic!
      webhookSubscription: WebhookSubscriptionInput!
    ): WebhookSubscriptionCreatePayload
    webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
  }
`;

function subscriptionNode(subscription: WebhookSubscriptionRecord) {
  return {
    id: gid('WebhookSubscription', subscription.id),
    topic: subscription.topic,
    format: subscription.format,
    uri: subscription.callbackUrl,
    callbackUrl: subscription.callbackUrl,
    endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: subscription.callbackUrl },
    includeFields: [],
    apiVersion: {
      handle: subscription.apiVersion,
      displayName: subscription.apiVersion,
      supported: true,
    },
    createdAt: subscription.createdAt,
    updatedAt: subscription.updatedAt,
  };
}

/** Only absolute http(s) addresses; the platform requires https, this local one allows http. */
function validAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function shopSubscriptions(emulator: EmulatorContext, shop: string) {
  return emulator.store.state.webhookSubscriptions.filter((s) => s.shop === shop);
}

interface CreateArgs {
  topic: WebhookTopic;
  webhookSubscription: {
    callbackUrl?: string | null;
    uri?: string | null;
    format?: 'JSON' | 'XML' | null;
  };
}

export const webhooksDomain: GraphqlDomain = {
  typeDefs,
  query: {
    webhookSubscriptions: (
      args: ConnectionArgs & {
        topics?: string[] | null;
        callbackUrl?: string | null;
        uri?: string | null;
      },
      { emulator, shop },
    ) => {
      const address = args.uri ?? args.callbackUrl ?? null;
      const found = shopSubscriptions(emulator, shop.domain).filter(
        (s) =>
          (!args.topics || args.topics.includes(s.topic)) &&
          (!address || s.callbackUrl === address),
      );
      return connection(found.map(subscriptionNode), args);
    },
    webhookSubscription: (args: { id: string }, { emulator, shop }) => {
      const id = parseGid('WebhookSubscription', args.id);
      const found = shopSubscriptions(emulator, shop.domain).find((s) => s.id === id);
      return found ? subscriptionNode(found) : null;
    },
  },
  mutation: {
    webhookSubscriptionCreate: (args: CreateArgs, { emulator, shop, installation, apiVersion }) => {
      const address = args.webhookSubscription.uri ?? args.webhookSubscription.callbackUrl ?? '';
      const field = ['webhookSubscription', args.webhookSubscription.uri ? 'uri' : 'callbackUrl'];
      const fail = (message: string) => ({
        webhookSubscription: null,
        userErrors: [{ field, message }],
      });
      if (!validAddress(address)) return fail('Address is invalid');
      const scope = requiredScopeFor(args.topic);
      if (scope && !hasScope(installation.scopes, scope)) {
        return fail(
          `You do not have permission to create or update webhooks with ${WEBHOOK_TOPICS[args.topic]} topic. This topic requires the \`${scope}\` access scope.`,
        );
      }
      const taken = shopSubscriptions(emulator, shop.domain).some(
        (s) => s.topic === args.topic && s.callbackUrl === address,
      );
      if (taken) return fail('Address for this topic has already been taken');
      const now = new Date().toISOString();
      const subscription: WebhookSubscriptionRecord = {
        id: emulator.store.nextId(),
        shop: shop.domain,
        topic: args.topic,
        callbackUrl: address,
        format: args.webhookSubscription.format ?? 'JSON',
        apiVersion,
        createdAt: now,
        updatedAt: now,
      };
      emulator.store.state.webhookSubscriptions.push(subscription);
      emulator.store.save();
      return { webhookSubscription: subscriptionNode(subscription), userErrors: [] };
    },
    webhookSubscriptionDelete: (args: { id: string }, { emulator, shop }) => {
      const id = parseGid('WebhookSubscription', args.id);
      const before = emulator.store.state.webhookSubscriptions.length;
      emulator.store.state.webhookSubscriptions = emulator.store.state.webhookSubscriptions.filter(
        (s) => !(s.shop === shop.domain && s.id === id),
      );
      if (emulator.store.state.webhookSubscriptions.length === before) {
        return {
          deletedWebhookSubscriptionId: null,
          userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
        };
      }
      emulator.store.save();
      return { deletedWebhookSubscriptionId: args.id, userErrors: [] };
    },
  },
};

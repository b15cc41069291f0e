// The platform's Billing API (Admin GraphQL) as the server uses it: create, read and
// cancel an app subscription, and post usage records with an idempotency key. Creating a
// subscription is never repeated on a time-out or a 5xx (a second charge could appear), and
// its answer is still heard when it comes late; cancelling and usage records are repeated,
// since a repeat changes nothing.
import type { SubscriptionStatus } from '@gatehouse/contracts';
import { gql } from './gql.js';
import type { PlatformClient } from './platform-client.js';
import type { SharedDeadline } from './platform-call.js';
import { PlatformError } from './platform-client.js';

export type PlatformSubscriptionStatus = SubscriptionStatus;

export interface PlatformSubscription {
  id: string;
  name: string;
  status: PlatformSubscriptionStatus;
  test: boolean;
  trialDays: number;
  createdAt: string;
  currentPeriodEnd: string | null;
  /** The usage line item's id, when the subscription has one. */
  usageLineItemId: string | null;
}

interface RawSubscription {
  id: string;
  name: string;
  status: string;
  test: boolean;
  trialDays: number;
  createdAt: string;
  currentPeriodEnd: string | null;
  lineItems: { id: string; plan: { pricingDetails: { __typename: string } } }[];
}

interface UserError {
  field: string[] | null;
  message: string;
}

const SUBSCRIPTION_FIELDS = gql`
  fragment GatehouseSubscriptionFields on AppSubscription {
    id
    name
    status
    test
    trialDays
    createdAt
    currentPeriodEnd
    lineItems {
      id
      plan {
        pricingDetails {
          __typename
        }
      }
    }
  }
`;

function toSubscription(raw: RawSubscription): PlatformSubscription {
  return {
    id: raw.id,
    name: raw.name,
    status: raw.status as PlatformSubscriptionStatus,
    test: raw.test,
    trialDays: raw.trialDays,
    createdAt: raw.createdAt,
    currentPeriodEnd: raw.currentPeriodEnd,
    usageLineItemId:
      raw.lineItems.find((item) => item.plan.pricingDetails.__typename === 'AppUsagePricing')?.id ??
      null,
  };
}

export interface SubscriptionRequest {
  name: string;
  price: number;
  trialDays: number;
  test: boolean;
  returnUrl: string;
  usage: { terms: string; cappedAmount: number } | null;
}

export interface CreatedSubscription {
  subscription: PlatformSubscription;
  /** Where the merchant approves the charge; the platform tells it only in this answer. */
  confirmationUrl: string;
}

interface CreateAnswer {
  appSubscriptionCreate: {
    appSubscription: RawSubscription | null;
    confirmationUrl: string | null;
    userErrors: UserError[];
  };
}

function createdOf(data: CreateAnswer): CreatedSubscription {
  const payload = data.appSubscriptionCreate;
  if (payload.userErrors.length > 0) throw new UserErrorsError(payload.userErrors);
  if (!payload.appSubscription || !payload.confirmationUrl) {
    throw new PlatformError('appSubscriptionCreate answered no subscription');
  }
  return {
    subscription: toSubscription(payload.appSubscription),
    confirmationUrl: payload.confirmationUrl,
  };
}

export class UserErrorsError extends PlatformError {
  constructor(readonly userErrors: UserError[]) {
    super(userErrors.map((e) => e.message).join('; '));
  }
}

export function createBillingApi(platform: PlatformClient) {
  return {
    /**
     * Creates a subscription. Should the platform answer only after the call gave up (the
     * request is not repeated), `late` receives the subscription it created.
     */
    async createSubscription(
      shop: string,
      token: string,
      request: SubscriptionRequest,
      late?: (created: CreatedSubscription) => Promise<void>,
    ): Promise<CreatedSubscription> {
      const lineItems: object[] = [
        {
          plan: {
            appRecurringPricingDetails: {
              interval: 'EVERY_30_DAYS',
              price: { amount: request.price, currencyCode: 'USD' },
            },
          },
        },
      ];
      if (request.usage) {
        lineItems.push({
          plan: {
            appUsagePricingDetails: {
              terms: request.usage.terms,
              cappedAmount: { amount: request.usage.cappedAmount, currencyCode: 'USD' },
            },
          },
        });
      }
      const data = await platform.graphql<CreateAnswer>(
        shop,
        token,
        gql`
          mutation GatehouseSubscribe(
            $name: String!
            $returnUrl: URL!
            $test: Boolean
            $trialDays: Int
            $lineItems: [AppSubscriptionLineItemInput!]!
          ) {
            appSubscriptionCreate(
              name: $name
              returnUrl: $returnUrl
              test: $test
              trialDays: $trialDays
              lineItems: $lineItems
            ) {
              appSubscription {
                ...GatehouseSubscriptionFields
              }
              confirmationUrl
              userErrors {
                field
                message
              }
            }
          }
          ${SUBSCRIPTION_FIELDS}
        `,
        {
          name: request.name,
          returnUrl: request.returnUrl,
          test: request.test,
          trialDays: request.trialDays,
          lineItems,
        },
        late ? { lateAnswer: async (answer) => late(createdOf(answer as CreateAnswer)) } : {},
      );
      return createdOf(data);
    },

    /** The subscription as the platform has it now; null when it is not this shop's. */
    async readSubscription(shop: string, token: string, id: string, options: SharedDeadline = {}) {
      const data = await platform.graphql<{ node: RawSubscription | null }>(
        shop,
        token,
        gql`
          query GatehouseSubscription($id: ID!) {
            node(id: $id) {
              ...GatehouseSubscriptionFields
            }
          }
          ${SUBSCRIPTION_FIELDS}
        `,
        { id },
        options,
      );
      return data.node?.id ? toSubscription(data.node) : null;
    },

    /** Cancels a subscription; one the platform already ended counts as done. */
    async cancelSubscription(
      shop: string,
      token: string,
      id: string,
      options: SharedDeadline = {},
    ): Promise<void> {
      const data = await platform.graphql<{
        appSubscriptionCancel: { userErrors: UserError[] };
      }>(
        shop,
        token,
        gql`
          mutation GatehouseCancel($id: ID!) {
            appSubscriptionCancel(id: $id, prorate: false) {
              appSubscription {
                id
                status
              }
              userErrors {
                field
                message
              }
            }
          }
        `,
        { id },
        // A repeat answers "already cancelled", which counts as done.
        { idempotent: true, ...options },
      );
      const errors = data.appSubscriptionCancel.userErrors.filter(
        (e) => !/already cancel|can't be cancelled|couldn't find/i.test(e.message),
      );
      if (errors.length > 0) throw new UserErrorsError(errors);
    },

    async createUsageRecord(
      shop: string,
      token: string,
      record: { lineItemId: string; description: string; amount: number; idempotencyKey: string },
    ): Promise<string> {
      const data = await platform.graphql<{
        appUsageRecordCreate: { appUsageRecord: { id: string } | null; userErrors: UserError[] };
      }>(
        shop,
        token,
        gql`
          mutation GatehouseUsage(
            $description: String!
            $price: MoneyInput!
            $subscriptionLineItemId: ID!
            $idempotencyKey: String
          ) {
            appUsageRecordCreate(
              description: $description
              price: $price
              subscriptionLineItemId: $subscriptionLineItemId
              idempotencyKey: $idempotencyKey
            ) {
              appUsageRecord {
                id
              }
              userErrors {
                field
                message
              }
            }
          }
        `,
        {
          description: record.description,
          price: { amount: record.amount, currencyCode: 'USD' },
          subscriptionLineItemId: record.lineItemId,
          idempotencyKey: record.idempotencyKey,
        },
        // The platform keeps one record per idempotency key however often it is sent.
        { idempotent: true },
      );
      const payload = data.appUsageRecordCreate;
      if (payload.userErrors.length > 0 || !payload.appUsageRecord) {
        throw new UserErrorsError(payload.userErrors);
      }
      return payload.appUsageRecord.id;
    },
  };
}

export type BillingApi = ReturnType<typeof createBillingApi>;

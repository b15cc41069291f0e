// Billing test helpers: an installed shop whose app listens to app_subscriptions/update (made
// for each test), the exact operations api-lib sends, and the merchant's answer on the
// confirmation page.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, vi } from 'vitest';
import { APP_URL, PUBLIC_URL, graphql, install, startEmulator } from './helpers.js';
import { startReceiver } from './receiver.js';

export const SHOP = 'demo.myshopify.com';
export const RETURN_URL = `${APP_URL}/api/billing/return?shop=${SHOP}`;

export const SUBSCRIPTION_FRAGMENT = /* GraphQL */ `
  fragment AppSubscriptionFragment on AppSubscription {
    id
    name
    test
    status
    trialDays
    createdAt
    currentPeriodEnd
    returnUrl
    lineItems {
      id
      plan {
        pricingDetails {
          __typename
          ... on AppRecurringPricing {
            price {
              amount
              currencyCode
            }
            interval
            discount {
              durationLimitInIntervals
              remainingDurationInIntervals
              priceAfterDiscount {
                amount
              }
              value {
                ... on AppSubscriptionDiscountAmount {
                  amount {
                    amount
                    currencyCode
                  }
                }
                ... on AppSubscriptionDiscountPercentage {
                  percentage
                }
              }
            }
          }
          ... on AppUsagePricing {
            balanceUsed {
              amount
              currencyCode
            }
            cappedAmount {
              amount
              currencyCode
            }
            terms
          }
        }
      }
    }
  }
`;

const CREATE = /* GraphQL */ `
  ${SUBSCRIPTION_FRAGMENT}
  mutation AppSubscriptionCreate(
    $name: String!
    $returnUrl: URL!
    $test: Boolean
    $trialDays: Int
    $replacementBehavior: AppSubscriptionReplacementBehavior
    $lineItems: [AppSubscriptionLineItemInput!]!
  ) {
    appSubscriptionCreate(
      name: $name
      returnUrl: $returnUrl
      test: $test
      trialDays: $trialDays
      replacementBehavior: $replacementBehavior
      lineItems: $lineItems
    ) {
      appSubscription {
        ...AppSubscriptionFragment
      }
      confirmationUrl
      userErrors {
        field
        message
      }
    }
  }
`;

export const ACTIVE_QUERY = /* GraphQL */ `
  ${SUBSCRIPTION_FRAGMENT}
  query appSubscription($endCursor: String) {
    currentAppInstallation {
      activeSubscriptions {
        ...AppSubscriptionFragment
      }
      oneTimePurchases(first: 250, sortKey: CREATED_AT, after: $endCursor) {
        edges {
          node {
            id
            name
            test
            status
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`;

export interface SubscriptionData {
  id: string;
  name: string;
  status: string;
  test: boolean;
  trialDays: number;
  currentPeriodEnd: string | null;
  returnUrl: string;
  lineItems: { id: string; plan: { pricingDetails: Record<string, unknown> } }[];
}

export interface CreateResult {
  appSubscription: SubscriptionData | null;
  confirmationUrl: string | null;
  userErrors: { field: string[] | null; message: string }[];
}

export const PREMIUM_ITEMS = [
  {
    plan: {
      appRecurringPricingDetails: {
        interval: 'EVERY_30_DAYS',
        price: { amount: 14.99, currencyCode: 'USD' },
      },
    },
  },
];

export const PAYG_ITEMS = [
  {
    plan: {
      appRecurringPricingDetails: {
        interval: 'EVERY_30_DAYS',
        price: { amount: '4.99', currencyCode: 'USD' },
      },
    },
  },
  {
    plan: {
      appUsagePricingDetails: {
        terms: '$1.00 per 1,000 protected page views after the first 4,000',
        cappedAmount: { amount: 30, currencyCode: 'USD' },
      },
    },
  },
];

export async function createSubscription(
  app: FastifyInstance,
  token: string,
  variables: Record<string, unknown> = {},
  shop = SHOP,
): Promise<CreateResult> {
  const result = await graphql<{ appSubscriptionCreate: CreateResult }>(app, shop, token, CREATE, {
    name: 'Premium',
    returnUrl: RETURN_URL,
    test: true,
    trialDays: 7,
    lineItems: PREMIUM_ITEMS,
    ...variables,
  });
  const payload = result.body.data?.appSubscriptionCreate;
  if (!payload) throw new Error(`appSubscriptionCreate: ${JSON.stringify(result.body)}`);
  return payload;
}

export async function activeSubscriptions(
  app: FastifyInstance,
  token: string,
): Promise<SubscriptionData[]> {
  const result = await graphql<{
    currentAppInstallation: { activeSubscriptions: SubscriptionData[] };
  }>(app, SHOP, token, ACTIVE_QUERY);
  const data = result.body.data?.currentAppInstallation.activeSubscriptions;
  if (!data) throw new Error(`activeSubscriptions: ${JSON.stringify(result.body)}`);
  return data;
}

/** The confirmation URL as a path this in-process emulator answers. */
export function confirmPath(confirmationUrl: string): string {
  return confirmationUrl.replace(PUBLIC_URL, '');
}

/** Clicks Approve or Decline on the confirmation page. */
export function answer(
  app: FastifyInstance,
  confirmationUrl: string,
  decision: 'approve' | 'decline',
) {
  return app.inject({
    method: 'POST',
    url: confirmPath(confirmationUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ decision }).toString(),
  });
}

/** An emulator with the app installed on SHOP and subscribed to app_subscriptions/update. */
export async function billingSetup() {
  const app = await startEmulator({ webhookRetryBaseMs: 10 });
  const receiver = await startReceiver([]);
  const token = await install(app, SHOP);
  const subscribed = await graphql<{ webhookSubscriptionCreate: { userErrors: unknown[] } }>(
    app,
    SHOP,
    token,
    'mutation($url: URL!) { webhookSubscriptionCreate(topic: APP_SUBSCRIPTIONS_UPDATE, webhookSubscription: {callbackUrl: $url, format: JSON}) { userErrors { message } } }',
    { url: receiver.url },
  );
  if (subscribed.body.data?.webhookSubscriptionCreate.userErrors.length !== 0) {
    throw new Error(`subscribe: ${JSON.stringify(subscribed.body)}`);
  }
  /** `[subscription gid, status]` of each app_subscriptions/update received so far. */
  const updates = () =>
    receiver.received
      .filter((r) => r.headers['x-shopify-topic'] === 'app_subscriptions/update')
      .map((r) => {
        const { app_subscription: sub } = JSON.parse(r.body) as {
          app_subscription: { admin_graphql_api_id: string; status: string };
        };
        return [sub.admin_graphql_api_id, sub.status];
      });
  return { app, receiver, token, updates };
}

export type BillingSetup = Awaited<ReturnType<typeof billingSetup>>;

/**
 * A billing setup for each test of the file: made before the test and closed after it, with
 * real timers back for a test that faked them. `use` receives it before the test runs.
 */
export function useBillingSetup(use: (setup: BillingSetup) => void): void {
  let setup: BillingSetup | undefined;
  beforeEach(async () => {
    setup = await billingSetup();
    use(setup);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await setup?.app.close();
    await setup?.receiver.close();
    setup = undefined;
  });
}

/** A subscription's number, as the return URL's charge_id carries it, from its gid. */
export function chargeId(gid: string | undefined): string {
  return gid?.replace('gid://shopify/AppSubscription/', '') ?? '';
}

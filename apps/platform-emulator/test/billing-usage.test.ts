// appUsageRecordCreate: usage charged against the capped amount, the balance per period, and
// idempotency keys as the platform and api-lib send them.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  PAYG_ITEMS,
  SHOP,
  activeSubscriptions,
  answer,
  createSubscription,
  useBillingSetup,
} from './billing-helpers.js';
import { graphql } from './helpers.js';

/** The operation api-lib sends: idempotencyKey travels as an undeclared variable. */
const USAGE_LIB = /* GraphQL */ `
  mutation appUsageRecordCreate(
    $description: String!
    $price: MoneyInput!
    $subscriptionLineItemId: ID!
  ) {
    appUsageRecordCreate(
      description: $description
      price: $price
      subscriptionLineItemId: $subscriptionLineItemId
    ) {
      userErrors {
        field
        message
      }
      appUsageRecord {
        id
        description
        idempotencyKey
        price {
          amount
          currencyCode
        }
        subscriptionLineItem {
          id
          plan {
            pricingDetails {
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
    }
  }
`;

/** The schema's own argument, declared. */
const USAGE_DECLARED = /* GraphQL */ `
  mutation ($id: ID!, $price: MoneyInput!, $key: String) {
    appUsageRecordCreate(
      description: "Page views"
      price: $price
      subscriptionLineItemId: $id
      idempotencyKey: $key
    ) {
      userErrors {
        field
        message
      }
      appUsageRecord {
        id
        idempotencyKey
      }
    }
  }
`;

interface UsageResult {
  appUsageRecordCreate: {
    userErrors: { field: string[] | null; message: string }[];
    appUsageRecord: {
      id: string;
      idempotencyKey: string | null;
      price?: { amount: string };
      subscriptionLineItem?: {
        plan: { pricingDetails: { balanceUsed: { amount: string } } };
      };
    } | null;
  };
}

let app: FastifyInstance;
let token: string;
useBillingSetup((setup) => ({ app, token } = setup));

/** An approved Pay-As-You-Go subscription; returns its usage line item id. */
async function activePayg(): Promise<{ usageItemId: string; subscriptionId: string }> {
  const created = await createSubscription(app, token, {
    name: 'Pay-As-You-Go',
    lineItems: PAYG_ITEMS,
  });
  await answer(app, created.confirmationUrl ?? '', 'approve');
  const usageItemId = created.appSubscription?.lineItems[1]?.id ?? '';
  expect(usageItemId).toMatch(/^gid:\/\/shopify\/AppSubscriptionLineItem\/\d+\?v=1&index=1$/);
  return { usageItemId, subscriptionId: created.appSubscription?.id ?? '' };
}

function charge(usageItemId: string, amount: number | string, idempotencyKey?: string) {
  return graphql<UsageResult>(app, SHOP, token, USAGE_LIB, {
    description: 'Protected page views',
    price: { amount, currencyCode: 'USD' },
    subscriptionLineItemId: usageItemId,
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  });
}

async function balanceUsed(): Promise<string | undefined> {
  const [active] = await activeSubscriptions(app, token);
  const usage = active?.lineItems[1]?.plan.pricingDetails as
    { balanceUsed: { amount: string } } | undefined;
  return usage?.balanceUsed.amount;
}

describe('appUsageRecordCreate', () => {
  it('charges usage against the capped amount and refuses what would exceed it', async () => {
    const { usageItemId } = await activePayg();
    const first = await charge(usageItemId, 12.5);
    expect(first.body.data?.appUsageRecordCreate).toMatchObject({
      userErrors: [],
      appUsageRecord: {
        id: expect.stringMatching(/^gid:\/\/shopify\/AppUsageRecord\/\d+$/),
        description: 'Protected page views',
        idempotencyKey: null,
        price: { amount: '12.50', currencyCode: 'USD' },
        subscriptionLineItem: {
          id: usageItemId,
          plan: {
            pricingDetails: {
              balanceUsed: { amount: '12.50', currencyCode: 'USD' },
              cappedAmount: { amount: '30.00', currencyCode: 'USD' },
            },
          },
        },
      },
    });
    expect((await charge(usageItemId, '17.50')).body.data?.appUsageRecordCreate.userErrors).toEqual(
      [],
    );
    expect(await balanceUsed()).toBe('30.00');

    const over = await charge(usageItemId, 0.01);
    expect(over.body.data?.appUsageRecordCreate).toEqual({
      userErrors: [{ field: null, message: 'Total price exceeds balance remaining' }],
      appUsageRecord: null,
    });
    expect(await balanceUsed()).toBe('30.00');
  });

  it('starts the balance again from 0 when the period moves on', async () => {
    const { usageItemId, subscriptionId } = await activePayg();
    await charge(usageItemId, 30);
    const numeric = subscriptionId.replace('gid://shopify/AppSubscription/', '');
    const before = (await activeSubscriptions(app, token))[0]?.currentPeriodEnd ?? '';
    const advanced = await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/subscriptions/${numeric}/advance-period`,
    });
    expect(advanced.statusCode).toBe(200);
    const [active] = await activeSubscriptions(app, token);
    expect(Date.parse(active?.currentPeriodEnd ?? '') - Date.parse(before)).toBe(
      30 * 24 * 60 * 60 * 1000,
    );
    expect(await balanceUsed()).toBe('0.00');
    expect((await charge(usageItemId, 5)).body.data?.appUsageRecordCreate.userErrors).toEqual([]);
  });

  it('charges a repeated idempotency key once and answers with the original record', async () => {
    const { usageItemId } = await activePayg();
    const first = await charge(usageItemId, 2, 'views-2025-10-01');
    const again = await charge(usageItemId, 2, 'views-2025-10-01');
    const original = first.body.data?.appUsageRecordCreate.appUsageRecord;
    expect(original?.idempotencyKey).toBe('views-2025-10-01');
    expect(again.body.data?.appUsageRecordCreate).toMatchObject({
      userErrors: [],
      appUsageRecord: { id: original?.id, idempotencyKey: 'views-2025-10-01' },
    });
    expect(await balanceUsed()).toBe('2.00');

    const declared = (key: string) =>
      graphql<UsageResult>(app, SHOP, token, USAGE_DECLARED, {
        id: usageItemId,
        price: { amount: 3, currencyCode: 'USD' },
        key,
      });
    const third = await declared('views-2025-10-02');
    const fourth = await declared('views-2025-10-02');
    expect(fourth.body.data?.appUsageRecordCreate.appUsageRecord?.id).toBe(
      third.body.data?.appUsageRecordCreate.appUsageRecord?.id,
    );
    expect(await balanceUsed()).toBe('5.00');

    const state = await app.inject(`/_emulator/shops/${SHOP}/subscriptions`);
    const [sub] = (
      state.json() as { subscriptions: { usageRecords: unknown[] }[] }
    ).subscriptions.slice(-1);
    expect(sub?.usageRecords).toHaveLength(2);

    const tooLong = await declared('k'.repeat(256));
    expect(tooLong.body.data?.appUsageRecordCreate.userErrors).toEqual([
      {
        field: ['idempotencyKey'],
        message: 'Idempotency key is too long (maximum is 255 characters)',
      },
    ]);
  });

  it('refuses a recurring line item, an unknown one, and a subscription that is not ACTIVE', async () => {
    const { usageItemId, subscriptionId } = await activePayg();
    const recurringItemId = usageItemId.replace('index=1', 'index=0');
    expect((await charge(recurringItemId, 1)).body.data?.appUsageRecordCreate.userErrors).toEqual([
      {
        field: ['subscriptionLineItemId'],
        message: 'The subscription line item must have a usage pricing plan',
      },
    ]);
    const unknown = await charge('gid://shopify/AppSubscriptionLineItem/1?v=1&index=1', 1);
    expect(unknown.body.data?.appUsageRecordCreate.userErrors).toEqual([
      { field: ['subscriptionLineItemId'], message: 'Subscription line item not found' },
    ]);
    const numeric = subscriptionId.replace('gid://shopify/AppSubscription/', '');
    await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/subscriptions/${numeric}/freeze`,
    });
    expect((await charge(usageItemId, 1)).body.data?.appUsageRecordCreate.userErrors).toEqual([
      { field: ['subscriptionLineItemId'], message: 'The app subscription is not active' },
    ]);
  });
});

// appSubscriptionCreate's checks: line items the platform refuses answer userErrors and create
// nothing; usage-only and annual subscriptions, with a discount, are accepted.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PAYG_ITEMS, SHOP, createSubscription, useBillingSetup } from './billing-helpers.js';

let app: FastifyInstance;
let token: string;
useBillingSetup((setup) => ({ app, token } = setup));

describe('appSubscriptionCreate validation', () => {
  async function errorsFor(lineItems: unknown[]) {
    const result = await createSubscription(app, token, { lineItems });
    expect(result.appSubscription).toBeNull();
    expect(result.confirmationUrl).toBeNull();
    return result.userErrors.map((error) => error.message);
  }

  it('answers userErrors and creates nothing for line items the platform refuses', async () => {
    const recurring = (interval: string, amount: number) => ({
      plan: {
        appRecurringPricingDetails: { interval, price: { amount, currencyCode: 'USD' } },
      },
    });
    const usage = PAYG_ITEMS[1];
    expect(await errorsFor([recurring('EVERY_30_DAYS', 5), recurring('ANNUAL', 50)])).toEqual([
      'A subscription can have at most one recurring line item',
    ]);
    expect(await errorsFor([usage, usage])).toEqual([
      'A subscription can have at most one usage line item',
    ]);
    expect(await errorsFor([recurring('ANNUAL', 50), usage])).toEqual([
      'Usage pricing can only be combined with an EVERY_30_DAYS recurring line item',
    ]);
    expect(await errorsFor([recurring('EVERY_30_DAYS', 0)])).toEqual([
      'Price must be greater than 0',
    ]);
    expect(await errorsFor([])).toEqual(['Line items must contain at least one item']);

    const state = await app.inject(`/_emulator/shops/${SHOP}/subscriptions`);
    expect(state.json()).toEqual({ subscriptions: [] });
  });

  it('accepts a usage-only subscription and an annual recurring one, with a discount', async () => {
    const usageOnly = await createSubscription(app, token, { lineItems: [PAYG_ITEMS[1]] });
    expect(usageOnly.userErrors).toEqual([]);
    const annual = await createSubscription(app, token, {
      lineItems: [
        {
          plan: {
            appRecurringPricingDetails: {
              interval: 'ANNUAL',
              price: { amount: 150, currencyCode: 'USD' },
              discount: { durationLimitInIntervals: 1, value: { percentage: 0.2 } },
            },
          },
        },
      ],
    });
    expect(annual.appSubscription?.lineItems[0]?.plan.pricingDetails).toEqual({
      __typename: 'AppRecurringPricing',
      price: { amount: '150.00', currencyCode: 'USD' },
      interval: 'ANNUAL',
      discount: {
        durationLimitInIntervals: 1,
        remainingDurationInIntervals: 1,
        priceAfterDiscount: { amount: '120.00' },
        value: { percentage: 0.2 },
      },
    });
  });
});

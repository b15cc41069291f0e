// Billing records as the Admin API's objects: AppSubscription, its line items with the
// `__typename`-tagged pricing union, and AppUsageRecord.
import { moneyV2 } from '../billing/money.js';
import { lineItemGid } from '../billing/subscriptions.js';
import type { EmulatorContext } from '../context.js';
import type {
  AppSubscriptionRecord,
  AppUsageRecordRecord,
  LineItemRecord,
  RecurringLineItemRecord,
} from '../state/types.js';
import { connection, type ConnectionArgs } from './connection.js';
import { gid } from './domain.js';

function discountNode(item: RecurringLineItemRecord) {
  const { discount } = item;
  if (!discount) return null;
  const afterCents =
    discount.amountCents !== null
      ? Math.max(0, item.priceCents - discount.amountCents)
      : Math.round(item.priceCents * (1 - (discount.percentage ?? 0)));
  return {
    durationLimitInIntervals: discount.durationLimitInIntervals,
    remainingDurationInIntervals: discount.remainingDurationInIntervals,
    priceAfterDiscount: moneyV2(afterCents, item.currencyCode),
    value:
      discount.amountCents !== null
        ? {
            __typename: 'AppSubscriptionDiscountAmount',
            amount: moneyV2(discount.amountCents, item.currencyCode),
          }
        : { __typename: 'AppSubscriptionDiscountPercentage', percentage: discount.percentage },
  };
}

function pricingDetails(item: LineItemRecord) {
  if (item.kind === 'recurring') {
    return {
      __typename: 'AppRecurringPricing',
      price: moneyV2(item.priceCents, item.currencyCode),
      interval: item.interval,
      planHandle: null,
      discount: discountNode(item),
    };
  }
  return {
    __typename: 'AppUsagePricing',
    balanceUsed: moneyV2(item.balanceUsedCents, item.currencyCode),
    cappedAmount: moneyV2(item.cappedCents, item.currencyCode),
    interval: 'EVERY_30_DAYS',
    terms: item.terms,
  };
}

export function lineItemNode(
  context: EmulatorContext,
  sub: AppSubscriptionRecord,
  item: LineItemRecord,
) {
  return {
    id: lineItemGid(sub, item),
    plan: { pricingDetails: pricingDetails(item) },
    usageRecords: (args: ConnectionArgs & { reverse?: boolean | null }) => {
      const records = context.store.state.appUsageRecords.filter(
        (record) => record.subscriptionId === sub.id && record.lineItemIndex === item.index,
      );
      if (args.reverse) records.reverse();
      return connection(
        records.map((record) => usageRecordNode(context, sub, record)),
        args,
      );
    },
  };
}

export function subscriptionNode(context: EmulatorContext, sub: AppSubscriptionRecord) {
  return {
    __typename: 'AppSubscription',
    id: gid('AppSubscription', sub.id),
    name: sub.name,
    test: sub.test,
    status: sub.status,
    trialDays: sub.trialDays,
    createdAt: sub.createdAt,
    currentPeriodEnd: sub.currentPeriodEnd,
    returnUrl: sub.returnUrl,
    lineItems: sub.lineItems.map((item) => lineItemNode(context, sub, item)),
  };
}

export function usageRecordNode(
  context: EmulatorContext,
  sub: AppSubscriptionRecord,
  record: AppUsageRecordRecord,
) {
  const item = sub.lineItems.find((candidate) => candidate.index === record.lineItemIndex);
  return {
    __typename: 'AppUsageRecord',
    id: gid('AppUsageRecord', record.id),
    createdAt: record.createdAt,
    description: record.description,
    idempotencyKey: record.idempotencyKey,
    price: moneyV2(record.priceCents, record.currencyCode),
    // Resolved on demand: the line item's balance is read when the field is asked for.
    subscriptionLineItem: () => (item ? lineItemNode(context, sub, item) : null),
  };
}

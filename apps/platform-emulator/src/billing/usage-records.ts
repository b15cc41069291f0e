// appUsageRecordCreate: a usage charge against the usage line item of an ACTIVE subscription, never
// past the capped amount for the period, and charged once per idempotency key.
import type { EmulatorContext } from '../context.js';
import type {
  AppSubscriptionRecord,
  AppUsageRecordRecord,
  UsageLineItemRecord,
} from '../state/types.js';
import { toCents } from './money.js';
import type { UserError } from './subscription-input.js';
import { shopSubscriptions } from './subscriptions.js';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export interface UsageRecordInput {
  description: string;
  price: { amount: unknown; currencyCode: string };
  subscriptionLineItemId: string;
  idempotencyKey: string | null;
}

/** `gid://shopify/AppSubscriptionLineItem/<subscription id>?v=1&index=<i>`, suffix optional. */
function parseLineItemGid(value: string): { subscriptionId: number; index: number | null } | null {
  const match = /^gid:\/\/shopify\/AppSubscriptionLineItem\/(\d+)(?:\?(.*))?$/.exec(value);
  if (!match?.[1]) return null;
  const index = new URLSearchParams(match[2] ?? '').get('index');
  return {
    subscriptionId: Number(match[1]),
    index: index !== null && /^\d+$/.test(index) ? Number(index) : null,
  };
}

/** The line item an id names in this shop; without an index, the subscription's usage item. */
export function findLineItem(
  context: EmulatorContext,
  shop: string,
  id: string,
): { sub: AppSubscriptionRecord; item: AppSubscriptionRecord['lineItems'][number] } | null {
  const parsed = parseLineItemGid(id);
  if (!parsed) return null;
  const sub = shopSubscriptions(context, shop).find((s) => s.id === parsed.subscriptionId);
  const item = sub?.lineItems.find((candidate) =>
    parsed.index === null ? candidate.kind === 'usage' : candidate.index === parsed.index,
  );
  return sub && item ? { sub, item } : null;
}

export type UsageRecordResult =
  { ok: true; record: AppUsageRecordRecord } | { ok: false; userErrors: UserError[] };

const fail = (field: string[] | null, message: string): UsageRecordResult => ({
  ok: false,
  userErrors: [{ field, message }],
});

export function createUsageRecord(
  context: EmulatorContext,
  shop: string,
  input: UsageRecordInput,
): UsageRecordResult {
  const key = input.idempotencyKey;
  if (key !== null && key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    return fail(['idempotencyKey'], 'Idempotency key is too long (maximum is 255 characters)');
  }
  const found = findLineItem(context, shop, input.subscriptionLineItemId);
  if (!found) return fail(['subscriptionLineItemId'], 'Subscription line item not found');
  // The same key again is the same charge: answer with the original, charge nothing more.
  if (key !== null) {
    const original = context.store.state.appUsageRecords.find(
      (record) => record.shop === shop && record.idempotencyKey === key,
    );
    if (original) return { ok: true, record: original };
  }
  const { sub, item } = found;
  if (item.kind !== 'usage') {
    return fail(
      ['subscriptionLineItemId'],
      'The subscription line item must have a usage pricing plan',
    );
  }
  if (sub.status !== 'ACTIVE') {
    return fail(['subscriptionLineItemId'], 'The app subscription is not active');
  }
  if (input.description.trim() === '') {
    return fail(['description'], "Description can't be blank");
  }
  const priceCents = toCents(input.price.amount);
  if (priceCents === null || priceCents <= 0) {
    return fail(['price'], 'Price must be greater than 0');
  }
  if (input.price.currencyCode !== item.currencyCode) {
    return fail(['price', 'currencyCode'], `Currency must be ${item.currencyCode}`);
  }
  if (item.balanceUsedCents + priceCents > item.cappedCents) {
    return fail(null, 'Total price exceeds balance remaining');
  }
  return { ok: true, record: charge(context, sub, item, input, priceCents) };
}

function charge(
  context: EmulatorContext,
  sub: AppSubscriptionRecord,
  item: UsageLineItemRecord,
  input: UsageRecordInput,
  priceCents: number,
): AppUsageRecordRecord {
  const record: AppUsageRecordRecord = {
    id: context.store.nextId(),
    shop: sub.shop,
    subscriptionId: sub.id,
    lineItemIndex: item.index,
    description: input.description,
    priceCents,
    currencyCode: item.currencyCode,
    idempotencyKey: input.idempotencyKey,
    createdAt: new Date().toISOString(),
  };
  item.balanceUsedCents += priceCents;
  context.store.state.appUsageRecords.push(record);
  context.store.save();
  return record;
}

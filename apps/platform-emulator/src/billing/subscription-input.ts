// Checks an appSubscriptionCreate request the way the platform does and turns its line items into
// records. Any problem is a userError and nothing is created.
import type { AppPricingInterval, LineItemRecord } from '../state/types.js';
import { toCents } from './money.js';

export interface UserError {
  field: string[] | null;
  message: string;
}

interface MoneyInput {
  amount: unknown;
  currencyCode: string;
}

export interface LineItemInput {
  plan: {
    appRecurringPricingDetails?: {
      interval?: AppPricingInterval | null;
      price: MoneyInput;
      discount?: {
        value?: { amount?: unknown; percentage?: number | null } | null;
        durationLimitInIntervals?: number | null;
      } | null;
    } | null;
    appUsagePricingDetails?: { cappedAmount: MoneyInput; terms: string } | null;
  };
}

export interface SubscriptionInput {
  name: string;
  returnUrl: string;
  test?: boolean | null;
  trialDays?: number | null;
  replacementBehavior?: string | null;
  lineItems: LineItemInput[];
}

export const MAX_NAME_LENGTH = 255;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function recurringItem(
  details: NonNullable<LineItemInput['plan']['appRecurringPricingDetails']>,
  index: number,
  errors: UserError[],
): LineItemRecord {
  const path = ['lineItems', String(index), 'plan', 'appRecurringPricingDetails'];
  const priceCents = toCents(details.price.amount);
  if (priceCents === null || priceCents <= 0) {
    errors.push({ field: [...path, 'price'], message: 'Price must be greater than 0' });
  }
  let discount: Extract<LineItemRecord, { kind: 'recurring' }>['discount'] = null;
  if (details.discount) {
    const { value, durationLimitInIntervals } = details.discount;
    const amountCents =
      value?.amount === undefined || value.amount === null ? null : toCents(value.amount);
    const percentage = value?.percentage ?? null;
    const field = [...path, 'discount'];
    if ((amountCents === null) === (percentage === null)) {
      errors.push({ field, message: 'Discount must have either an amount or a percentage' });
    } else if (amountCents !== null && (amountCents <= 0 || amountCents > (priceCents ?? 0))) {
      errors.push({ field, message: 'Discount amount must be between 0 and the price' });
    } else if (percentage !== null && (percentage <= 0 || percentage > 1)) {
      errors.push({ field, message: 'Discount percentage must be greater than 0 and at most 1' });
    }
    if (durationLimitInIntervals !== undefined && durationLimitInIntervals !== null) {
      if (durationLimitInIntervals < 1) {
        errors.push({ field, message: 'Duration limit in intervals must be greater than 0' });
      }
    }
    discount = {
      amountCents,
      percentage,
      durationLimitInIntervals: durationLimitInIntervals ?? null,
      remainingDurationInIntervals: durationLimitInIntervals ?? null,
    };
  }
  return {
    kind: 'recurring',
    index,
    priceCents: priceCents ?? 0,
    currencyCode: details.price.currencyCode,
    interval: details.interval ?? 'EVERY_30_DAYS',
    discount,
  };
}

function usageItem(
  details: NonNullable<LineItemInput['plan']['appUsagePricingDetails']>,
  index: number,
  errors: UserError[],
): LineItemRecord {
  const path = ['lineItems', String(index), 'plan', 'appUsagePricingDetails'];
  const cappedCents = toCents(details.cappedAmount.amount);
  if (cappedCents === null || cappedCents <= 0) {
    errors.push({
      field: [...path, 'cappedAmount'],
      message: 'Capped amount must be greater than 0',
    });
  }
  if (details.terms.trim() === '') {
    errors.push({ field: [...path, 'terms'], message: "Terms can't be blank" });
  }
  return {
    kind: 'usage',
    index,
    terms: details.terms,
    cappedCents: cappedCents ?? 0,
    currencyCode: details.cappedAmount.currencyCode,
    balanceUsedCents: 0,
  };
}

/** The line items as records, or the userErrors the platform would answer. */
export function checkSubscriptionInput(
  input: SubscriptionInput,
): { ok: true; lineItems: LineItemRecord[] } | { ok: false; userErrors: UserError[] } {
  const errors: UserError[] = [];
  if (input.name.trim() === '') errors.push({ field: ['name'], message: "Name can't be blank" });
  if (input.name.length > MAX_NAME_LENGTH) {
    errors.push({ field: ['name'], message: 'Name is too long (maximum is 255 characters)' });
  }
  if (!isHttpUrl(input.returnUrl)) {
    errors.push({ field: ['returnUrl'], message: 'Return url is not a valid URL' });
  }
  if ((input.trialDays ?? 0) < 0) {
    errors.push({ field: ['trialDays'], message: 'Trial days must be greater than or equal to 0' });
  }
  if (input.lineItems.length === 0) {
    errors.push({ field: ['lineItems'], message: 'Line items must contain at least one item' });
  }

  const lineItems: LineItemRecord[] = [];
  input.lineItems.forEach((item, index) => {
    const { appRecurringPricingDetails: recurring, appUsagePricingDetails: usage } = item.plan;
    if (recurring && !usage) lineItems.push(recurringItem(recurring, index, errors));
    else if (usage && !recurring) lineItems.push(usageItem(usage, index, errors));
    else {
      errors.push({
        field: ['lineItems', String(index), 'plan'],
        message:
          'A plan must have exactly one of appRecurringPricingDetails or appUsagePricingDetails',
      });
    }
  });

  const recurringItems = lineItems.filter((item) => item.kind === 'recurring');
  const usageItems = lineItems.filter((item) => item.kind === 'usage');
  if (recurringItems.length > 1) {
    errors.push({
      field: ['lineItems'],
      message: 'A subscription can have at most one recurring line item',
    });
  }
  if (usageItems.length > 1) {
    errors.push({
      field: ['lineItems'],
      message: 'A subscription can have at most one usage line item',
    });
  }
  if (usageItems.length > 0 && recurringItems.some((item) => item.interval !== 'EVERY_30_DAYS')) {
    errors.push({
      field: ['lineItems'],
      message: 'Usage pricing can only be combined with an EVERY_30_DAYS recurring line item',
    });
  }
  if (new Set(lineItems.map((item) => item.currencyCode)).size > 1) {
    errors.push({ field: ['lineItems'], message: 'All line items must use the same currency' });
  }
  return errors.length > 0 ? { ok: false, userErrors: errors } : { ok: true, lineItems };
}

// App subscriptions and their life cycle: created PENDING, approved or declined by the merchant,
// expired after two days unanswered, frozen and reactivated by the platform, cancelled by the app,
// by support, by a replacing subscription or by uninstall. Every status change sends
// app_subscriptions/update.
import { shopUrl, type EmulatorContext } from '../context.js';
import type {
  AppSubscriptionRecord,
  AppSubscriptionStatus,
  LineItemRecord,
  RecurringLineItemRecord,
  UsageLineItemRecord,
} from '../state/types.js';
import { appSubscriptionPayload } from '../webhooks/payloads.js';
import { intervalDays } from './money.js';
import type { SubscriptionInput } from './subscription-input.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A subscription the merchant has not answered within two days expires. */
export const PENDING_TTL_MS = 2 * DAY_MS;

/** Which statuses each status can be reached from. */
const REACHABLE_FROM: Record<AppSubscriptionStatus, readonly AppSubscriptionStatus[]> = {
  PENDING: [],
  ACTIVE: ['PENDING', 'FROZEN'],
  DECLINED: ['PENDING'],
  EXPIRED: ['PENDING'],
  FROZEN: ['ACTIVE'],
  CANCELLED: ['PENDING', 'ACTIVE', 'FROZEN'],
};

export function canTransition(from: AppSubscriptionStatus, to: AppSubscriptionStatus): boolean {
  return REACHABLE_FROM[to].includes(from);
}

export function recurringItem(sub: AppSubscriptionRecord): RecurringLineItemRecord | undefined {
  return sub.lineItems.find((item): item is RecurringLineItemRecord => item.kind === 'recurring');
}

export function usageItem(sub: AppSubscriptionRecord): UsageLineItemRecord | undefined {
  return sub.lineItems.find((item): item is UsageLineItemRecord => item.kind === 'usage');
}

/** `?v=1&index=<i>` is how the platform suffixes line item ids; callers pass them back as is. */
export function lineItemGid(sub: AppSubscriptionRecord, item: LineItemRecord): string {
  return `gid://shopify/AppSubscriptionLineItem/${sub.id}?v=1&index=${item.index}`;
}

export function confirmationUrl(context: EmulatorContext, sub: AppSubscriptionRecord): string {
  return shopUrl(context, sub.shop, `/admin/charges/${sub.id}/confirm`);
}

/** Where the merchant goes after answering: the app's returnUrl with `charge_id`. */
export function returnUrlWithChargeId(sub: AppSubscriptionRecord): string {
  const url = new URL(sub.returnUrl);
  url.searchParams.set('charge_id', String(sub.id));
  return url.toString();
}

/** The shop's subscriptions, oldest first, after expiring the stale PENDING ones. */
export function shopSubscriptions(context: EmulatorContext, shop: string): AppSubscriptionRecord[] {
  expireStale(context, shop);
  return context.store.state.appSubscriptions.filter((sub) => sub.shop === shop);
}

export function findSubscription(
  context: EmulatorContext,
  shop: string,
  id: number | null,
): AppSubscriptionRecord | undefined {
  return shopSubscriptions(context, shop).find((sub) => sub.id === id);
}

export function createSubscription(
  context: EmulatorContext,
  shop: string,
  input: SubscriptionInput,
  lineItems: LineItemRecord[],
): AppSubscriptionRecord {
  const now = new Date().toISOString();
  const sub: AppSubscriptionRecord = {
    id: context.store.nextId(),
    shop,
    name: input.name,
    test: input.test ?? false,
    status: 'PENDING',
    trialDays: input.trialDays ?? 0,
    returnUrl: input.returnUrl,
    replacementBehavior: input.replacementBehavior ?? 'STANDARD',
    createdAt: now,
    updatedAt: now,
    activatedAt: null,
    trialEndsOn: null,
    currentPeriodEnd: null,
    cancelledAt: null,
    lineItems,
  };
  context.store.state.appSubscriptions.push(sub);
  context.store.save();
  return sub;
}

/**
 * Moves a subscription to `to` and sends app_subscriptions/update; false (and nothing
 * changes) when the platform does not allow that move.
 */
export function transition(
  context: EmulatorContext,
  sub: AppSubscriptionRecord,
  to: AppSubscriptionStatus,
): boolean {
  if (!canTransition(sub.status, to)) return false;
  const now = new Date();
  sub.status = to;
  sub.updatedAt = now.toISOString();
  if (to === 'CANCELLED') sub.cancelledAt = sub.updatedAt;
  context.store.save();
  const shop = context.store.shop(sub.shop);
  if (shop) {
    context.dispatcher.trigger(
      sub.shop,
      'APP_SUBSCRIPTIONS_UPDATE',
      appSubscriptionPayload(shop, sub),
    );
  }
  return true;
}

/**
 * The merchant approves: any subscription still in force for the shop is cancelled first
 * (one subscription per app and shop; this is the platform's STANDARD replacement, applied
 * immediately whatever replacementBehavior asked for), then this one becomes ACTIVE.
 */
export function approveSubscription(context: EmulatorContext, sub: AppSubscriptionRecord): boolean {
  if (sub.status !== 'PENDING') return false;
  for (const other of shopSubscriptions(context, sub.shop)) {
    if (other.id !== sub.id && (other.status === 'ACTIVE' || other.status === 'FROZEN')) {
      transition(context, other, 'CANCELLED');
    }
  }
  const now = Date.now();
  const period = intervalDays(recurringItem(sub)?.interval ?? 'EVERY_30_DAYS');
  sub.activatedAt = new Date(now).toISOString();
  sub.trialEndsOn = sub.trialDays > 0 ? new Date(now + sub.trialDays * DAY_MS).toISOString() : null;
  sub.currentPeriodEnd = new Date(now + period * DAY_MS).toISOString();
  return transition(context, sub, 'ACTIVE');
}

/** Lazily, on every read: PENDING for more than two days → EXPIRED (with the webhook). */
export function expireStale(context: EmulatorContext, shop: string): void {
  const cutoff = Date.now() - PENDING_TTL_MS;
  for (const sub of context.store.state.appSubscriptions) {
    if (sub.shop === shop && sub.status === 'PENDING' && Date.parse(sub.createdAt) < cutoff) {
      transition(context, sub, 'EXPIRED');
    }
  }
}

/**
 * The billing period moves on (support command): the usage balance starts again from 0, the
 * period end moves by one interval and a time-limited discount has one interval less to run.
 */
export function advancePeriod(context: EmulatorContext, sub: AppSubscriptionRecord): boolean {
  if (sub.status !== 'ACTIVE' && sub.status !== 'FROZEN') return false;
  const recurring = recurringItem(sub);
  const days = intervalDays(recurring?.interval ?? 'EVERY_30_DAYS');
  const end = sub.currentPeriodEnd ? Date.parse(sub.currentPeriodEnd) : Date.now();
  sub.currentPeriodEnd = new Date(end + days * DAY_MS).toISOString();
  const usage = usageItem(sub);
  if (usage) usage.balanceUsedCents = 0;
  const discount = recurring?.discount;
  if (discount && discount.remainingDurationInIntervals !== null) {
    discount.remainingDurationInIntervals = Math.max(0, discount.remainingDurationInIntervals - 1);
  }
  sub.updatedAt = new Date().toISOString();
  context.store.save();
  return true;
}

/** On uninstall every subscription still open is cancelled, each with its webhook. */
export function cancelOpenSubscriptions(context: EmulatorContext, shop: string): void {
  for (const sub of shopSubscriptions(context, shop)) {
    if (canTransition(sub.status, 'CANCELLED')) transition(context, sub, 'CANCELLED');
  }
}

// Wire shapes of the subscription calls: the plan catalogue as the page shows it,
// the shop's current subscription, choosing a plan and the version of the deployed admin.
import { z } from 'zod';
import { planId, planIds } from './plans.js';

export const planView = z.object({
  id: planId,
  name: z.string(),
  price: z.number(),
  trialDays: z.number(),
  includedViews: z.number().nullable(),
  pricePerThousand: z.number().nullable(),
  usageCap: z.number().nullable(),
  highlights: z.array(z.string()),
});
export type PlanView = z.infer<typeof planView>;

/** The statuses the platform gives an app subscription, in its own spelling. */
export const subscriptionStatuses = [
  'PENDING',
  'ACTIVE',
  'DECLINED',
  'EXPIRED',
  'FROZEN',
  'CANCELLED',
] as const;
export const subscriptionStatus = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

export const subscriptionState = z.object({
  /** The plan whose features the shop has now (a frozen subscription gives Free's). */
  plan: planId,
  /** The paid subscription behind it, if any: its plan and platform status. */
  subscription: z
    .object({
      plan: planId,
      status: subscriptionStatus,
      test: z.boolean(),
      trialDaysLeft: z.number(),
      trialEndsAt: z.string().nullable(),
      currentPeriodEnd: z.string().nullable(),
    })
    .nullable(),
  /** Whether a paid plan chosen now starts with the free trial (given once per shop). */
  trialAvailable: z.boolean(),
  /** Protected page views counted in the current 30-day period. */
  usage: z.object({
    views: z.number(),
    includedViews: z.number(),
    periodStart: z.string(),
    periodEnd: z.string(),
  }),
  /** A paid plan chosen but not yet approved on the platform. */
  pending: z.object({ plan: planId, confirmationUrl: z.string() }).nullable(),
});
export type SubscriptionState = z.infer<typeof subscriptionState>;

export const choosePlanRequest = z
  .object({
    plan: z.enum(planIds, { error: 'Please choose Free, Premium or Pay-As-You-Go.' }),
  })
  .strict();

export const choosePlanResponse = z.object({ confirmationUrl: z.string().nullable() });
export type ChoosePlanResponse = z.infer<typeof choosePlanResponse>;

export const appVersion = z.object({ version: z.string().nullable() });

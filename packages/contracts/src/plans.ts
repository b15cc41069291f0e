// The plan catalogue: what Gatehouse sells, in one place. The server gates calls with it,
// bills with it, and the admin renders the subscription page from it.
import { z } from 'zod';
import { manifestName } from './list-blocker.js';
import { listBlockers } from './list-blockers.js';

export const planIds = ['free', 'premium', 'payg'] as const;
export const planId = z.enum(planIds);
export type PlanId = z.infer<typeof planId>;

/**
 * Features a plan can include; Free has the first six, paid plans have all. Each list blocker
 * brings its own (its manifest's).
 */
export const features = [
  'countryBlocker',
  'ipBlocker',
  'blockListsLegacy',
  'ipLookup',
  'visitorLogs',
  'generalSettings',
  'adminAccess',
  'botBlocker',
  ...listBlockers.map((mf) => mf.feature),
  'contentProtection',
  'geoRedirects',
  'customerBlockLists',
  'fraudProtect',
  'autoCancelFilters',
  'firewall',
  'csvExport',
] as const;
export type Feature = (typeof features)[number];

export function isFeature(value: unknown): value is Feature {
  return typeof value === 'string' && (features as readonly string[]).includes(value);
}

/** A list blocker's plan feature, as its manifest names it; null on every plan. */
export function listBlockerFeature(mf: { name: string; feature: string | null }): Feature | null {
  return mf.feature === null ? null : manifestName(mf, 'plan feature', features, mf.feature);
}

export interface Plan {
  id: PlanId;
  name: string;
  /** Recurring price in USD every 30 days. */
  price: number;
  trialDays: number;
  /** Page views included per 30-day period (Pay-As-You-Go only). */
  includedViews: number | null;
  /** USD per further 1,000 protected page views (Pay-As-You-Go only). */
  pricePerThousand: number | null;
  /** Most the usage charges can reach in one period (Pay-As-You-Go only). */
  usageCap: number | null;
  /** How long visitor logs are kept. */
  logRetentionHours: number;
  /** Most IP Blocker entries the plan allows; null = unlimited. */
  maxIpEntries: number | null;
  features: readonly Feature[];
  highlights: readonly string[];
}

const FREE_FEATURES: readonly Feature[] = features.slice(0, 6);

export const plans: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    price: 0,
    trialDays: 0,
    includedViews: null,
    pricePerThousand: null,
    usageCap: null,
    logRetentionHours: 24,
    maxIpEntries: 20,
    features: FREE_FEATURES,
    highlights: [
      'Country Blocker',
      'IP Blocker (up to 20 entries)',
      'Block Lists (Legacy)',
      'IP address lookup',
      'Visitor logs kept 24 hours',
      'General Settings',
    ],
  },
  premium: {
    id: 'premium',
    name: 'Premium',
    price: 14.99,
    trialDays: 7,
    includedViews: null,
    pricePerThousand: null,
    usageCap: null,
    logRetentionHours: 90 * 24,
    maxIpEntries: null,
    features,
    highlights: [
      'Everything in Free, without limits',
      'Admin Access',
      'Bot/VPN, referrer and ISP/ASN blockers',
      'Content protection and geolocation redirects',
      'Customer block lists, Fraud Protect and auto-cancel filters',
      'Firewall and CSV export',
      'Visitor logs kept 90 days',
    ],
  },
  payg: {
    id: 'payg',
    name: 'Pay-As-You-Go',
    price: 4.99,
    trialDays: 7,
    includedViews: 4000,
    pricePerThousand: 1,
    usageCap: 30,
    logRetentionHours: 30 * 24,
    maxIpEntries: null,
    features,
    highlights: [
      'Everything in Premium',
      '4,000 protected page views included',
      '$1.00 per further 1,000 page views, at most $30 a period',
      'Visitor logs kept 30 days',
    ],
  },
};

export function planIncludes(plan: PlanId, feature: Feature): boolean {
  return plans[plan].features.includes(feature);
}

/** A pro plan (the account's `pro` flag): Premium or Pay-As-You-Go. */
export function isProPlan(plan: PlanId): boolean {
  return plan !== 'free';
}

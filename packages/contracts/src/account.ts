// Account, session and dashboard calls, with their exact wire paths and shapes.
import { z } from 'zod';
import { cleanText } from './hygiene.js';
import { manifestName } from './list-blocker.js';
import { listBlockers } from './list-blockers.js';

export const accountInfo = z.object({
  id: z.string(),
  pro: z.boolean(),
  name: z.string(),
  shopName: z.string(),
  shopId: z.string(),
  email: z.string(),
  storeUrl: z.string(),
  domain: z.string(),
  /** The store's admin on the platform ("Back to"). */
  adminUrl: z.string(),
  /** Theme editor deep link that activates the Gatehouse app embed. */
  themeEditorUrl: z.string(),
  islegacyAccount: z.boolean(),
  isReviewLeft: z.boolean(),
  isThemeScopeEnabled: z.boolean(),
  extensionEnabled: z.boolean(),
  isShowWaf: z.boolean(),
  isAppDisabled: z.boolean(),
  isNew: z.boolean(),
  plan: z.enum(['free', 'premium', 'payg']),
  isPayg: z.boolean(),
  isAdminAccessEnabled: z.boolean(),
  isImpersonated: z.boolean(),
  /** Why this store cannot use the app (it is then sent to /notSupportStore), or null. */
  unsupportedReason: z.enum(['noOnlineStore', 'storeClosed']).nullable(),
  /**
   * Shopify refused to renew the store's offline token (revoked, expired): nothing Gatehouse
   * does on Shopify works until the merchant reconnects Gatehouse to Shopify by signing in again.
   */
  needsReconnect: z.boolean(),
  /** The store's plan on the platform, as the platform names it. */
  platformPlanName: z.string(),
});
export type AccountInfo = z.infer<typeof accountInfo>;
export type UnsupportedReason = NonNullable<AccountInfo['unsupportedReason']>;

/** `{id}` carrying a one-time token from the route (authDomain, personate). */
export const routeTokenRequest = z.object({
  id: z
    .string({ error: 'The sign-in link is missing its token.' })
    .min(1, 'The sign-in link is missing its token.')
    .max(200, 'The sign-in link is not valid.')
    .superRefine(cleanText('The sign-in link', false)),
});

export const authDomainResponse = z.object({ token: z.string(), isNew: z.boolean() });
export type AuthDomainResponse = z.infer<typeof authDomainResponse>;

export const extensionStatus = z.object({ isEnabled: z.boolean() });
export type ExtensionStatus = z.infer<typeof extensionStatus>;

export const notification = z.object({ id: z.string().nullable(), content: z.string().nullable() });
export type Notification = z.infer<typeof notification>;

export const markMessageReadRequest = z.object({
  id: z
    .string({ error: 'Please say which message to mark as read.' })
    .uuid('That message does not exist.'),
});

const DEVICE_KEY_MESSAGE = 'The Admin Access device key is not valid.';

/**
 * The random key an admin browser keeps (in its own storage) so the dashboard can tell whether
 * the Admin Access device marked from it is still marked: the storefront's own device token
 * lives on the store's domain, out of the admin's reach.
 */
export const adminDeviceKey = z
  .string({ error: DEVICE_KEY_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{22,128}$/, DEVICE_KEY_MESSAGE);

/** getAdminAccess: `device` is the asking browser's key; without it, no device is "this". */
export const adminAccessStatusRequest = z.object({ device: adminDeviceKey.optional() }).strict();

export const adminAccessResult = z.object({
  /** This browser is a marked device and Admin Access is in force: it bypasses every filter. */
  isAdminAccessMode: z.boolean(),
  /** Admin Access is turned on in General Settings and the plan includes it. */
  enabled: z.boolean(),
  /** Devices marked and not unmarked, this one included. */
  markedDevices: z.number(),
  /** This browser is one of the marked devices (whether or not Admin Access is in force). */
  thisDevice: z.boolean(),
});
export type AdminAccessStatus = z.infer<typeof adminAccessResult>;

export const armAdminAccessRequest = z.object({
  enabled: z.boolean({ error: 'Say whether Admin Access should be turned on or off.' }),
  /** The key of the browser that will open the storefront (adminDeviceKey). */
  device: adminDeviceKey.optional(),
});

export const reportRanges = [1, 3, 7, 30] as const;
export const dashboardDataRequest = z.object({
  days: z.coerce
    .number({ error: 'Report range must be 1, 3, 7 or 30 days.' })
    .refine(
      (d) => (reportRanges as readonly number[]).includes(d),
      'Report range must be 1, 3, 7 or 30 days.',
    )
    .default(1),
});

/** The dashboard data's own counts, in their order. */
export const dashboardDataCounters = [
  'blockLists',
  'fraudProtect',
  'asnBlocker',
  'ipBlocker',
  'regionBlocker',
  'vpn',
] as const;
type ListBlockerCounter = NonNullable<(typeof listBlockers)[number]['dashboardCounter']>;
/**
 * The dashboard's counts, one per blocker card: page views blocked (Fraud Protect: orders
 * cancelled). A blocker names the one its blocked visits count in; a blocker with a card of
 * its own names it in its manifest (the list blockers) or here, after the counts of the
 * dashboard's own data in their order.
 */
export const dashboardCounters = [
  ...dashboardDataCounters,
  ...listBlockers.flatMap((mf): ListBlockerCounter[] =>
    mf.dashboardCounter !== undefined &&
    !(dashboardDataCounters as readonly string[]).includes(mf.dashboardCounter)
      ? [mf.dashboardCounter]
      : [],
  ),
] as const;
export type DashboardCounter = (typeof dashboardCounters)[number];

/** A list blocker's dashboard count, as its manifest names it. */
export function listBlockerCounter(mf: {
  name: string;
  dashboardCounter?: string;
}): DashboardCounter | undefined {
  const counter = mf.dashboardCounter;
  return counter === undefined
    ? undefined
    : manifestName(mf, 'dashboard count', dashboardCounters, counter);
}

export const dashboardData = z.object({
  ...(Object.fromEntries(dashboardCounters.map((name) => [name, z.number()])) as Record<
    DashboardCounter,
    z.ZodNumber
  >),
  /** Protected page views in the current billing period. */
  usage: z.number(),
});
export type DashboardData = z.infer<typeof dashboardData>;

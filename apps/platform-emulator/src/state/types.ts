// The emulator's whole state as plain serialisable data: what gets written to the state file.
import type { CustomerRecord, InventoryRecord, OrderRecord } from './order-types.js';

export interface ThemeRecord {
  id: number;
  name: string;
  /** Shopify's GraphQL ThemeRole: MAIN is the published theme. */
  role: 'MAIN' | 'UNPUBLISHED' | 'DEVELOPMENT';
  createdAt: string;
  updatedAt: string;
  /** Theme files by key (`config/settings_data.json`), as text. */
  files: Record<string, string>;
}

export interface ShopRecord {
  id: number;
  domain: string;
  name: string;
  email: string;
  /** The customer-facing email (`contactEmail`); absent in older state: the owner's email. */
  contactEmail?: string;
  shopOwner: string;
  currency: string;
  timezone: string;
  countryCode: string;
  planDisplayName: string;
  /** A partner's development store (`shop.plan.partnerDevelopment`); absent in older state. */
  partnerDevelopment?: boolean;
  createdAt: string;
  updatedAt: string;
  themes: ThemeRecord[];
  /** The robots.txt a test set in place of the platform's default; absent: the default. */
  robotsTxt?: string;
}

export interface InstallationRecord {
  id: number;
  shop: string;
  accessToken: string;
  scopes: string[];
  installedAt: string;
  /** When the access token expires; absent or null: a non-expiring offline token. */
  accessTokenExpiresAt?: string | null;
  refreshToken?: string | null;
  refreshTokenExpiresAt?: string | null;
  /**
   * The refresh token used last, still accepted (answering the pair it gave) until the app
   * uses its replacement, for at most 30 days from its first use.
   */
  previousRefresh?: { token: string; firstUsedAt: string } | null;
  /**
   * The non-expiring token a migration replaced: a repeat of that migration within seven days
   * answers the same pair, until the pair is refreshed or replaced.
   */
  migratedFrom?: { token: string; at: string } | null;
  /** Grants answered for this installation, by kind, since it was installed. */
  grants?: {
    authorizationCode: number;
    refresh: number;
    migration: number;
    /** Session tokens exchanged (an embedded app's first loads). */
    sessionToken?: number;
  };
}

export interface AuthCodeRecord {
  code: string;
  shop: string;
  clientId: string;
  scopes: string[];
  redirectUri: string;
  expiresAt: number;
  used: boolean;
}

export interface WebhookSubscriptionRecord {
  id: number;
  shop: string;
  /** GraphQL enum form, e.g. APP_UNINSTALLED. */
  topic: string;
  callbackUrl: string;
  format: 'JSON' | 'XML';
  apiVersion: string;
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryAttempt {
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface DeliveryRecord {
  webhookId: string;
  eventId: string;
  shop: string;
  /** Header form, e.g. app/uninstalled. */
  topic: string;
  /** Null for a compliance topic, which goes to the app's configured address instead. */
  subscriptionId: number | null;
  callbackUrl: string;
  apiVersion: string;
  triggeredAt: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
}

/** Shopify's AppSubscriptionStatus (ACCEPTED is deprecated and never produced). */
export type AppSubscriptionStatus =
  'PENDING' | 'ACTIVE' | 'DECLINED' | 'EXPIRED' | 'FROZEN' | 'CANCELLED';

export type AppPricingInterval = 'EVERY_30_DAYS' | 'ANNUAL';

/** Money is kept in cents so that balances add up exactly. */
export interface RecurringLineItemRecord {
  kind: 'recurring';
  /** 0-based position in the subscription, the `index` of the line item's GID. */
  index: number;
  priceCents: number;
  currencyCode: string;
  interval: AppPricingInterval;
  discount: {
    /** Either a fixed amount off (cents) or a fraction off (0.1 = 10%). */
    amountCents: number | null;
    percentage: number | null;
    durationLimitInIntervals: number | null;
    remainingDurationInIntervals: number | null;
  } | null;
}

export interface UsageLineItemRecord {
  kind: 'usage';
  index: number;
  terms: string;
  cappedCents: number;
  currencyCode: string;
  /** Usage charged in the current period; back to 0 when the period moves on. */
  balanceUsedCents: number;
}

export type LineItemRecord = RecurringLineItemRecord | UsageLineItemRecord;

export interface AppSubscriptionRecord {
  id: number;
  shop: string;
  name: string;
  test: boolean;
  status: AppSubscriptionStatus;
  trialDays: number;
  returnUrl: string;
  replacementBehavior: string;
  createdAt: string;
  updatedAt: string;
  /** When the merchant approved it; null while PENDING or if never approved. */
  activatedAt: string | null;
  trialEndsOn: string | null;
  currentPeriodEnd: string | null;
  cancelledAt: string | null;
  lineItems: LineItemRecord[];
}

export interface AppUsageRecordRecord {
  id: number;
  shop: string;
  subscriptionId: number;
  lineItemIndex: number;
  description: string;
  priceCents: number;
  currencyCode: string;
  idempotencyKey: string | null;
  createdAt: string;
}

/** An app-data metafield: owned by the app's installation on one shop (ownerType API_PERMISSION). */
export interface AppMetafieldRecord {
  id: number;
  shop: string;
  installationId: number;
  namespace: string;
  key: string;
  /** One of the metafield types in metafields/metafield-types.ts. */
  type: string;
  /** Normalised string form, as the Admin API returns it. */
  value: string;
  /** The owner's GID when it is not the installation (a validation); absent for app data. */
  owner?: string;
  createdAt: string;
  updatedAt: string;
}

/** A cart and checkout validation the app created on the shop (validationCreate). */
export interface ValidationRecord {
  id: number;
  shop: string;
  /** The function's id (ShopifyFunction.id). */
  functionId: string;
  title: string;
  enabled: boolean;
  /** When the function fails, stop the checkout (true) or let it through (false). */
  blockOnFailure: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A script tag the app added through the Admin API; the storefront loads it after page load. */
export interface ScriptTagRecord {
  id: number;
  shop: string;
  src: string;
  displayScope: 'ONLINE_STORE' | 'ORDER_STATUS' | 'ALL';
  cache: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface EmulatorState {
  version: 1;
  nextId: number;
  shops: Record<string, ShopRecord>;
  installations: Record<string, InstallationRecord>;
  authCodes: Record<string, AuthCodeRecord>;
  webhookSubscriptions: WebhookSubscriptionRecord[];
  deliveries: DeliveryRecord[];
  appSubscriptions: AppSubscriptionRecord[];
  appUsageRecords: AppUsageRecordRecord[];
  appMetafields: AppMetafieldRecord[];
  /** Absent in state files written before script tags were emulated. */
  scriptTags?: ScriptTagRecord[];
  /** Absent in state files written before validations were emulated. */
  validations?: ValidationRecord[];
  orders: OrderRecord[];
  customers: CustomerRecord[];
  inventory: InventoryRecord;
}

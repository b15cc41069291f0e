// Wire shapes of the control endpoints (/_emulator/*), shared by the routes and the
// EmulatorControl client.
import type { AppSubscriptionStatus, DeliveryAttempt } from '../state/types.js';

export interface HealthView {
  status: 'ok';
  publicUrl: string;
  appUrl: string;
  shops: number;
}

export interface ShopStateView {
  shop: {
    id: number;
    domain: string;
    name: string;
    email: string;
    /** The customer-facing email. */
    contactEmail: string;
    currency: string;
    timezone: string;
    plan: string;
  };
  installation: {
    scopes: string[];
    accessToken: string;
    installedAt: string;
    /** Null for a non-expiring offline token. */
    accessTokenExpiresAt: string | null;
    refreshTokenExpiresAt: string | null;
    /** Token grants answered since install, by kind (a recovered answer counts too). */
    grants: {
      authorizationCode: number;
      refresh: number;
      migration: number;
      sessionToken?: number;
    };
  } | null;
  appEmbed: {
    handle: string;
    enabled: boolean;
    blockId: string | null;
    settings: Record<string, unknown>;
  }[];
  themes: { id: number; name: string; role: string; updatedAt: string }[];
  webhookSubscriptions: { id: number; topic: string; callbackUrl: string; apiVersion: string }[];
  appMetafields: { namespace: string; key: string; type: string; value: string }[];
  scriptTags: { id: number; src: string; displayScope: string }[];
}

export interface DeliveryView {
  webhookId: string;
  eventId: string;
  shop: string;
  topic: string;
  callbackUrl: string;
  apiVersion: string;
  triggeredAt: string;
  status: 'pending' | 'delivered' | 'failed';
  payload: unknown;
  attempts: DeliveryAttempt[];
}

export type SubscriptionLineItemView =
  | {
      id: string;
      kind: 'recurring';
      price: string;
      currencyCode: string;
      interval: 'EVERY_30_DAYS' | 'ANNUAL';
      discount: {
        amount: string | null;
        percentage: number | null;
        durationLimitInIntervals: number | null;
        remainingDurationInIntervals: number | null;
      } | null;
    }
  | {
      id: string;
      kind: 'usage';
      terms: string;
      cappedAmount: string;
      balanceUsed: string;
      currencyCode: string;
    };

export interface UsageRecordView {
  id: string;
  lineItemId: string;
  description: string;
  price: string;
  currencyCode: string;
  idempotencyKey: string | null;
  createdAt: string;
}

/** An app subscription as support sees it; amounts are decimal strings. */
export interface SubscriptionView {
  /** The numeric id: `charge_id` on the return URL and `:id` in the control paths. */
  id: number;
  gid: string;
  name: string;
  status: AppSubscriptionStatus;
  test: boolean;
  trialDays: number;
  trialEndsOn: string | null;
  returnUrl: string;
  confirmationUrl: string;
  replacementBehavior: string;
  createdAt: string;
  updatedAt: string;
  activatedAt: string | null;
  currentPeriodEnd: string | null;
  cancelledAt: string | null;
  lineItems: SubscriptionLineItemView[];
  usageRecords: UsageRecordView[];
}

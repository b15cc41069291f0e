// The emulator's whole state as plain serialisable data: what gets written to the state file.

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
  shopOwner: string;
  currency: string;
  timezone: string;
  countryCode: string;
  planDisplayName: string;
  createdAt: string;
  updatedAt: string;
  themes: ThemeRecord[];
}

export interface InstallationRecord {
  id: number;
  shop: string;
  accessToken: string;
  scopes: string[];
  installedAt: string;
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
  subscriptionId: number;
  callbackUrl: string;
  apiVersion: string;
  triggeredAt: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
}

export interface EmulatorState {
  version: 1;
  nextId: number;
  shops: Record<string, ShopRecord>;
  installations: Record<string, InstallationRecord>;
  authCodes: Record<string, AuthCodeRecord>;
  webhookSubscriptions: WebhookSubscriptionRecord[];
  deliveries: DeliveryRecord[];
}

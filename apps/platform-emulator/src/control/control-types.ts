// Wire shapes of the control endpoints (/_emulator/*), shared by the routes and the
// EmulatorControl client.
import type { DeliveryAttempt } from '../state/types.js';

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
    currency: string;
    timezone: string;
    plan: string;
  };
  installation: { scopes: string[]; accessToken: string; installedAt: string } | null;
  appEmbed: {
    handle: string;
    enabled: boolean;
    blockId: string | null;
    settings: Record<string, unknown>;
  }[];
  themes: { id: number; name: string; role: string; updatedAt: string }[];
  webhookSubscriptions: { id: number; topic: string; callbackUrl: string; apiVersion: string }[];
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

// Webhook deliveries as the platform makes them (signed with the app secret, its headers), and
// a bounded wait for a delivery to reach a status in the delivery log.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { webhookEvents, type WebhookEventRow } from '../../src/core/db/schema.js';
import { webhookHmac } from '../../src/core/platform/webhook-hmac.js';
import type { TestApp } from './test-app.js';

/**
 * The app's settings for a test of the webhook pipeline: two retries at once, one platform
 * attempt per call, workers polling twice a second.
 */
export const QUICK_RETRIES = {
  WEBHOOK_RETRY_LIMIT: '2',
  WEBHOOK_RETRY_DELAY_SECONDS: '0',
  PLATFORM_MAX_ATTEMPTS: '1',
  JOB_POLL_INTERVAL_SECONDS: '0.5',
};

export interface DeliverOptions {
  id?: string;
  body?: string;
  hmac?: string;
  omit?: string;
  headers?: Record<string, string>;
}

export function deliverWebhook(
  t: TestApp,
  topic: string,
  shop: string,
  options: DeliverOptions = {},
) {
  const body = options.body ?? JSON.stringify({ myshopify_domain: shop });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-shopify-hmac-sha256': options.hmac ?? webhookHmac(body, t.config.shopify.apiSecret),
    'x-shopify-topic': topic,
    'x-shopify-shop-domain': shop,
    'x-shopify-api-version': '2026-10',
    'x-shopify-webhook-id': options.id ?? randomUUID(),
    'x-shopify-triggered-at': new Date().toISOString(),
    ...options.headers,
  };
  if (options.omit) delete headers[options.omit];
  return t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: body });
}

export async function deliveryRow(t: TestApp, webhookId: string) {
  const [row] = await t.app.db
    .select()
    .from(webhookEvents)
    .where(eq(webhookEvents.webhookId, webhookId));
  return row;
}

/** Waits (at most timeoutMs) until the delivery has left `queued`; answers its row. */
export async function settled(
  t: TestApp,
  webhookId: string,
  timeoutMs = 15_000,
): Promise<WebhookEventRow> {
  await expect
    .poll(async () => (await deliveryRow(t, webhookId))?.status, {
      timeout: timeoutMs,
      interval: 50,
    })
    .toMatch(/^(processed|failed|ignored)$/);
  const row = await deliveryRow(t, webhookId);
  if (!row) throw new Error(`no delivery ${webhookId}`);
  return row;
}

// Webhook delivery as the platform does it: one POST per matching subscription, signed with the app
// secret; a non-2xx answer or a timeout is retried with exponential backoff, always with the same
// webhook id and body; every attempt is logged. A shop that installed the app gets the topics the
// app's configuration declares (app-specific subscriptions, in the configuration's API version)
// and those it subscribed to through the Admin API (shop-specific ones, each in its own version).
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { declaredTargets, type AppConfiguration } from '../app-config.js';
import { hasScope } from '../installations.js';
import type { EmulatorStore } from '../state/store.js';
import type { DeliveryRecord } from '../state/types.js';
import {
  COMPLIANCE_TOPICS,
  WEBHOOK_TOPICS,
  requiredScopeFor,
  type ComplianceTopic,
  type WebhookTopic,
} from './topics.js';
import { webhookHmac } from './webhook-hmac.js';

export interface DispatcherOptions {
  apiSecret: string;
  configuration: AppConfiguration;
  retryBaseMs: number;
  maxAttempts: number;
  timeoutMs: number;
  log: FastifyBaseLogger;
}

export class WebhookDispatcher {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly store: EmulatorStore,
    private readonly options: DispatcherOptions,
  ) {}

  /**
   * Queues one delivery per subscription of `shop` to `topic`; the app's declared ones count
   * while the app is installed on the shop with the scope the topic needs. Returns the queued
   * records.
   */
  trigger(shop: string, topic: WebhookTopic, payload: unknown): DeliveryRecord[] {
    const subscriptions = this.store.state.webhookSubscriptions.filter(
      (subscription) => subscription.shop === shop && subscription.topic === topic,
    );
    const installation = this.store.state.installations[shop];
    const scope = requiredScopeFor(topic);
    const declared =
      installation && (!scope || hasScope(installation.scopes, scope))
        ? this.declared(WEBHOOK_TOPICS[topic])
        : [];
    return this.queue(shop, WEBHOOK_TOPICS[topic], payload, [...declared, ...subscriptions]);
  }

  /** Queues a privacy topic to where the app's configuration sends it (`compliance_topics`). */
  triggerCompliance(shop: string, topic: ComplianceTopic, payload: unknown): DeliveryRecord[] {
    return this.queue(
      shop,
      COMPLIANCE_TOPICS[topic],
      payload,
      this.declared(COMPLIANCE_TOPICS[topic]),
    );
  }

  private declared(topic: string) {
    const { configuration } = this.options;
    return declaredTargets(configuration, topic).map((callbackUrl) => ({
      id: null,
      callbackUrl,
      apiVersion: configuration.webhooksApiVersion,
    }));
  }

  private queue(
    shop: string,
    topic: string,
    payload: unknown,
    targets: { id: number | null; callbackUrl: string; apiVersion: string }[],
  ): DeliveryRecord[] {
    if (targets.length === 0) return [];
    const body = JSON.stringify(payload);
    const triggeredAt = new Date().toISOString();
    const eventId = randomUUID();
    const records = targets.map((target): DeliveryRecord => ({
      webhookId: randomUUID(),
      eventId,
      shop,
      topic,
      subscriptionId: target.id,
      callbackUrl: target.callbackUrl,
      apiVersion: target.apiVersion,
      triggeredAt,
      body,
      status: 'pending',
      attempts: [],
    }));
    this.store.state.deliveries.push(...records);
    this.store.save();
    for (const record of records) this.schedule(record, 0);
    return records;
  }

  /** Drops every pending retry (on reset and on close); in-flight requests finish first. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stop();
  }

  private schedule(record: DeliveryRecord, delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const attempt = this.attempt(record).finally(() => this.inFlight.delete(attempt));
      this.inFlight.add(attempt);
    }, delayMs);
    this.timers.add(timer);
  }

  private async attempt(record: DeliveryRecord): Promise<void> {
    const started = Date.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(record.callbackUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Shopify-Captain-Hook',
          'X-Shopify-Hmac-Sha256': webhookHmac(this.options.apiSecret, record.body),
          'X-Shopify-Topic': record.topic,
          'X-Shopify-Shop-Domain': record.shop,
          'X-Shopify-API-Version': record.apiVersion,
          'X-Shopify-Webhook-Id': record.webhookId,
          'X-Shopify-Triggered-At': record.triggeredAt,
          'X-Shopify-Event-Id': record.eventId,
        },
        body: record.body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      statusCode = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (caught) {
      error =
        caught instanceof Error && caught.name === 'TimeoutError'
          ? `timed out after ${this.options.timeoutMs} ms`
          : caught instanceof Error
            ? caught.cause instanceof Error
              ? caught.cause.message
              : caught.message
            : String(caught);
    }
    record.attempts.push({
      at: new Date(started).toISOString(),
      statusCode,
      error,
      durationMs: Date.now() - started,
    });
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const attemptNumber = record.attempts.length;
    if (ok) record.status = 'delivered';
    else if (attemptNumber >= this.options.maxAttempts) record.status = 'failed';
    this.store.save();
    this.options.log.info(
      {
        webhookId: record.webhookId,
        topic: record.topic,
        shop: record.shop,
        attempt: attemptNumber,
        statusCode,
        error,
      },
      ok ? 'webhook delivered' : 'webhook delivery failed',
    );
    if (!ok && record.status === 'pending') {
      this.schedule(record, this.options.retryBaseMs * 2 ** (attemptNumber - 1));
    }
  }
}

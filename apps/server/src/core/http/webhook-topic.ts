// A handler of one platform webhook topic. The webhooks feature owns the endpoint, the
// delivery log and the job that runs handlers; a feature that owns another topic (billing:
// app_subscriptions/update; privacy: the compliance topics) hands its handler to the endpoint
// through the app layer. Handlers are safe to run twice (a job may be retried after it did
// its work). A payload that can never be processed throws WebhookPayloadError: the delivery is
// recorded failed with the reason and not retried. Any other error is retried with back-off.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

export interface WebhookDelivery {
  webhookId: string;
  topic: string;
  shopDomain: string;
  apiVersion: string;
  /** When the event happened on the platform (X-Shopify-Triggered-At), if it said. */
  triggeredAt: Date | null;
}

/** Answers what it did, for the delivery log (counts, a note), or nothing. */
export type TopicHandler = (
  app: FastifyInstance,
  shopDomain: string,
  body: Buffer,
  delivery: WebhookDelivery,
) => Promise<Record<string, unknown> | void>;

export class WebhookPayloadError extends Error {
  override name = 'WebhookPayloadError';
}

/** The body parsed as JSON and checked against the topic's schema, or a WebhookPayloadError. */
export function parseWebhookJson<S extends z.ZodType>(
  body: Buffer,
  schema: S,
  topic: string,
): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new WebhookPayloadError(`The ${topic} payload is not JSON.`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new WebhookPayloadError(
      `The ${topic} payload is not valid${where}: ${issue?.message ?? 'unexpected shape'}.`,
    );
  }
  return parsed.data as z.infer<S>;
}

/**
 * The topics of several features, for the endpoint. A topic more than one of them handles runs
 * each handler in turn (each is safe to run twice, so a retry after a later one failed is
 * harmless); the delivery log gets the first one's answer, with each later one's under its
 * feature's name.
 */
export function combineTopics(
  ...owners: [feature: string, topics: Record<string, TopicHandler>][]
): Record<string, TopicHandler> {
  const byTopic = new Map<string, [string, TopicHandler][]>();
  for (const [feature, topics] of owners) {
    for (const [topic, handler] of Object.entries(topics)) {
      byTopic.set(topic, [...(byTopic.get(topic) ?? []), [feature, handler]]);
    }
  }
  const combined: Record<string, TopicHandler> = {};
  for (const [topic, handlers] of byTopic) {
    if (handlers.length === 1) {
      combined[topic] = handlers[0]![1];
      continue;
    }
    combined[topic] = async (app, shopDomain, body, delivery) => {
      let outcome: Record<string, unknown> = {};
      for (const [i, [feature, handler]] of handlers.entries()) {
        const answer = (await handler(app, shopDomain, body, delivery)) ?? {};
        outcome = i === 0 ? { ...answer } : { ...outcome, [feature]: answer };
      }
      return outcome;
    };
  }
  return combined;
}

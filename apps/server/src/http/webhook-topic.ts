// A handler of one platform webhook topic. The webhooks feature owns the endpoint and its own
// topics; a feature that owns another topic (billing: app_subscriptions/update) hands its
// handler to the endpoint through the app layer. Handlers are safe to run twice.
import type { FastifyInstance } from 'fastify';

export type TopicHandler = (
  app: FastifyInstance,
  shopDomain: string,
  body: Buffer,
) => Promise<void>;

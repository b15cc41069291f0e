// The platform's key directory for the crawler signatures it makes, and the control call that
// makes one as the merchant's Create signature does (crawler-signer.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../context.js';
import { controlShop } from '../control/control-shop.js';
import { MAX_SIGNATURE_SECONDS } from './crawler-signer.js';

export const DIRECTORY_PATH = '/.well-known/http-message-signatures-directory';

const signatureBody = z.object({
  name: z.string().trim().min(1).max(255),
  /** A domain connected to the store: host, with a port when not the default one. */
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]([a-z0-9.-]{0,252})(:\d{1,5})?$/),
  ttlSeconds: z.number().int().min(60).max(MAX_SIGNATURE_SECONDS),
});

export async function crawlerAccessRoutes(app: FastifyInstance, context: EmulatorContext) {
  app.get(DIRECTORY_PATH, async (_request, reply) =>
    reply
      .type('application/http-message-signatures-directory+json')
      .header('cache-control', 'max-age=3600')
      .send(JSON.stringify(await context.crawlerSigner.publicKey())),
  );

  app.post('/_emulator/shops/:shop/crawler-signatures', async (request, reply) => {
    const shop = controlShop(context, (request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    const body = signatureBody.safeParse(request.body ?? {});
    if (!body.success) {
      return reply.code(400).send({
        error: `Expected {"name": "SEO audit", "domain": "shop.example.com", "ttlSeconds": 60 to ${MAX_SIGNATURE_SECONDS}}`,
      });
    }
    const { name, domain, ttlSeconds } = body.data;
    return reply.code(201).send(await context.crawlerSigner.mint(name, domain, ttlSeconds));
  });
}

// Control endpoints for the embedded app: a managed installation (what the app listing's
// Install does: the app's declared scopes, no OAuth redirect) and a session token minted as
// App Bridge would hand it to the app (optionally for another staff user or at another time,
// so tests can present an expired or not-yet-valid one).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../context.js';
import { mintSessionToken } from '../embedded/session-tokens.js';
import { installManaged } from '../installations.js';
import { isShopDomain } from '../shop-domain.js';
import { controlShop, notInstalled } from './control-shop.js';

const tokenBody = z
  .object({
    userId: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
    at: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

export async function embeddedControlRoutes(app: FastifyInstance, context: EmulatorContext) {
  app.post('/_emulator/shops/:shop/managed-install', async (request, reply) => {
    // A merchant of any shop may install from the listing: the shop is made on the fly.
    const domain = (request.params as { shop: string }).shop;
    if (!isShopDomain(domain)) return reply.code(404).send({ error: `No shop ${domain}` });
    const installation = installManaged(context, context.store.ensureShop(domain).domain);
    return { scopes: installation.scopes };
  });

  app.post('/_emulator/shops/:shop/session-token', async (request, reply) => {
    const shop = controlShop(context, (request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    const body = tokenBody.safeParse(request.body ?? {});
    if (!body.success) {
      return reply
        .code(400)
        .send({ error: 'Expected {"userId"?: "42", "at"?: "2027-01-02T00:00:00Z"}' });
    }
    if (!context.store.state.installations[shop.domain]) return notInstalled(context, reply);
    const token = await mintSessionToken(context, shop.domain, {
      ...(body.data.userId ? { userId: body.data.userId } : {}),
      ...(body.data.at ? { at: Date.parse(body.data.at) } : {}),
    });
    return { token };
  });
}

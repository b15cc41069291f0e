// Control endpoints for offline tokens: the platform's clock and the cutoff for non-expiring
// tokens (so a test can be "January 2, 2027" or "an hour later"), a non-expiring token for an
// installed shop (as an app that installed before expiring tokens holds), and a revoked grant
// (every token of the shop refused from then on).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmulatorContext } from '../context.js';
import { issueTokens } from '../oauth/offline-tokens.js';
import { controlShop, notInstalled } from './control-shop.js';

const instant = z.iso.datetime({ offset: true }).nullable();
const clockBody = z.object({ now: instant });
const cutoffBody = z.object({ cutoff: instant });

export async function tokenControlRoutes(app: FastifyInstance, context: EmulatorContext) {
  app.get('/_emulator/tokens', async () => context.tokens.view());

  app.post('/_emulator/clock', async (request, reply) => {
    const body = clockBody.safeParse(request.body);
    if (!body.success) {
      return reply
        .code(400)
        .send({ error: 'Expected {"now": "2027-01-02T00:00:00Z"} or {"now": null}' });
    }
    context.tokens.setNow(body.data.now);
    return context.tokens.view();
  });

  app.post('/_emulator/token-cutoff', async (request, reply) => {
    const body = cutoffBody.safeParse(request.body);
    if (!body.success) {
      return reply
        .code(400)
        .send({ error: 'Expected {"cutoff": "2027-01-01T00:00:00Z"} or {"cutoff": null}' });
    }
    context.tokens.setCutoff(body.data.cutoff);
    return context.tokens.view();
  });

  app.post('/_emulator/shops/:shop/non-expiring-token', async (request, reply) => {
    const shop = controlShop(context, (request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    const installation = context.store.state.installations[shop.domain];
    if (!installation) return notInstalled(context, reply);
    issueTokens(context, installation, false);
    context.store.save();
    return { accessToken: installation.accessToken };
  });

  app.post('/_emulator/shops/:shop/revoke-tokens', async (request, reply) => {
    const shop = controlShop(context, (request.params as { shop: string }).shop, reply);
    if (!shop) return reply;
    const installation = context.store.state.installations[shop.domain];
    if (!installation) return notInstalled(context, reply);
    // New tokens no one holds: the app's access and refresh tokens are refused from now on.
    issueTokens(context, installation, true);
    context.store.save();
    return { revoked: true };
  });
}

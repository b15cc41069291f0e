// POST /shops/:shop/admin/oauth/access_token: trades a one-time code for an offline access token,
// which installs the app on the shop with the granted scopes.
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { installApp } from '../installations.js';
import { shopParam } from '../shop-scope.js';

const INVALID_CLIENT = {
  error: 'invalid_client',
  error_description: 'Client credentials are invalid',
};
const INVALID_CODE = {
  error: 'invalid_request',
  error_description: 'The authorization code was not found or was already used',
};

export async function accessTokenRoutes(app: FastifyInstance, context: EmulatorContext) {
  app.post('/admin/oauth/access_token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
    if (
      text('client_id') !== context.app.clientId ||
      text('client_secret') !== context.app.clientSecret
    ) {
      return reply.code(400).send(INVALID_CLIENT);
    }
    if (body.grant_type !== undefined) {
      // Token exchange and refresh grants belong to embedded apps; this platform only
      // issues non-expiring offline tokens through the authorization-code grant.
      return reply.code(400).send({
        error: 'unsupported_grant_type',
        error_description: 'Only the authorization code grant is available on this platform',
      });
    }
    const shop = shopParam(request);
    const grant = context.store.state.authCodes[text('code')];
    if (!grant || grant.used || grant.shop !== shop || grant.expiresAt < Date.now()) {
      return reply.code(400).send(INVALID_CODE);
    }
    grant.used = true;
    context.store.save();
    const installation = installApp(context, shop, grant.scopes);
    return reply.send({
      access_token: installation.accessToken,
      scope: installation.scopes.join(','),
    });
  });
}

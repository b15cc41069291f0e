// POST /shops/:shop/admin/oauth/access_token, the platform's token endpoint: trades a one-time
// code for an offline token (an expiring pair with `expiring=1`), which installs the app on the
// shop with the granted scopes; rotates an expiring pair (the refresh_token grant); migrates a
// non-expiring token to an expiring pair (token exchange); exchanges an embedded app's session
// token for the installation's offline token (token exchange, after a managed installation).
// See offline-tokens.ts and embedded/session-token-exchange.ts.
import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.js';
import { installApp } from '../installations.js';
import { ID_TOKEN_TYPE } from '../embedded/session-tokens.js';
import { sessionTokenGrant } from '../embedded/session-token-exchange.js';
import { shopParam } from '../shop-scope.js';
import {
  countCodeGrant,
  INVALID_GRANT,
  migrationGrant,
  OFFLINE_TOKEN_TYPE,
  refreshGrant,
  TOKEN_EXCHANGE_GRANT,
  tokenAnswer,
} from './offline-tokens.js';

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
    const text = (key: string) =>
      typeof body[key] === 'string' || typeof body[key] === 'number' ? String(body[key]) : '';
    if (
      text('client_id') !== context.app.clientId ||
      text('client_secret') !== context.app.clientSecret
    ) {
      return reply.code(400).send(INVALID_CLIENT);
    }
    const shop = shopParam(request);
    const installation = context.store.state.installations[shop];
    const grantType = text('grant_type');
    if (grantType === 'refresh_token') {
      const answer = refreshGrant(context, installation, text('refresh_token'));
      return answer
        ? reply.send(answer)
        : reply.code(400).send(INVALID_GRANT('The refresh token is invalid, expired or revoked'));
    }
    if (grantType === TOKEN_EXCHANGE_GRANT && text('subject_token_type') === ID_TOKEN_TYPE) {
      const answer = await sessionTokenGrant(context, shop, installation, text);
      return reply.code(answer.status).send(answer.body);
    }
    if (grantType === TOKEN_EXCHANGE_GRANT) {
      if (
        text('subject_token_type') !== OFFLINE_TOKEN_TYPE ||
        text('requested_token_type') !== OFFLINE_TOKEN_TYPE ||
        text('expiring') !== '1'
      ) {
        return reply.code(400).send({
          error: 'invalid_request',
          error_description: `A token exchange takes a session token (subject_token_type ${ID_TOKEN_TYPE}) or migrates a non-expiring offline token (subject_token_type and requested_token_type ${OFFLINE_TOKEN_TYPE}, expiring=1)`,
        });
      }
      const answer = migrationGrant(context, installation, text('subject_token'));
      return answer
        ? reply.send(answer)
        : reply
            .code(400)
            .send(
              INVALID_GRANT('The subject token is not a non-expiring token this app can migrate'),
            );
    }
    if (grantType !== '' && grantType !== 'authorization_code') {
      return reply.code(400).send({
        error: 'unsupported_grant_type',
        error_description: `The grant type ${grantType} is not available on this platform`,
      });
    }
    const grant = context.store.state.authCodes[text('code')];
    if (!grant || grant.used || grant.shop !== shop || grant.expiresAt < Date.now()) {
      return reply.code(400).send(INVALID_CODE);
    }
    grant.used = true;
    const installed = installApp(context, shop, grant.scopes, text('expiring') === '1');
    countCodeGrant(installed);
    context.store.save();
    return reply.send(tokenAnswer(context, installed));
  });
}

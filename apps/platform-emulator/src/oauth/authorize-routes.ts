// GET/POST /shops/:shop/admin/oauth/authorize: validates the app's request, shows the consent page
// (or skips it when the app already has every requested scope), and on Install redirects to the
// app's redirect_uri with a signed one-time code.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { shopUrl, type EmulatorContext } from '../context.js';
import { oauthErrorPage } from '../html/admin-layout.js';
import { hasAllScopes } from '../installations.js';
import { shopParam } from '../shop-scope.js';
import { consentPage, type AuthorizeRequest } from './consent-page.js';
import { queryHmac } from './query-hmac.js';
import { isValidScope, parseScopes } from './scopes.js';

/** Authorization codes are good for ten minutes, once. */
export const AUTH_CODE_TTL_MS = 10 * 60 * 1000;

type Params = Record<string, string | string[] | undefined>;

function single(params: Params, key: string): string | undefined {
  const value = params[key];
  return Array.isArray(value) ? value[0] : value;
}

function validate(
  context: EmulatorContext,
  params: Params,
): { ok: true; request: AuthorizeRequest } | { ok: false; error: string; description: string } {
  const clientId = single(params, 'client_id');
  if (clientId !== context.app.clientId) {
    return { ok: false, error: 'invalid_request', description: 'The client_id is invalid' };
  }
  const redirectUri = single(params, 'redirect_uri') ?? context.app.redirectUrls[0] ?? '';
  if (!context.app.redirectUrls.includes(redirectUri)) {
    return {
      ok: false,
      error: 'invalid_request',
      description: 'The redirect_uri is not whitelisted',
    };
  }
  const scopes = parseScopes(single(params, 'scope'));
  const badScope = scopes.find((scope) => !isValidScope(scope));
  if (badScope !== undefined) {
    return {
      ok: false,
      error: 'invalid_scope',
      description: `The access scope is invalid: ${badScope}`,
    };
  }
  const grantOptions = single(params, 'grant_options[]') ?? '';
  if (grantOptions !== '' && grantOptions !== 'per-user') {
    return { ok: false, error: 'invalid_request', description: 'The grant_options are invalid' };
  }
  return {
    ok: true,
    request: { clientId, scopes, redirectUri, state: single(params, 'state'), grantOptions },
  };
}

/** Mints the one-time code and sends the merchant back to the app, signed by queryHmac. */
function approve(
  context: EmulatorContext,
  reply: FastifyReply,
  shop: string,
  request: AuthorizeRequest,
) {
  const code = randomBytes(16).toString('hex');
  context.store.state.authCodes[code] = {
    code,
    shop,
    clientId: request.clientId,
    scopes: request.scopes,
    redirectUri: request.redirectUri,
    expiresAt: Date.now() + AUTH_CODE_TTL_MS,
    used: false,
  };
  for (const [key, grant] of Object.entries(context.store.state.authCodes)) {
    if (grant.expiresAt < Date.now()) delete context.store.state.authCodes[key];
  }
  context.store.save();
  const params: Record<string, string> = {
    code,
    host: Buffer.from(`${shop}/admin`).toString('base64'),
    shop,
    ...(request.state !== undefined ? { state: request.state } : {}),
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  const target = new URL(request.redirectUri);
  for (const [key, value] of Object.entries({
    ...params,
    hmac: queryHmac(context.app.clientSecret, params),
  })) {
    target.searchParams.set(key, value);
  }
  return reply.redirect(target.toString(), 302);
}

export async function authorizeRoutes(app: FastifyInstance, context: EmulatorContext) {
  const errorReply = (reply: FastifyReply, error: string, description: string) =>
    reply.code(400).type('text/html; charset=utf-8').send(oauthErrorPage(error, description));

  app.get('/admin/oauth/authorize', async (request, reply) => {
    const checked = validate(context, request.query as Params);
    if (!checked.ok) return errorReply(reply, checked.error, checked.description);
    const domain = shopParam(request);
    const shop = context.store.ensureShop(domain);
    const installation = context.store.state.installations[domain];
    if (installation && hasAllScopes(installation.scopes, checked.request.scopes)) {
      return approve(context, reply, domain, checked.request);
    }
    const actionUrl = shopUrl(context, domain, '/admin/oauth/authorize');
    return reply
      .type('text/html; charset=utf-8')
      .send(consentPage(context.app, shop, checked.request, actionUrl));
  });

  app.post('/admin/oauth/authorize', async (request, reply) => {
    const form = (request.body ?? {}) as Params;
    const checked = validate(context, form);
    if (!checked.ok) return errorReply(reply, checked.error, checked.description);
    const domain = shopParam(request);
    context.store.ensureShop(domain);
    if (single(form, 'decision') !== 'install') {
      return reply.redirect(shopUrl(context, domain, '/admin'), 302);
    }
    return approve(context, reply, domain, checked.request);
  });
}

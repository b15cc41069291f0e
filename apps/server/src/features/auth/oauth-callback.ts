// GET /api/auth/callback: where the platform sends the merchant after approving the app.
// Verifies HMAC, timestamp and state, exchanges the code, records the shop (its webhooks are
// the app's configuration's, so none is registered here), sends the post-install job (the storefront's settings are written there, so
// sign-in never waits for them) and hands the browser a one-time login link. A refused
// callback gets a plain 400 page with a readable reason (for a platform failure: whether
// Shopify was slow, unreachable, busy or said no) and a way back to sign-in; no internals.
import { isShopDomain } from '@gatehouse/contracts';
import { escapeHtml } from '@gatehouse/html';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PlatformError } from '../../core/platform/platform-error.js';
import { afterInstall, installShop } from './install-shop.js';
import { mintLoginToken, spendOAuthState } from '../../core/sessions/one-time-tokens.js';

export const callbackFailures = {
  unverified: 'This sign-in request could not be verified. Please sign in again.',
  state: 'This sign-in request has expired or was already used. Please sign in again.',
  platform: 'Shopify did not complete the sign-in. Please try again in a moment.',
  /** What the callback was doing when the platform failed, for the message saying why. */
  task: 'finish signing you in',
} as const;

function failurePage(reply: FastifyReply, appUrl: string, message: string) {
  return reply
    .status(400)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in failed · Gatehouse</title>` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#303030">` +
        `<h1 style="font-size:1.25rem">Sign-in failed</h1><p>${escapeHtml(message)}</p>` +
        `<p><a href="${escapeHtml(appUrl)}/login">Back to sign-in</a></p></body></html>`,
    );
}

export function registerOAuthCallback(app: FastifyInstance): void {
  app.get('/api/auth/callback', async (request, reply) => {
    // The code exchange and the shop's details share one deadline, started with
    // the request: the merchant waits for one call's budget at most, whatever the platform does.
    const deadline = app.platform.flowDeadline();
    const { appUrl } = app.config;
    const query = request.query as Record<string, string | string[]>;
    const single = (key: string) => (typeof query[key] === 'string' ? query[key] : '');
    const shop = single('shop');
    const state = single('state');
    const code = single('code');
    if (!isShopDomain(shop) || !state || !code || !single('hmac') || !single('timestamp')) {
      return failurePage(reply, appUrl, callbackFailures.unverified);
    }
    if (!(await app.platform.isSignedQuery(query))) {
      return failurePage(reply, appUrl, callbackFailures.unverified);
    }
    if (!(await spendOAuthState(app.db, state, shop))) {
      return failurePage(reply, appUrl, callbackFailures.state);
    }
    let installed;
    try {
      const grant = await app.platform.exchangeCode(shop, code, { deadline });
      const details = await app.platform.fetchShop(shop, grant.accessToken, { deadline });
      installed = await installShop(app, shop, grant, details);
    } catch (error) {
      request.log.error({ err: error, shop }, 'OAuth callback failed');
      const message =
        error instanceof PlatformError
          ? error.messageFor(callbackFailures.task)
          : callbackFailures.platform;
      return failurePage(reply, appUrl, message);
    }
    await afterInstall(app, installed, request.log);
    const token = await mintLoginToken(app.db, installed.shop.id);
    return reply.redirect(`${appUrl}/loginComplete/${token}`, 302);
  });
}

// Sign-in calls: spfLogin answers the platform's authorize
// URL, the OAuth callback mints a one-time login link, authDomain and personate turn one-time
// links into sessions, logout revokes the session.
import { api, normalizeShopDomain, loginDomainMessages } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { audit } from '../../core/audit.js';
import { shops } from '../../core/db/schema.js';
import { badRequest, messages } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { newOAuthState } from '../../core/platform/platform-client.js';
import { registerOAuthCallback } from './oauth-callback.js';
import {
  spendLoginToken,
  spendPersonateToken,
  storeOAuthState,
} from '../../core/sessions/one-time-tokens.js';
import { accessChanged } from '../../core/sessions/access-changes.js';
import { createSession, revokeSession } from '../../core/sessions/sessions.js';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const signInLimit = {
    rateLimit: { max: app.config.rateLimit.signInPerMinute, timeWindow: '1 minute' },
  };

  route(
    app,
    api.spfLogin,
    async ({ domain }) => {
      const shop = normalizeShopDomain(domain);
      if (!shop) throw badRequest(loginDomainMessages.invalid);
      const state = newOAuthState();
      await storeOAuthState(app.db, state, shop);
      return app.platform.authorizeUrl(shop, state);
    },
    { config: signInLimit },
  );

  registerOAuthCallback(app);

  route(
    app,
    api.authDomain,
    async ({ id }) => {
      const shopId = await spendLoginToken(app.db, id);
      if (!shopId) throw badRequest(messages.loginLinkExpired);
      const [shop] = await app.db.select().from(shops).where(eq(shops.id, shopId));
      if (!shop || shop.uninstalledAt) throw badRequest(messages.loginLinkExpired);
      const token = await createSession(app.db, shopId, false);
      await audit(app.db, { shopId, actor: 'merchant', action: 'session.signed_in' });
      return { token, isNew: shop.isNew };
    },
    { config: signInLimit },
  );

  route(
    app,
    api.personate,
    async ({ id }) => {
      const spent = await spendPersonateToken(app.db, id);
      if (!spent) throw badRequest(messages.personateLinkInvalid);
      const [shop] = await app.db.select().from(shops).where(eq(shops.id, spent.shopId));
      if (!shop || shop.uninstalledAt) throw badRequest(messages.personateLinkInvalid);
      const token = await createSession(app.db, spent.shopId, true);
      await audit(app.db, {
        shopId: spent.shopId,
        actor: 'support',
        impersonated: true,
        action: 'personate.session_started',
        detail: { createdBy: spent.createdBy },
      });
      return token;
    },
    { config: signInLimit },
  );

  route(
    app,
    api.logout,
    async (_input, { session }) => {
      // A session token is not stored: inside the platform's admin there is nothing to end.
      if (session.sessionId) await revokeSession(app.db, session.sessionId);
      await accessChanged(app.notify, app.log, session.shopId);
      return true;
    },
    { mutates: true },
  );
}

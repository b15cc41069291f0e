// Bearer-token authentication: `Authorization: bearer <token>` (any case of "bearer") names
// either a live session of our own (signed in through /login or a personate link) or, inside the
// platform's admin, a session token App Bridge minted for a staff user of an installed shop.
// A shop the platform installed without OAuth (a managed installation) is installed here on its
// first session token, through the installer the app layer hands over. Anything else is a 401.
// request.session carries the shop.
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.js';
import { looksLikeSessionToken } from '../platform/session-token.js';
import { findSession, type RequestSession } from '../sessions/sessions.js';
import { installedShopId } from '../shops.js';

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<RequestSession>;
    /** The installed shop a platform session token names (installed on its first token). */
    sessionTokenShop: (token: string) => Promise<SessionTokenShop | null>;
  }
  interface FastifyRequest {
    session: RequestSession | null;
  }
}

/** Installs a shop from a verified session token; answers the shop's id, or null when it failed. */
export type SessionTokenInstaller = (shop: string, sessionToken: string) => Promise<string | null>;

export interface SessionTokenShop {
  shop: string;
  shopId: string;
  staffUserId: string;
}

export interface AuthOptions {
  installFromSessionToken?: SessionTokenInstaller;
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

export const authPlugin = fp<AuthOptions>(
  async (app, options) => {
    /** The installed shop's id for a session token's shop, installing it on its first token. */
    /** The installed shop's id for a session token's shop, installing it on its first token. */
    async function shopIdOf(shop: string, token: string): Promise<string | null> {
      const installed = await installedShopId(app.db, shop);
      if (installed) return installed;
      return options.installFromSessionToken ? options.installFromSessionToken(shop, token) : null;
    }

    async function sessionTokenShop(token: string): Promise<SessionTokenShop | null> {
      const claims = await app.platform.verifySessionToken(token);
      if (!claims) return null;
      const shopId = await shopIdOf(claims.shop, token);
      return shopId ? { ...claims, shopId } : null;
    }

    async function sessionOf(token: string): Promise<RequestSession | null> {
      if (!looksLikeSessionToken(token)) {
        return token.length > 200 ? null : findSession(app.db, token);
      }
      const found = await sessionTokenShop(token);
      if (!found) return null;
      return {
        sessionId: null,
        shopId: found.shopId,
        impersonated: false,
        staffUserId: found.staffUserId,
      };
    }

    app.decorate('sessionTokenShop', sessionTokenShop);
    app.decorateRequest('session', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      const session = token ? await sessionOf(token) : null;
      if (!session) throw unauthorized();
      request.session = session;
      return session;
    });
  },
  { name: 'auth', dependencies: ['db', 'platform'] },
);

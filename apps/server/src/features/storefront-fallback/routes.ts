// The merchant's call about the fallback: whether the store carries the app's script tag, so
// the admin can say plainly what the store gets while the app embed is off.
import { api } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest, messages } from '../../errors.js';
import { route } from '../../http/route.js';
import { PlatformError } from '../../platform/platform-error.js';
import { shopOfSession } from '../../shops.js';
import { allowsScriptTags, hasScriptTag } from './script-tag.js';

export async function storefrontFallbackAdminRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.getStorefrontFallback, async (_input, { session, request }) => {
    const shop = await shopOfSession(app.db, session);
    const allowed = allowsScriptTags(shop);
    const token = app.tokens.accessTokenOf(shop);
    if (!allowed || !token) return { scriptTag: false, allowed };
    try {
      return { scriptTag: await hasScriptTag(app, shop, token), allowed };
    } catch (error) {
      request.log.warn({ err: error, shop: shop.domain }, 'reading the script tags failed');
      throw badRequest(
        error instanceof PlatformError
          ? error.messageFor("check your store's script tags")
          : messages.platformUnavailable,
      );
    }
  });
}

// Account calls: account info, the app-embed status read from the live theme,
// and the footer banner's "Do not show again". (Whether the firewall is connected is the
// firewall feature's call.)
import { api } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shops } from '../../core/db/schema.js';
import { badRequest, messages } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { PlatformError } from '../../core/platform/platform-error.js';
import { hasThemeScope, shopOfSession } from '../../core/shops.js';
import { accountInfoOf } from './account-info.js';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.getAccountInfo, async (_input, { session }) => {
    const shop = await shopOfSession(app.db, session);
    return accountInfoOf(shop, {
      platformUrl: app.platform.platformUrl,
      apiKey: app.config.shopify.apiKey,
      impersonated: session.impersonated,
    });
  });

  route(app, api.getExtensionEnabned, async (_input, { session, request }) => {
    const shop = await shopOfSession(app.db, session);
    // Without a theme scope the platform would refuse; the admin hides the bar then anyway.
    if (!hasThemeScope(shop)) return { isEnabled: false };
    const token = app.tokens.accessTokenOf(shop);
    if (!token) return { isEnabled: false };
    try {
      return { isEnabled: await app.platform.readAppEmbedState(shop.domain, token) };
    } catch (error) {
      request.log.warn({ err: error, shop: shop.domain }, 'reading the app embed failed');
      // Why it failed (slow, unreachable, busy, refused) decides what the merchant can do.
      throw badRequest(
        error instanceof PlatformError
          ? error.messageFor('check your theme for the Gatehouse app embed')
          : messages.platformUnavailable,
      );
    }
  });

  route(
    app,
    api.setExtensionEnabled,
    async (_input, { session }) => {
      await app.db
        .update(shops)
        .set({ extensionEnabled: true, updatedAt: new Date() })
        .where(eq(shops.id, session.shopId));
      return true;
    },
    { mutates: true },
  );
}

// The platform client (Shopify or the emulator) and the access-token cipher, as app.platform
// and app.tokens: routes never build platform URLs or touch raw tokens themselves.
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { createTokenCipher } from '../crypto/token-cipher.js';
import { shops, type Shop } from '../db/schema.js';
import { createPlatformClient, type PlatformClient } from '../platform/platform-client.js';

export interface ShopTokens {
  /** Encrypts a token into the shop-row columns. */
  sealed(
    token: string,
    shopDomain: string,
  ): Pick<Shop, 'accessTokenIv' | 'accessTokenTag' | 'accessTokenCiphertext'>;
  /** The shop's access token in clear, or null when it has none (uninstalled). */
  accessTokenOf(shop: Shop): string | null;
  forShopId(shopId: string): Promise<{ shop: Shop; token: string | null } | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: PlatformClient;
    tokens: ShopTokens;
  }
}

export const platformPlugin = fp(
  async (app) => {
    const cipher = createTokenCipher(app.config.appSecret);
    app.decorate('platform', createPlatformClient(app.config, app.log));
    const tokens: ShopTokens = {
      sealed(token, shopDomain) {
        const s = cipher.seal(token, shopDomain);
        return { accessTokenIv: s.iv, accessTokenTag: s.tag, accessTokenCiphertext: s.ciphertext };
      },
      accessTokenOf(shop) {
        if (!shop.accessTokenIv || !shop.accessTokenTag || !shop.accessTokenCiphertext) return null;
        return cipher.open(
          {
            iv: shop.accessTokenIv,
            tag: shop.accessTokenTag,
            ciphertext: shop.accessTokenCiphertext,
          },
          shop.domain,
        );
      },
      async forShopId(shopId) {
        const [shop] = await app.db.select().from(shops).where(eq(shops.id, shopId));
        return shop ? { shop, token: tokens.accessTokenOf(shop) } : null;
      },
    };
    app.decorate('tokens', tokens);
  },
  { name: 'platform', dependencies: ['config', 'db'] },
);

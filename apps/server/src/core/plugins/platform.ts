// The platform client (Shopify or the emulator) and the shops' offline tokens, as app.platform
// and app.tokens: routes never build platform URLs or touch raw tokens themselves. Every token a
// caller reads here is handed to the token keeper, which refreshes it before it expires and
// renews it after a 401 (tokens/offline-token-keeper.ts).
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { createTokenCipher } from '../crypto/token-cipher.js';
import { shops, type Shop } from '../db/schema.js';
import type { OfflineGrant } from '../platform/offline-token-grants.js';
import { createPlatformClient, type PlatformClient } from '../platform/platform-client.js';
import {
  createOfflineTokenKeeper,
  type MigrationOutcome,
  type UpkeepOutcome,
} from '../tokens/offline-token-keeper.js';
import { createTokenColumns, type TokenColumns } from '../tokens/token-columns.js';

export interface ShopTokens {
  /** Encrypts a granted token (and its refresh token) into the shop-row columns. */
  sealed(grant: OfflineGrant, shopDomain: string): TokenColumns;
  /** The shop's access token in clear, or null when it has none (uninstalled). */
  accessTokenOf(shop: Shop): string | null;
  forShopId(shopId: string): Promise<{ shop: Shop; token: string | null } | null>;
  /** Migrates the shop's non-expiring token to an expiring pair, if it still has one. */
  migrate(shopDomain: string): Promise<MigrationOutcome>;
  /** Refreshes the shop's pair if its refresh token expires before `before` (an idle shop). */
  refreshAging(shopDomain: string, before: Date): Promise<UpkeepOutcome>;
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: PlatformClient;
    tokens: ShopTokens;
  }
}

export const platformPlugin = fp(
  async (app) => {
    const columns = createTokenColumns(createTokenCipher(app.config.appSecret));
    const platform = createPlatformClient(app.config, app.log);
    const keeper = createOfflineTokenKeeper({ db: app.db, platform, columns, log: app.log });
    platform.useTokenKeeper(keeper);
    app.decorate('platform', platform);
    const tokens: ShopTokens = {
      sealed: (grant, shopDomain) => columns.sealGrant(grant, shopDomain),
      accessTokenOf(shop) {
        const stored = columns.open(shop);
        if (!stored) return null;
        keeper.remember(shop, stored.accessToken);
        return stored.accessToken;
      },
      async forShopId(shopId) {
        const [shop] = await app.db.select().from(shops).where(eq(shops.id, shopId));
        return shop ? { shop, token: tokens.accessTokenOf(shop) } : null;
      },
      migrate: (shopDomain) => keeper.migrate(shopDomain),
      refreshAging: (shopDomain, before) => keeper.refreshAging(shopDomain, before),
    };
    app.decorate('tokens', tokens);
  },
  { name: 'platform', dependencies: ['config', 'db'] },
);

// What `support show` prints about a shop: identity, install state, its offline token (expiring
// or not, when it and its refresh token expire, since when it is dead) and every flag.
import type { Shop } from '../../db/schema.js';

export function shopSummary(shop: Shop) {
  return {
    domain: shop.domain,
    name: shop.name,
    email: shop.email,
    shopifyShopId: shop.shopifyShopId,
    installedAt: shop.installedAt.toISOString(),
    uninstalledAt: shop.uninstalledAt?.toISOString() ?? null,
    scopes: shop.grantedScopes,
    plan: shop.plan,
    isNew: shop.isNew,
    isShowWaf: shop.isShowWaf,
    isAppDisabled: shop.isAppDisabled,
    islegacyAccount: shop.isLegacyAccount,
    isReviewLeft: shop.isReviewLeft,
    extensionEnabled: shop.extensionEnabled,
    adminAccess: shop.adminAccessEnabled,
    adminAccessMode: shop.adminAccessMode,
    wafConnected: shop.wafConnected,
    tokenState: shop.accessTokenCiphertext ? shop.tokenState : 'none (uninstalled)',
    tokenExpiresAt: shop.accessTokenExpiresAt?.toISOString() ?? null,
    refreshTokenExpiresAt: shop.refreshTokenExpiresAt?.toISOString() ?? null,
    tokenDeadSince: shop.tokenDeadSince?.toISOString() ?? null,
  };
}
export type ShopSummary = ReturnType<typeof shopSummary>;

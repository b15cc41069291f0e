// What `support show` prints about a shop: identity, install state, every flag, the Admin
// API version its platform calls are answered with, and its offline token (expiring or not,
// when it and its refresh token expire, since when it is dead).
import type { Shop } from '../../core/db/schema.js';

/** `apiVersion`: the version in use, or how Shopify's answers differ from the version asked. */
export function shopSummary(shop: Shop, apiVersion: string) {
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
    apiVersion,
  };
}
export type ShopSummary = ReturnType<typeof shopSummary>;

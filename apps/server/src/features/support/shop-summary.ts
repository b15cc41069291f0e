// What `support show` prints about a shop: identity, install state and every flag.
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
  };
}
export type ShopSummary = ReturnType<typeof shopSummary>;

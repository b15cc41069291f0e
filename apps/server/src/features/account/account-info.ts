// getAccountInfo's answer, built from the shop row and the platform's addresses.
import type { AccountInfo } from '@gatehouse/contracts';
import type { Shop } from '../../core/db/schema.js';
import type { PlatformUrl } from '../../core/platform/platform-url.js';
import { hasThemeScope } from '../../core/shops.js';
import { APP_EMBED_HANDLE } from '../../core/platform/app-embed.js';
import { unsupportedReasonOf } from './store-support.js';

export function accountInfoOf(
  shop: Shop,
  options: { platformUrl: PlatformUrl; apiKey: string; impersonated: boolean },
): AccountInfo {
  const { platformUrl } = options;
  const editorQuery = new URLSearchParams({
    context: 'apps',
    template: 'index',
    activateAppId: `${options.apiKey}/${APP_EMBED_HANDLE}`,
  });
  return {
    id: shop.id,
    pro: shop.plan === 'premium' || shop.plan === 'payg',
    name: shop.shopOwner || shop.name,
    shopName: shop.name,
    shopId: shop.shopifyShopId ?? '',
    email: shop.email,
    storeUrl: platformUrl(shop.domain, '/'),
    domain: shop.domain,
    adminUrl: platformUrl(shop.domain, '/admin'),
    themeEditorUrl: platformUrl(
      shop.domain,
      `/admin/themes/current/editor?${editorQuery.toString().replace(/%2F/g, '/')}`,
    ),
    islegacyAccount: shop.isLegacyAccount,
    isReviewLeft: shop.isReviewLeft,
    isThemeScopeEnabled: hasThemeScope(shop),
    extensionEnabled: shop.extensionEnabled,
    isShowWaf: shop.isShowWaf,
    isAppDisabled: shop.isAppDisabled,
    isNew: shop.isNew,
    plan: shop.plan,
    isPayg: shop.plan === 'payg',
    // The dashboard's Enabled/Disabled: whether an admin device is marked.
    isAdminAccessEnabled: shop.adminAccessMode,
    isImpersonated: options.impersonated,
    unsupportedReason: unsupportedReasonOf(shop.platformPlanName),
    needsReconnect: shop.tokenState === 'dead',
    platformPlanName: shop.platformPlanName,
  };
}

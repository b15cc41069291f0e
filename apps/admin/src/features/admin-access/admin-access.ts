// Admin Access mode: the storefront address that turns the mode on or off for this device, and
// the toast for a confirmed change.
export function adminAccessUrl(storeUrl: string, shopId: string, enable: boolean): string {
  const url = new URL(storeUrl);
  url.searchParams.set('shopId', shopId);
  url.searchParams.set('idya', String(enable));
  return url.toString();
}

export function adminAccessToast(enabled: boolean): string {
  return enabled ? 'Admin access mode enabled' : 'Admin access mode disabled';
}

/** Why a plan without Admin Access sees the "Upgrade plan" dialog. */
export const ADMIN_ACCESS_UPGRADE_TEXT =
  'This feature requires an Premium or Pay-As-You-Go subscription. Please upgrade your plan.';

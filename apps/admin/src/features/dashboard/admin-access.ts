// Admin Access (SPEC.md §4, §7): the storefront address that turns the mode on or off for this
// device, and the toast for a confirmed change.
export function adminAccessUrl(storeUrl: string, shopId: string, enable: boolean): string {
  const url = new URL(storeUrl);
  url.searchParams.set('shopId', shopId);
  url.searchParams.set('idya', String(enable));
  return url.toString();
}

export function adminAccessToast(enabled: boolean): string {
  return enabled ? 'Admin access mode enabled' : 'Admin access mode disabled';
}

/** SPEC.md §6's text, shared with General Settings' Admin Access switch. */
export { ADMIN_ACCESS_UPGRADE_TEXT } from '../../lib/constants.js';

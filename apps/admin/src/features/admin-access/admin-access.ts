// Admin Access mode: the storefront address that turns the mode on or off for this device, the
// toast for a confirmed change, and the one sentence the dashboard card and General Settings
// both use to say where Admin Access stands.
import type { AdminAccessStatus } from '@gatehouse/contracts';
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

function devices(n: number): string {
  return n === 1 ? '1 device is' : `${n} devices are`;
}

/**
 * Where Admin Access stands, for this store and this browser. `knowsThisDevice` is false when
 * this browser cannot keep its key (then it is never counted as marked).
 */
export function adminAccessStatusText(status: AdminAccessStatus, knowsThisDevice = true): string {
  const { enabled, markedDevices: n, thisDevice } = status;
  if (!enabled) {
    if (n === 0) return 'Admin Access is off for this store, and no device is marked.';
    const these = thisDevice ? ' (this one among them)' : '';
    return `Admin Access is off for this store: ${devices(n)} marked${these}, and none of them bypasses the filters until it is on again.`;
  }
  if (thisDevice) {
    const others = n - 1;
    const rest =
      others === 0
        ? ''
        : ` ${others === 1 ? '1 other device is' : `${others} other devices are`} marked too.`;
    return `This device is marked: its visits bypass every filter.${rest}`;
  }
  const unknown = knowsThisDevice
    ? ''
    : ' This browser cannot keep data for this site, so it cannot tell whether it is one of them.';
  if (n === 0) return `No device is marked yet.${unknown}`;
  return knowsThisDevice
    ? `${devices(n)} marked, but not this one.`
    : `${devices(n)} marked.${unknown}`;
}

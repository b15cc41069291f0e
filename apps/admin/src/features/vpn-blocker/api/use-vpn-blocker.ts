// The Bot (VPN/Proxy) Blocker: its switches, the relay choice, the trusted networks and the
// feeds' status.
import { useApiQuery } from '../../../lib/api-query.js';
import { settingsRead } from '../../../lib/page-data.js';
import { EMPTY_VPN_BLOCKER } from '../vpn-blocker-form.js';

/** The page's first call, also started as the app opens on the page. */
export const vpnBlockerRead = settingsRead('getVpnBlocker');

export function useVpnBlocker() {
  return useApiQuery(vpnBlockerRead.call, {}, { defaultData: EMPTY_VPN_BLOCKER });
}

// The Bot (VPN/Proxy) Blocker: its switches, the relay choice, the trusted networks and the
// feeds' status.
import { useApiQuery } from '../../../lib/api-query.js';
import { EMPTY_VPN_BLOCKER } from '../vpn-blocker-form.js';

export function useVpnBlocker() {
  return useApiQuery('getVpnBlocker', {}, { defaultData: EMPTY_VPN_BLOCKER });
}

// The Firewall's settings, the save call (the answer is the settings as stored; a 400 message
// is the page's to show), and the connection check, which probes the shop's domains anew.
import type { FirewallSettingsView } from '@gatehouse/contracts';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { useApiQuery } from '../../../lib/api-query.js';

export const EMPTY_FIREWALL: FirewallSettingsView = {
  enabled: false,
  origin: '',
  hosts: [],
  enforce: [],
  rateLimit: { enabled: false, max: 300, windowSeconds: 60, action: 'challenge' },
  firewallHost: null,
  firewallAddress: null,
};

export function useFirewallSettings() {
  return useApiQuery('getFirewallSettings', {}, { defaultData: EMPTY_FIREWALL });
}

export function useSaveFirewallSettings() {
  return useApiMutation('saveFirewallSettings', {
    replaces: 'getFirewallSettings',
    quietStatuses: [400, 403],
    invalidates: ['getWafConnected'],
  });
}

export function useWafConnected() {
  return useApiQuery('getWafConnected', {}, { defaultData: undefined });
}

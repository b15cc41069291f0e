// The Firewall's settings, the save call (the answer is the settings as stored; a 400 message
// is the page's to show), and the connection check, which probes the shop's domains anew.
import type { FirewallSettingsView } from '@gatehouse/contracts';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { useApiQuery } from '../../../lib/api-query.js';
import { settingsRead } from '../../../lib/page-data.js';

export const EMPTY_FIREWALL: FirewallSettingsView = {
  enabled: false,
  origin: '',
  hosts: [],
  enforce: [],
  rateLimit: { enabled: false, max: 300, windowSeconds: 60, action: 'challenge' },
  firewallHost: null,
  firewallAddress: null,
};

/** The page's first call, also started as the app opens on the page. */
export const firewallSettingsRead = settingsRead('getFirewallSettings');

export function useFirewallSettings() {
  return useApiQuery(firewallSettingsRead.call, {}, { defaultData: EMPTY_FIREWALL });
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

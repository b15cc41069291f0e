// Saves the switches and the relay choice; the answer is the blocker as stored.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useSaveVpnBlocker() {
  return useApiMutation('saveVpnBlocker', { replaces: 'getVpnBlocker' });
}

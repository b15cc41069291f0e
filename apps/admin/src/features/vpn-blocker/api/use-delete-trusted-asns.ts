// Stops trusting the chosen networks.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useDeleteTrustedAsns() {
  return useApiMutation('deleteVpnTrustedAsns', { invalidates: ['getVpnBlocker'] });
}

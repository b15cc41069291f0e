// Trusts one more network; 400 (shown on the field) and 403 (the plan no longer includes the
// blocker) are the caller's to answer.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useAddTrustedAsn() {
  return useApiMutation('addVpnTrustedAsn', {
    quietStatuses: [400, 403],
    invalidates: ['getVpnBlocker'],
  });
}

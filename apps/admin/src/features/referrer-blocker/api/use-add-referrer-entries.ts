// Adds domains to the Referrer Blocker; 400 (shown on the field) and 403 (the plan no longer
// includes the blocker) are the caller's to answer.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useAddReferrerEntries() {
  return useApiMutation('addReferrerBlocker', {
    quietStatuses: [400, 403],
    invalidates: ['getReferrerBlocker'],
  });
}

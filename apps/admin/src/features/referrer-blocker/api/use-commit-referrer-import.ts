// Imports a previewed CSV file into the Referrer Blocker; 403 (the plan no longer includes the
// blocker) is the caller's to answer.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useCommitReferrerImport() {
  return useApiMutation('commitReferrerBlockerImport', {
    quietStatuses: [403],
    invalidates: ['getReferrerBlocker'],
  });
}

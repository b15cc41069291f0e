// Adds a URL pattern; 400 (shown on the field) and 403 (the plan no longer includes the
// Firewall) are the caller's to answer.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useAddUrlEntry() {
  return useApiMutation('addUrlBlocker', {
    quietStatuses: [400, 403],
    invalidates: ['getUrlBlocker'],
  });
}

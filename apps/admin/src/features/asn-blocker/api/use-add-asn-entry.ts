// Adds an ASN or ISP name to the ISP/ASN Blocker; 400 (shown on the field) and 403 (the plan
// no longer includes the blocker) are the caller's to answer.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useAddAsnEntry() {
  return useApiMutation('addAsnBlocker', {
    quietStatuses: [400, 403],
    invalidates: ['getAsnBlocker'],
  });
}

// Removes the chosen entries of the Referrer Blocker.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useDeleteReferrerEntries() {
  return useApiMutation('deleteReferrerBlocker', { invalidates: ['getReferrerBlocker'] });
}

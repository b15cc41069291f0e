// Removes the chosen patterns of the URL Blocker, or every pattern the filter finds.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useDeleteUrlEntries() {
  return useApiMutation('deleteUrlBlocker', { invalidates: ['getUrlBlocker'] });
}

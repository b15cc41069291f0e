// Removes the chosen entries of the ISP/ASN Blocker.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useDeleteAsnEntries() {
  return useApiMutation('deleteAsnBlocker', { invalidates: ['getAsnBlocker'] });
}

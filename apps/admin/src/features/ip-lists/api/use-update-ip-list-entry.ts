// Saves an IP list entry's note and expiry; the row shows a 400's problems at their fields.
import type { IpListId } from '@gatehouse/contracts';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { listCalls } from '../list-config.js';

export function useUpdateIpListEntry(list: IpListId) {
  return useApiMutation(listCalls[list].update, {
    invalidates: [listCalls[list].list],
    quietStatuses: [400],
  });
}

// Saves an IP list entry's note and expiry.
import type { IpListId } from '@gatehouse/contracts';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { listCalls } from '../list-config.js';

export function useUpdateIpListEntry(list: IpListId) {
  return useApiMutation(listCalls[list].update, { invalidates: [listCalls[list].list] });
}

// Adds an address or range to an IP list; 400 (shown on the field) and 403 (the plan's cap)
// are the caller's to answer, so neither is toasted as well.
import type { IpListId } from '@gatehouse/contracts';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { listCalls } from '../list-config.js';

export function useAddIpListEntry(list: IpListId) {
  return useApiMutation(listCalls[list].add, {
    quietStatuses: [400, 403],
    invalidates: [listCalls[list].list],
  });
}

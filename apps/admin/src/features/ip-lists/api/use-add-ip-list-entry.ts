// Adds an address or range to an IP list; 403 (the plan's cap) is the caller's to answer.
import type { IpListId } from '@gatehouse/contracts';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { listCalls } from '../list-config.js';

export function useAddIpListEntry(list: IpListId) {
  return useApiMutation(listCalls[list].add, {
    quietStatuses: [403],
    invalidates: [listCalls[list].list],
  });
}

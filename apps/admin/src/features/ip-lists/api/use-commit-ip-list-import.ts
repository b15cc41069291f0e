// Imports a previewed CSV file into an IP list; 403 (the plan's cap) is the caller's to answer.
import type { IpListId } from '@gatehouse/contracts';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { listCalls } from '../list-config.js';

export function useCommitIpListImport(list: IpListId) {
  return useApiMutation(listCalls[list].commit, {
    quietStatuses: [403],
    invalidates: [listCalls[list].list],
  });
}

// Deletes the chosen entries of an IP list.
import type { IpListId } from '@gatehouse/contracts';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { listCalls } from '../list-config.js';

export function useDeleteIpListEntries(list: IpListId) {
  return useApiMutation(listCalls[list].delete, { invalidates: [listCalls[list].list] });
}

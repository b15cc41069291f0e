// Checks a CSV file against an IP list before anything is imported: the rows that would be
// added and the lines that cannot be.
import type { IpListId } from '@gatehouse/contracts';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { listCalls } from '../list-config.js';

export function usePreviewIpListImport(list: IpListId) {
  return useApiMutation(listCalls[list].preview);
}

// One page of an IP list's entries, searched and paged by cursor.
import type { IpListId, IpListPage, RequestOf } from '@gatehouse/contracts';
import { useApiQuery } from '../../../lib/api-query.js';
import { listCalls } from '../list-config.js';

const emptyPage: IpListPage = {
  entries: [],
  nextCursor: null,
  total: 0,
  matching: 0,
  limit: null,
  notices: [],
};

export function useIpListPage(list: IpListId, request: RequestOf<'listIpBlocker'>) {
  return useApiQuery(listCalls[list].list, request, { defaultData: emptyPage });
}

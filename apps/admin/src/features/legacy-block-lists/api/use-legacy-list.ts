// One page of the legacy list, newest first.
import type { LegacyListPage, RequestOf } from '@gatehouse/contracts';
import { useApiQuery } from '../../../lib/api-query.js';

const emptyPage: LegacyListPage = { entries: [], total: 0, page: 1, pageSize: 25, notices: [] };

export function useLegacyList(request: RequestOf<'listLegacyBlockLists'>) {
  return useApiQuery('listLegacyBlockLists', request, { defaultData: emptyPage });
}

// One page of the visitor log for the filters and cursor given; nothing is asked while the
// filters are invalid.
import type { RequestOf, VisitPage } from '@gatehouse/contracts';
import { useApiQuery } from '../../../lib/api-query.js';

/** Visits on one page of the log. */
export const VISIT_PAGE_SIZE = 50;

const emptyPage: VisitPage = { visits: [], nextCursor: null, searchedTo: null };

export function useVisitPage(request: RequestOf<'listVisits'>, enabled: boolean) {
  return useApiQuery('listVisits', request, {
    defaultData: emptyPage,
    enabled,
    refetchInterval: false,
  });
}

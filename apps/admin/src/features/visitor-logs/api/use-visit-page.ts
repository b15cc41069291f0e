// One page of the visitor log for the filters and cursor given; nothing is asked while the
// filters are invalid.
import type { RequestOf, VisitPage } from '@gatehouse/contracts';
import { prefetchApiQuery, useApiQuery } from '../../../lib/api-query.js';

/** Visits on one page of the log. */
export const VISIT_PAGE_SIZE = 50;

const emptyPage: VisitPage = { visits: [], nextCursor: null, searchedTo: null };

const CALL = 'listVisits';

export function useVisitPage(request: RequestOf<typeof CALL>, enabled: boolean) {
  return useApiQuery(CALL, request, {
    defaultData: emptyPage,
    enabled,
    refetchInterval: false,
  });
}

/** Starts a page of the log early, as the app opens on the log. */
export const prefetchVisitPage = (request: RequestOf<typeof CALL>) =>
  prefetchApiQuery(CALL, request);

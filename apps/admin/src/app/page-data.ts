// The first data calls of the pages that make them whatever the account: asked for as the app
// starts on the page's path, alongside the account call, instead of after the account and the
// page's chunk have arrived. Each entry makes the very calls, with the very requests, that the
// page's hooks make on their first render, so the page finds the answers waiting; a call the
// page does not make (a plan without the feature) is answered, quietly, for nothing.
import type { CallName, RequestOf } from '@gatehouse/contracts';
import { VISIT_PAGE_SIZE } from '../features/visitor-logs/api/use-visit-page.js';
import {
  filterErrors,
  filtersFromParams,
  toSearchParams,
  toVisitQuery,
} from '../features/visitor-logs/visit-filters.js';
import { prefetchApiQuery } from '../lib/api-query.js';
import { DEFAULT_REPORT_RANGE } from '../lib/constants.js';

/** Starts a page's first calls; `search` is the address's query string. */
export type PageData = (search: string) => void;

/** The calls that take no parameters. */
type ParameterlessCall = {
  [N in CallName]: Record<never, never> extends RequestOf<N> ? N : never;
}[CallName];

/** A page whose one first call is a settings read with no parameters. */
export function settingsRead<N extends ParameterlessCall>(name: N): PageData {
  // N takes no parameters, so the empty request is its request.
  return () => void prefetchApiQuery(name, {} as RequestOf<N>);
}

export const dashboardData: PageData = () => {
  void prefetchApiQuery('getDashboardData', { days: DEFAULT_REPORT_RANGE });
  void prefetchApiQuery('getTimeSeries', { days: DEFAULT_REPORT_RANGE });
  void prefetchApiQuery('checkEmptyWhiteLists', {});
};

/** The log's first page for the filters in the address; none for a range counted from now. */
export const visitorLogData: PageData = (search) => {
  const filters = filtersFromParams(new URLSearchParams(search));
  if (filters.range === '3d') return;
  const query = toVisitQuery(filters, Date.now());
  if (Object.keys(filterErrors(query)).length > 0) return;
  void prefetchApiQuery('listVisits', { ...toSearchParams(query), limit: VISIT_PAGE_SIZE });
};

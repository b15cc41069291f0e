// The visitor log's first call, started as the app opens on it: the log's first page for the
// filters in the address; none for a range counted from now (its bounds move with the clock) or
// for filters the server would refuse.
import type { PageData } from '../../lib/page-data.js';
import { prefetchVisitPage, VISIT_PAGE_SIZE } from './api/use-visit-page.js';
import { filterErrors, filtersFromParams, toSearchParams, toVisitQuery } from './visit-filters.js';

export const visitorLogData: PageData = (search) => {
  const filters = filtersFromParams(new URLSearchParams(search));
  if (filters.range === '3d') return;
  const query = toVisitQuery(filters, Date.now());
  if (Object.keys(filterErrors(query)).length > 0) return;
  void prefetchVisitPage({ ...toSearchParams(query), limit: VISIT_PAGE_SIZE });
};

// The dashboard's first calls, asked for as the app starts on /dashboard, alongside the account
// call: the same calls, for the same default range, as the page's own hooks make on their first
// render.
import { prefetchApiQuery } from '../../../lib/api-query.js';
import { DEFAULT_REPORT_RANGE } from '../../../lib/constants.js';

export function prefetchDashboard(): void {
  void prefetchApiQuery('getDashboardData', { days: DEFAULT_REPORT_RANGE });
  void prefetchApiQuery('getTimeSeries', { days: DEFAULT_REPORT_RANGE });
  void prefetchApiQuery('checkEmptyWhiteLists', {});
}

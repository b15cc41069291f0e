// The dashboard's first calls, started as the app opens on it: the counts and the chart over the
// range the page opens with, and the empty-whitelist check.
import { DEFAULT_REPORT_RANGE } from '../../lib/constants.js';
import type { PageData } from '../../lib/page-data.js';
import { prefetchDashboardData } from './api/use-dashboard-data.js';
import { prefetchEmptyWhitelist } from './api/use-empty-whitelist.js';
import { prefetchTimeSeries } from './api/use-time-series.js';

export const dashboardData: PageData = () => {
  void prefetchDashboardData(DEFAULT_REPORT_RANGE);
  void prefetchTimeSeries(DEFAULT_REPORT_RANGE);
  void prefetchEmptyWhitelist();
};

// The dashboard's counts over the chosen range; zeros until they arrive.
import { dashboardCounters, type DashboardData } from '@gatehouse/contracts';
import { prefetchApiQuery, useApiQuery } from '../../../lib/api-query.js';

const noData = {
  ...Object.fromEntries(dashboardCounters.map((name) => [name, 0])),
  usage: 0,
} as DashboardData;

const CALL = 'getDashboardData';

export function useDashboardData(days: number) {
  return useApiQuery(CALL, { days }, { defaultData: noData });
}

/** Starts the counts early, as the app opens on the dashboard. */
export const prefetchDashboardData = (days: number) => prefetchApiQuery(CALL, { days });

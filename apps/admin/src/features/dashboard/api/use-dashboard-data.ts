// The dashboard's counts over the chosen range; zeros until they arrive.
import { dashboardCounters, type DashboardData } from '@gatehouse/contracts';
import { useApiQuery } from '../../../lib/api-query.js';

const noData = {
  ...Object.fromEntries(dashboardCounters.map((name) => [name, 0])),
  usage: 0,
} as DashboardData;

export function useDashboardData(days: number) {
  return useApiQuery('getDashboardData', { days }, { defaultData: noData });
}

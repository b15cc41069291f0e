// The dashboard's counts over the chosen range; zeros until they arrive.
import type { DashboardData } from '@gatehouse/contracts';
import { useApiQuery } from '../../../lib/api-query.js';

const noData: DashboardData = {
  blockLists: 0,
  fraudProtect: 0,
  asnBlocker: 0,
  ipBlocker: 0,
  regionBlocker: 0,
  vpn: 0,
  usage: 0,
};

export function useDashboardData(days: number) {
  return useApiQuery('getDashboardData', { days }, { defaultData: noData });
}

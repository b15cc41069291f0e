// The plans the shop can choose, with their prices and limits.
import type { PlanView } from '@gatehouse/contracts';
import { useApiQuery } from '../../../lib/api-query.js';

export function usePlans() {
  return useApiQuery('getPlans', {}, { defaultData: [] as PlanView[] });
}

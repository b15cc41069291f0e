// The shop's current subscription; null until it is known.
import type { SubscriptionState } from '@gatehouse/contracts';
import { useApiQuery } from '../../../lib/api-query.js';

export function useSubscription() {
  return useApiQuery('getSubscription', {}, { defaultData: null as SubscriptionState | null });
}

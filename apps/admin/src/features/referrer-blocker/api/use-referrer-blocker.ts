// The Referrer Blocker: its entries and the action and monitor mode of the whole list.
import { useApiQuery } from '../../../lib/api-query.js';
import { EMPTY_REFERRER_BLOCKER } from '../referrer-blocker-form.js';

export function useReferrerBlocker() {
  return useApiQuery('getReferrerBlocker', {}, { defaultData: EMPTY_REFERRER_BLOCKER });
}

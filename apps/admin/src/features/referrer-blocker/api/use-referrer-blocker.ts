// The Referrer Blocker: its entries and the action and monitor mode of the whole list.
import { useApiQuery } from '../../../lib/api-query.js';
import { settingsRead } from '../../../lib/page-data.js';
import { EMPTY_REFERRER_BLOCKER } from '../referrer-blocker-form.js';

/** The page's first call, also started as the app opens on the page. */
export const referrerBlockerRead = settingsRead('getReferrerBlocker');

export function useReferrerBlocker() {
  return useApiQuery(referrerBlockerRead.call, {}, { defaultData: EMPTY_REFERRER_BLOCKER });
}

// The URL Blocker: its patterns and the action and monitor mode of the whole list.
import { useApiQuery } from '../../../lib/api-query.js';
import { EMPTY_URL_BLOCKER } from '../url-blocker-form.js';

export function useUrlBlocker() {
  return useApiQuery('getUrlBlocker', {}, { defaultData: EMPTY_URL_BLOCKER });
}

// The URL Blocker: its patterns and the action and monitor mode of the whole list.
import { useApiQuery } from '../../../lib/api-query.js';
import { settingsRead } from '../../../lib/page-data.js';
import { EMPTY_URL_BLOCKER } from '../url-blocker-form.js';

/** The page's first call, also started as the app opens on the page. */
export const urlBlockerRead = settingsRead('getUrlBlocker');

export function useUrlBlocker() {
  return useApiQuery(urlBlockerRead.call, {}, { defaultData: EMPTY_URL_BLOCKER });
}

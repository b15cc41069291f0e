// Whether the Country Blocker is a whitelist with no country in it (nobody gets in).
import { prefetchApiQuery, useApiQuery } from '../../../lib/api-query.js';

const CALL = 'checkEmptyWhiteLists';

export function useEmptyWhitelist() {
  return useApiQuery(CALL, {}, { defaultData: false });
}

/** Starts the check early, as the app opens on the dashboard. */
export const prefetchEmptyWhitelist = () => prefetchApiQuery(CALL, {});

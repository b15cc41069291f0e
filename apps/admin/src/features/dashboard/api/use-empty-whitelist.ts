// Whether the Country Blocker is a whitelist with no country in it (nobody gets in).
import { useApiQuery } from '../../../lib/api-query.js';

export function useEmptyWhitelist() {
  return useApiQuery('checkEmptyWhiteLists', {}, { defaultData: false });
}

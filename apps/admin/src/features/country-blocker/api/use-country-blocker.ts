// The Country Blocker's stored settings: mode, countries, action and monitor mode.
import { useApiQuery } from '../../../lib/api-query.js';
import { DEFAULT_COUNTRY_BLOCKER } from '../country-blocker-form.js';

export function useCountryBlocker() {
  return useApiQuery('getCountryBlocker', {}, { defaultData: DEFAULT_COUNTRY_BLOCKER });
}

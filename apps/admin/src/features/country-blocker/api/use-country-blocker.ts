// The Country Blocker's stored settings: mode, countries, action and monitor mode; and the page's
// first calls, started as the app opens on it.
import { prefetchRuleCost } from '../../../components/rule-cost/use-rule-cost.js';
import { prefetchApiQuery, useApiQuery } from '../../../lib/api-query.js';
import { settingsRead, type PageData } from '../../../lib/page-data.js';
import { costOf, DEFAULT_COUNTRY_BLOCKER, sendable, toForm } from '../country-blocker-form.js';

const countryBlockerRead = settingsRead('getCountryBlocker');

export function useCountryBlocker() {
  return useApiQuery(countryBlockerRead.call, {}, { defaultData: DEFAULT_COUNTRY_BLOCKER });
}

/**
 * The settings, then, as soon as they are in, the replay of them as saved: the page's cost card
 * opens on that replay, and it takes the server longer than anything else on the page.
 */
export const countryBlockerData: PageData = () => {
  void prefetchApiQuery(countryBlockerRead.call, {}).then((settings) => {
    const form = settings && toForm(settings);
    if (form && sendable(form)) prefetchRuleCost(costOf(form));
  });
};

// Saves the Country Blocker; the answer is the settings as stored. An emptied whitelist
// changes the dashboard's warning, so that read is refreshed too.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useSaveCountryBlocker() {
  return useApiMutation('saveCountryBlocker', {
    replaces: 'getCountryBlocker',
    invalidates: ['checkEmptyWhiteLists'],
  });
}

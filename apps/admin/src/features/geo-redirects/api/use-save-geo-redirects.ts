// Saves the whole ordered list; the answer is the list as stored, a refusal is the page's to
// show.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useSaveGeoRedirects() {
  return useApiMutation('saveGeoRedirects', {
    replaces: 'getGeoRedirects',
    quietStatuses: [400],
  });
}

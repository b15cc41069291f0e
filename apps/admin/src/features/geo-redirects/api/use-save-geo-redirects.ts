// Saves the whole ordered list; the answer is the list as stored.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useSaveGeoRedirects() {
  return useApiMutation('saveGeoRedirects', { replaces: 'getGeoRedirects' });
}

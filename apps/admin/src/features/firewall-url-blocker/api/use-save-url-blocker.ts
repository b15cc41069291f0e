// Saves the URL Blocker's action and monitor mode; the answer is the blocker as stored.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useSaveUrlBlocker() {
  return useApiMutation('saveUrlBlocker', { replaces: 'getUrlBlocker' });
}

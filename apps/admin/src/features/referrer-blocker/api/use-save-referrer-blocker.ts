// Saves the Referrer Blocker's action and monitor mode; the answer is the blocker as stored.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useSaveReferrerBlocker() {
  return useApiMutation('saveReferrerBlocker', { replaces: 'getReferrerBlocker' });
}

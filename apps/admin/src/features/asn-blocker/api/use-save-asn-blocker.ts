// Saves the ISP/ASN Blocker's action and monitor mode; the answer is the blocker as stored.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useSaveAsnBlocker() {
  return useApiMutation('saveAsnBlocker', { replaces: 'getAsnBlocker' });
}

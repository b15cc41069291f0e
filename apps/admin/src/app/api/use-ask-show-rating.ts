// Asks the server whether the rating popup may be shown to this shop now.
import { useApiMutation } from '../../lib/api-mutation.js';

export function useAskShowRating() {
  return useApiMutation('showRating');
}

// Cancels the paid subscription; the subscription and the account are read again before the
// outcome returns.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useCancelSubscription() {
  return useApiMutation('cancelSubscription', {
    invalidates: ['getSubscription', 'getAccountInfo'],
    awaitRefresh: true,
  });
}

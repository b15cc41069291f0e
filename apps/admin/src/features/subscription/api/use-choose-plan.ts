// Chooses a plan: Free at once, a paid plan answers with the platform's confirmation page.
// The subscription and the account (which carries the plan) are read again before the
// outcome returns, so the next page already shows the new plan.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useChoosePlan() {
  return useApiMutation('choosePlan', {
    invalidates: ['getSubscription', 'getAccountInfo'],
    awaitRefresh: true,
  });
}

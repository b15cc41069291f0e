// Spends the one-time token the platform's sign-in came back with: a session token, and
// whether the shop is new.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useCompleteLogin() {
  return useApiMutation('authDomain');
}

// Starts a sign-in: the platform's authorisation address for the store the merchant typed.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useStartLogin() {
  return useApiMutation('spfLogin');
}

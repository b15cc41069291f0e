// Spends a support link's one-time token: a session token for the store it names.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function usePersonate() {
  return useApiMutation('personate');
}

// Adds a custom user-agent pattern; 400 (shown on the field) and 403 (the plan no longer
// includes the blocker) are the caller's to answer.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useAddBotPattern() {
  return useApiMutation('addBotBlocker', {
    quietStatuses: [400, 403],
    invalidates: ['getBotBlocker'],
  });
}

// Changes a custom pattern's mode: block, or monitor only.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useUpdateBotPattern() {
  return useApiMutation('updateBotBlocker', { invalidates: ['getBotBlocker'] });
}

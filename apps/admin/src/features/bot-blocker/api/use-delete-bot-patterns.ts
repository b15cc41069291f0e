// Removes the chosen custom patterns of the Bot Blocker.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useDeleteBotPatterns() {
  return useApiMutation('deleteBotBlocker', { invalidates: ['getBotBlocker'] });
}

// Saves the Bot Blocker's action and every category's mode; the answer is the blocker as stored.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useSaveBotBlocker() {
  return useApiMutation('saveBotBlocker', { replaces: 'getBotBlocker' });
}

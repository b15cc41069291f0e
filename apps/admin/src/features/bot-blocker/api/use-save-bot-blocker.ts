// Saves the Bot Blocker's action and every category's mode; the answer is the blocker as stored.
import { useApiMutation } from '../../../lib/api-mutation.js';

export function useSaveBotBlocker() {
  return useApiMutation('saveBotBlocker', {
    replaces: 'getBotBlocker',
    // Which crawlers the robots.txt check lists follows the categories blocked.
    invalidates: ['getRobotsTxt'],
  });
}

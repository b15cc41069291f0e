// The Bot Blocker: its action, every category's mode and hits, and the custom patterns.
import { useApiQuery } from '../../../lib/api-query.js';
import { EMPTY_BOT_BLOCKER } from '../bot-blocker-form.js';

export function useBotBlocker() {
  return useApiQuery('getBotBlocker', {}, { defaultData: EMPTY_BOT_BLOCKER });
}

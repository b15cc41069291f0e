// The Bot Blocker: its action, every category's mode and hits, and the custom patterns.
import { useApiQuery } from '../../../lib/api-query.js';
import { settingsRead } from '../../../lib/page-data.js';
import { EMPTY_BOT_BLOCKER } from '../bot-blocker-form.js';

/** The page's first call, also started as the app opens on the page. */
export const botBlockerRead = settingsRead('getBotBlocker');

export function useBotBlocker() {
  return useApiQuery(botBlockerRead.call, {}, { defaultData: EMPTY_BOT_BLOCKER });
}

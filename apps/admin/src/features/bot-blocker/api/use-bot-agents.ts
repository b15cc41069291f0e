// A listed category's agents with the store's visits by each this week, a page at a time.
import type { BotAgentsPage, BotCategory } from '@gatehouse/contracts';
import { BOT_AGENTS_PAGE_SIZE } from '@gatehouse/contracts';
import { useApiQuery } from '../../../lib/api-query.js';

export function useBotAgents(category: BotCategory, page: number) {
  const empty: BotAgentsPage = {
    category,
    agents: [],
    total: 0,
    page,
    pageSize: BOT_AGENTS_PAGE_SIZE,
    partial: false,
  };
  return useApiQuery('getBotAgents', { category, page }, { defaultData: empty });
}

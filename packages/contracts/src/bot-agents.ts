// The agents a listed Bot Blocker category is made of, as the merchant opens the category: each
// agent's name, who runs it, what it fetches pages for, where Gatehouse lists it from, and how
// many of the store's visits it made in the last seven days by the visitor log. The agents the
// store saw come first, the most visits first; the rest keep the list's order. A page holds
// BOT_AGENTS_PAGE_SIZE agents.
import { LISTED_BOT_CATEGORIES, type BotCategory } from '@gatehouse/engine/values';
import { z } from 'zod';
import type { ApiCall } from './api.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export const BOT_AGENTS_PAGE_SIZE = 25;

export const botAgentsMessages = {
  category: `Choose a category whose agents are listed: ${LISTED_BOT_CATEGORIES.join(', ')}.`,
  page: 'Ask for a page number from 1 to 1,000.',
} as const;
const m = botAgentsMessages;

export const botAgentsRequest = z
  .object({
    category: z.enum(LISTED_BOT_CATEGORIES as [BotCategory, ...BotCategory[]], {
      error: m.category,
    }),
    page: z.coerce
      .number({ error: m.page })
      .int(m.page)
      .min(1, m.page)
      .max(1000, m.page)
      .default(1),
  })
  .strict();
export type BotAgentsRequest = z.input<typeof botAgentsRequest>;

export const botAgentView = z.object({
  name: z.string(),
  /** Who runs it, where Gatehouse's own list names it; empty otherwise. */
  owner: z.string(),
  /** The host of the public list's reference page for it, which may not be its operator. */
  reference: z.string(),
  /** What it fetches pages for. */
  why: z.string(),
  /** `table`: Gatehouse's own list; `crawler-user-agents`: the public list it adds. */
  source: z.enum(['table', 'crawler-user-agents']),
  /** The store's visits by it in the last seven days. */
  seenThisWeek: z.number(),
});
export type BotAgentView = z.infer<typeof botAgentView>;

export const botAgentsPage = z.object({
  category: z.enum(LISTED_BOT_CATEGORIES as [BotCategory, ...BotCategory[]]),
  agents: z.array(botAgentView),
  /** Agents in the category, over every page. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /**
   * The week held more of the category's visits than one count reads: the counts are of the
   * newest ones.
   */
  partial: z.boolean(),
});
export type BotAgentsPage = z.infer<typeof botAgentsPage>;

export const botAgentsApi = {
  getBotAgents: call({
    method: 'GET',
    path: '/api/botBlocker/agents',
    feature: 'botBlocker',
    request: botAgentsRequest,
    response: botAgentsPage,
  }),
} as const;

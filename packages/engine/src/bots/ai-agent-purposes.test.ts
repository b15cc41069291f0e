// AI agents land in the category of their purpose: training crawlers, AI search, or agents
// acting for a person (shopping agents included), whatever the form of the user agent.
import { describe, expect, it } from 'vitest';
import { BOT_CATEGORIES, botCategoryBit, type BotCategory } from '../rules/bot-categories.js';
import { agentCategories } from './agent-categories.js';

const compatible = (token: string) =>
  `Mozilla/5.0 (compatible; ${token}/1.0; +https://example.com/bot)`;

const cases: [string, BotCategory][] = [
  [compatible('LAIONDownloader'), 'ai-crawlers'],
  [compatible('Cotoyogi'), 'ai-crawlers'],
  [
    'ICC-Crawler/3.0 (Mozilla-compatible; ; https://ucri.nict.go.jp/en/icccrawler.html)',
    'ai-crawlers',
  ],
  [compatible('Webzio-Extended'), 'ai-crawlers'],
  // xAI's training crawler, and the fetcher of Grok's DeepSearch, which researches for a user.
  ['Mozilla/5.0 (compatible; xAI-Bot/1.0; +https://x.ai/grok)', 'ai-crawlers'],
  [compatible('Grok-DeepSearch'), 'ai-agents'],
  [compatible('YandexAdditional'), 'ai-search'],
  ['Mozilla/5.0 (compatible; Google-CloudVertexBot; +https://cloud.google.com/)', 'ai-search'],
  [compatible('Andibot'), 'ai-search'],
  // Moonshot AI says Kimi-SearchBot builds the index of Kimi's search features.
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; Kimi-SearchBot/1.0; +https://www.kimi.com/policies/kimi-crawlers',
    'ai-search',
  ],
  [
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ChatGPT Agent; +https://openai.com/bot) Chrome/135.0.0.0 Safari/537.36',
    'ai-agents',
  ],
  ['claude-code/1.0.0 (external, cli)', 'ai-agents'],
  [compatible('NotebookLM'), 'ai-agents'],
  [compatible('GoogleAgent-Mariner'), 'ai-agents'],
  [compatible('GoogleAgent-URLContext'), 'ai-agents'],
  ['Google-Gemini-CLI/0.1.0 (linux; x64)', 'ai-agents'],
  [compatible('AmazonBuyForMe'), 'ai-agents'],
  [compatible('NovaAct'), 'ai-agents'],
  [compatible('bedrockbot'), 'ai-agents'],
  [compatible('Kimi-User'), 'ai-agents'],
  [compatible('Manus-User'), 'ai-agents'],
  [compatible('QuillBot'), 'ai-agents'],
  [compatible('TwinAgent'), 'ai-agents'],
  // Collecting pages to train models, or to sell as data for AI.
  [compatible('Factset_spyderbot'), 'ai-crawlers'],
  [compatible('ISSCyberRiskCrawler'), 'ai-crawlers'],
  [compatible('VelenPublicWebCrawler'), 'ai-crawlers'],
  ['Mozilla/5.0 (compatible; Sidetrade indexer bot)', 'ai-crawlers'],
  [compatible('Crawlspace'), 'ai-crawlers'],
  [compatible('cohere-training-data-crawler'), 'ai-crawlers'],
  // Indexing pages for AI answers and for the search APIs AI applications call.
  [compatible('ExaBot'), 'ai-search'],
  [compatible('Querit-SearchBot'), 'ai-search'],
  [compatible('amazon-QBusiness'), 'ai-search'],
  [compatible('KlaviyoAIBot'), 'ai-search'],
  // Fetching for a person's question or task.
  [compatible('TongyiBot'), 'ai-agents'],
  [compatible('YiyanBot'), 'ai-agents'],
  [compatible('Mozilla-Tabstack'), 'ai-agents'],
  ['opencode/1.0.0 (linux; x64)', 'ai-agents'],
];

describe('AI agents by purpose', () => {
  it.each(cases)('%s is in %s alone', (agent, category) => {
    const { bits } = agentCategories(agent);
    expect(BOT_CATEGORIES.filter((c) => (bits & botCategoryBit(c)) !== 0)).toEqual([category]);
  });
});

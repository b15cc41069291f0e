// AI agents by purpose, judged against a list they were not built from: the bot list of
// Matomo's device-detector as node-device-detector ships it (the package MIT, the list LGPL-3.0;
// a test-only dependency read as a library, never copied into the repository). It files each AI
// bot as an "AI Data Scraper" (training), an "AI Search Crawler" or an "AI Assistant"/"AI Agent"
// (fetching or acting for a person). The list holds expressions, not user agents: each bot is
// asked for with its token in the usual form of a bot's user agent. Where the two lists differ
// the difference is written out below, so that a change of either shows here.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BOT_CATEGORIES, type BotCategory } from '../rules/bot-categories.js';
import { agentCategories } from './agent-categories.js';

const require = createRequire(import.meta.url);

interface HeldOutBot {
  name: string;
  regex: string;
  category?: string;
}

const PURPOSES: Record<string, BotCategory> = {
  'AI Data Scraper': 'ai-crawlers',
  'AI Search Crawler': 'ai-search',
  'AI Assistant': 'ai-agents',
  'AI Agent': 'ai-agents',
};

/** A token the bot's expression matches: the expression itself when it is a plain name. */
function tokenOf(bot: HeldOutBot): string {
  const plain = bot.regex.replace(/^\.\+/, '').replace(/\\\./g, '.');
  if (/^[\w.-]+$/.test(plain)) return plain;
  // "(Google-(?:GeminiNotebook|NotebookLM))": the first name the group allows.
  const group = /^\(([\w-]*)\(\?:([\w-]+)/.exec(bot.regex);
  if (group) return `${group[1]}${group[2]}`;
  return bot.name.replace(/\s+/g, '-');
}

const heldOut = (require('node-device-detector/regexes/bots.js') as HeldOutBot[])
  .filter((bot) => bot.category !== undefined && bot.category in PURPOSES)
  .map((bot) => {
    const token = tokenOf(bot);
    return {
      token,
      agent: `Mozilla/5.0 (compatible; ${token}/1.0; +https://example.com/bot)`,
      purpose: PURPOSES[bot.category as string] as BotCategory,
    };
  });

/** What our lists make of an agent: its categories, or the crawler it claims to be. */
function ours(agent: string): string {
  const found = agentCategories(agent);
  const categories = BOT_CATEGORIES.filter((_, i) => (found.bits & (1 << i)) !== 0);
  if (categories.length > 0) return categories.join(',');
  if (found.crawler !== null) return `crawler:${found.crawler}`;
  return found.goodBot !== null ? `good:${found.goodBot}` : 'none';
}

describe('AI agents by purpose against a held-out list', () => {
  it('holds AI agents of every purpose', () => {
    for (const purpose of new Set(Object.values(PURPOSES)))
      expect(heldOut.filter((b) => b.purpose === purpose).length).toBeGreaterThanOrEqual(15);
  });

  it('takes every one of them for a bot', () => {
    expect(heldOut.filter((b) => ours(b.agent) === 'none').map((b) => b.token)).toEqual([]);
  });

  it('puts most of them in the category of their purpose, and the others as written here', () => {
    const agree = heldOut.filter((b) => ours(b.agent) === b.purpose);
    const differ = Object.fromEntries(
      heldOut
        .filter((b) => ours(b.agent) !== b.purpose)
        .map((b) => [b.token, `${b.purpose} → ${ours(b.agent)}`]),
    );
    expect(agree.length / heldOut.length).toBeGreaterThanOrEqual(0.51);
    expect(differ).toEqual(KNOWN_DIFFERENCES);
  });
});

/**
 * Where our lists and the held-out list differ: its purpose → what our lists make of the agent.
 */
const KNOWN_DIFFERENCES: Record<string, string> = {
  // Claims of a search engine's or Google's fetchers, decided by the address they come from,
  // never by the name (Applebot-Extended is a robots.txt token no visitor sends).
  Applebot: 'ai-search → crawler:apple',
  'Applebot-Extended': 'ai-crawlers → crawler:apple',
  'Google-GeminiNotebook': 'ai-agents → crawler:google-user-fetchers',
  // Filed by what their publishers say of them: Amazon and Meta say these crawl to train their
  // models, Google's Vertex AI crawler builds a search index for the site's owner.
  Amazonbot: 'ai-search → ai-crawlers',
  'meta-externalagent': 'ai-agents → ai-crawlers',
  'Google-CloudVertexBot': 'ai-crawlers → ai-search',
  // In another AI category than the held-out list's.
  iAskBot: 'ai-crawlers → ai-search',
  'cohere-ai': 'ai-crawlers → ai-agents',
  'Claude-Web': 'ai-search → ai-agents',
  'bigsur.ai': 'ai-agents → ai-crawlers',
  'Ai2Bot-DeepResearchEval': 'ai-agents → ai-crawlers',
  Devin: 'ai-agents → ai-crawlers',
  LinerBot: 'ai-agents → ai-crawlers',
  'Poggio-Citations': 'ai-agents → ai-crawlers',
  ZanistaBot: 'ai-search → ai-crawlers',
  QualifiedBot: 'ai-agents → ai-search',
  // Not named by our lists: "other bots" stops them, no AI switch does.
  SentiBot: 'ai-crawlers → other-bots',
  'GoogleAgent-Search': 'ai-agents → other-bots',
  'Bard-AI': 'ai-search → other-bots',
  'Gemini-AI': 'ai-search → other-bots',
  'Google-Pinpoint': 'ai-agents → other-bots',
  webzio: 'ai-search → other-bots',
  'ChatGPT-Browser': 'ai-agents → other-bots',
  GitHubCopilotChat: 'ai-agents → other-bots',
  'Cohere-Command': 'ai-crawlers → other-bots',
  IbouBot: 'ai-search → other-bots',
  'Replicate-Bot': 'ai-crawlers → other-bots',
  'Together-Bot': 'ai-crawlers → other-bots',
  'Groq-Bot': 'ai-crawlers → other-bots',
  'Character-AI': 'ai-agents → other-bots',
  'RunPod-Bot': 'ai-crawlers → other-bots',
  'HuggingFace-Bot': 'ai-crawlers → other-bots',
  'gochitchat.ai': 'ai-crawlers → other-bots',
  ias_crawler: 'ai-crawlers → other-bots',
  ias_wombles: 'ai-crawlers → other-bots',
  ProRata: 'ai-search → other-bots',
  'UdV-AI-Research': 'ai-crawlers → other-bots',
  GoGuidesCrawler: 'ai-search → other-bots',
};

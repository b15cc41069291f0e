// Which of the Bot Blocker's categories a user agent falls in, from the agent string alone: the
// listed categories (data/bot-agents.csv, one case-insensitive test per category), an empty
// agent, and "other bots" (an agent `isbot` recognises that no listed category holds and that
// claims no search engine's crawler: a claimed crawler is judged by its network, never by its
// name). Also the crawler the agent claims, for the fake-crawler check, which needs the
// address. Visitors' agents repeat (a few browser builds make most of a store's traffic), so
// answers are kept in one bounded cache of recent agents shared by every shop. Asking
// `isbot` costs more than everything else together, so it is asked only for a shop that has
// "other bots" on, once per agent.
import { isbot } from 'isbot';
import { CRAWLER_IDS, claimedCrawler, type CrawlerId } from '../network/crawlers.js';
import {
  LISTED_BOT_CATEGORIES,
  MAX_USER_AGENT_LENGTH,
  botCategoryBit,
} from '../rules/bot-categories.js';
import { botAgents, type BotAgentRow } from './bot-agents.js';
import { RecentCache } from './recent-cache.js';

const EMPTY = botCategoryBit('empty-agent');
const OTHER = botCategoryBit('other-bots');
/** Set in a packed answer once `isbot` has been asked (OTHER then says what it answered). */
const OTHER_ASKED = 1 << 8;
/** Packed answers keep the claimed crawler's index + 1 above the category bits. */
const CRAWLER_SHIFT = 16;

export interface AgentCategories {
  /** Bits (botCategoryBit) of the listed categories, empty agent and other bots. */
  bits: number;
  /** The search engine's crawler the agent claims to be, or null. */
  crawler: CrawlerId | null;
}

interface ListedTests {
  bit: number;
  /** The `contains` names, as one case-insensitive test; null when there are none. */
  contains: RegExp | null;
  /** The `is` names, lower case. */
  is: Set<string>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function buildTests(rows: readonly BotAgentRow[]): ListedTests[] {
  return LISTED_BOT_CATEGORIES.map((category) => {
    const mine = rows.filter((row) => row.category === category);
    const contains = mine.filter((row) => row.match === 'contains').map((row) => row.agent);
    return {
      bit: botCategoryBit(category),
      contains: contains.length > 0 ? new RegExp(contains.map(escape).join('|'), 'i') : null,
      is: new Set(mine.filter((row) => row.match === 'is').map((row) => row.agent.toLowerCase())),
    };
  });
}

let tests: ListedTests[] | null = null;

/**
 * The packed answer for an agent of at most MAX_USER_AGENT_LENGTH characters, `isbot` not
 * asked yet.
 */
function classify(agent: string): number {
  const trimmed = agent.trim();
  if (trimmed === '') return EMPTY | OTHER_ASKED;
  tests ??= buildTests(botAgents());
  let bits = 0;
  const whole = trimmed.toLowerCase();
  for (const test of tests) {
    if (test.is.has(whole) || (test.contains !== null && test.contains.test(agent))) {
      bits |= test.bit;
    }
  }
  const crawler = claimedCrawler(agent);
  // Only an agent no listed category holds and that claims no crawler can be another bot.
  if (bits !== 0 || crawler !== null) bits |= OTHER_ASKED;
  return crawler === null ? bits : bits | ((CRAWLER_IDS.indexOf(crawler) + 1) << CRAWLER_SHIFT);
}

/** Most distinct agents remembered; about 2–3 MB with typical agents. */
export const AGENT_CACHE_SIZE = 10_000;

const cache = new RecentCache<number>(AGENT_CACHE_SIZE);

/**
 * The packed answer (bits, and the claimed crawler's index + 1 from CRAWLER_SHIFT up); with
 * `others`, the other-bots bit is known in it.
 */
export function agentCategoryWord(userAgent: string, others: boolean): number {
  const agent =
    userAgent.length > MAX_USER_AGENT_LENGTH
      ? userAgent.slice(0, MAX_USER_AGENT_LENGTH)
      : userAgent;
  let word = cache.get(agent);
  const cached = word !== undefined;
  word ??= classify(agent);
  if (others && (word & OTHER_ASKED) === 0) word |= OTHER_ASKED | (isbot(agent) ? OTHER : 0);
  else if (cached) return word;
  cache.set(agent, word);
  return word;
}

/** The category bits of a packed answer. */
export const wordBits = (word: number) => word & 0xff;

/** The claimed crawler of a packed answer, or null. */
export function wordCrawler(word: number): CrawlerId | null {
  const index = word >>> CRAWLER_SHIFT;
  return index === 0 ? null : CRAWLER_IDS[index - 1]!;
}

/** The categories a user agent falls in by its string alone. */
export function agentCategories(userAgent: string): AgentCategories {
  const word = agentCategoryWord(userAgent, true);
  return { bits: wordBits(word), crawler: wordCrawler(word) };
}

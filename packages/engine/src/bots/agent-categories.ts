// Which of the Bot Blocker's categories a user agent falls in, from the agent string alone: the
// listed categories (the known agents: bots/known-agents.ts), an empty agent, and "other bots"
// (an agent `isbot` recognises that no listed category holds, that is no good bot and that
// claims no search engine's crawler: a claimed crawler is judged by its network, never by its
// name). A good bot (a link preview, the platform's own apps) is in no category at all, and
// its number is kept so a merchant can block that one bot. Also the crawler the agent claims,
// for the fake-crawler check, which needs the address. Visitors' agents repeat (a few browser
// builds make most of a store's traffic), so answers are kept in one bounded cache of recent
// agents shared by every shop. Asking `isbot` costs more than everything else together, so it
// is asked only for a shop that has "other bots" on, once per agent.
import { isbot } from 'isbot';
import { CRAWLER_IDS, claimedCrawler, type CrawlerId } from '../network/crawlers.js';
import {
  BOT_CATEGORIES,
  GOOD_BOTS,
  LISTED_BOT_CATEGORIES,
  MAX_USER_AGENT_LENGTH,
  botCategoryBit,
} from '../rules/bot-categories.js';
import { goodBots, knownAgents, type KnownAgent } from './known-agents.js';
import { RecentCache } from './recent-cache.js';

const EMPTY = botCategoryBit('empty-agent');
const OTHER = botCategoryBit('other-bots');
/** The category bits of a packed answer. */
const CATEGORY_MASK = (1 << BOT_CATEGORIES.length) - 1;
/** Set in a packed answer once `isbot` has been asked (OTHER then says what it answered). */
const OTHER_ASKED = 1 << BOT_CATEGORIES.length;
/** Packed answers keep the good bot's number (1 up) above that bit, in seven bits. */
const GOOD_SHIFT = BOT_CATEGORIES.length + 1;
const GOOD_MASK = 0x7f;
/** And the claimed crawler's index + 1 above the good bot's number. */
const CRAWLER_SHIFT = GOOD_SHIFT + 7;

export interface AgentCategories {
  /** Bits (botCategoryBit) of the listed categories, empty agent and other bots. */
  bits: number;
  /** The search engine's crawler the agent claims to be, or null. */
  crawler: CrawlerId | null;
  /** The good bot the agent is (goodBots()), or null. */
  goodBot: string | null;
}

/** One test for a group of agents: names without regard to case, expressions with it. */
interface GroupTest {
  insensitive: RegExp | null;
  sensitive: RegExp | null;
}

function groupTest(agents: readonly KnownAgent[]): GroupTest {
  const join = (list: KnownAgent[], flags: string) =>
    list.length > 0 ? new RegExp(list.map((a) => `(?:${a.test.source})`).join('|'), flags) : null;
  return {
    insensitive: join(
      agents.filter((a) => a.test.flags.includes('i')),
      'i',
    ),
    sensitive: join(
      agents.filter((a) => !a.test.flags.includes('i')),
      '',
    ),
  };
}

const matches = (test: GroupTest, agent: string) =>
  (test.insensitive?.test(agent) ?? false) || (test.sensitive?.test(agent) ?? false);

interface Tests {
  listed: { bit: number; test: GroupTest }[];
  good: GroupTest;
  goodList: readonly KnownAgent[];
}

function buildTests(): Tests {
  const agents = knownAgents();
  const goodList = goodBots();
  if (goodList.length > GOOD_MASK) throw new Error(`at most ${GOOD_MASK} good bots fit`);
  return {
    listed: LISTED_BOT_CATEGORIES.map((category) => ({
      bit: botCategoryBit(category),
      test: groupTest(agents.filter((a) => a.group === category)),
    })),
    good: groupTest(agents.filter((a) => a.group === GOOD_BOTS)),
    goodList,
  };
}

let tests: Tests | null = null;

/**
 * The packed answer for an agent of at most MAX_USER_AGENT_LENGTH characters, `isbot` not
 * asked yet.
 */
function classify(agent: string): number {
  const trimmed = agent.trim();
  if (trimmed === '') return EMPTY | OTHER_ASKED;
  tests ??= buildTests();
  const crawler = claimedCrawler(agent);
  const crawlerPart = crawler === null ? 0 : (CRAWLER_IDS.indexOf(crawler) + 1) << CRAWLER_SHIFT;
  if (matches(tests.good, agent)) {
    const number = tests.goodList.findIndex((bot) => bot.test.test(agent)) + 1;
    return OTHER_ASKED | (number << GOOD_SHIFT) | crawlerPart;
  }
  let bits = 0;
  for (const { bit, test } of tests.listed) if (matches(test, agent)) bits |= bit;
  // Only an agent no listed category holds and that claims no crawler can be another bot.
  if (bits !== 0 || crawler !== null) bits |= OTHER_ASKED;
  return bits | crawlerPart;
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
export const wordBits = (word: number) => word & CATEGORY_MASK;

/** The good bot's number (1 up, in goodBots() order) of a packed answer, or 0. */
export const wordGoodBot = (word: number) => (word >>> GOOD_SHIFT) & GOOD_MASK;

/** The claimed crawler of a packed answer, or null. */
export function wordCrawler(word: number): CrawlerId | null {
  const index = word >>> CRAWLER_SHIFT;
  return index === 0 ? null : CRAWLER_IDS[index - 1]!;
}

/** The categories a user agent falls in by its string alone. */
export function agentCategories(userAgent: string): AgentCategories {
  const word = agentCategoryWord(userAgent, true);
  const good = wordGoodBot(word);
  return {
    bits: wordBits(word),
    crawler: wordCrawler(word),
    goodBot: good === 0 ? null : goodBots()[good - 1]!.name,
  };
}

// The Bot Blocker's categories of user agents, and the bounds of its custom patterns. A
// category is a kind of automated visitor the merchant switches on or off as a whole: the
// first six are lists of agents (data/bot-agents.csv and the AI agents of the
// crawler-user-agents package); the others are recognised by rule: an empty user agent, a user
// agent that claims a search engine's crawler from outside that engine's network, and any
// other agent the `isbot` library recognises as a bot. Good bots (link previews, the
// platform's own apps) are in no category: they are blocked one by one, by name, if at all.

export const BOT_CATEGORIES = [
  'ai-crawlers',
  'ai-search',
  'ai-agents',
  'seo-tools',
  'scripts',
  'headless-browsers',
  'empty-agent',
  'fake-crawlers',
  'other-bots',
] as const;
export type BotCategory = (typeof BOT_CATEGORIES)[number];

/** The categories whose agents are listed in the data file. */
export const LISTED_BOT_CATEGORIES = BOT_CATEGORIES.slice(0, 6) as readonly BotCategory[];

/**
 * What a verified signed agent is when the store itself authorised it (a signature the
 * merchant made for their own crawler or tool): no category, no Bot Blocker rule stops it.
 */
export const STORE_CRAWLER = 'store-crawler';

/** The data file's group of good bots: never in a category, never "other bots". */
export const GOOD_BOTS = 'good-bots';

export function isBotCategory(value: unknown): value is BotCategory {
  return typeof value === 'string' && (BOT_CATEGORIES as readonly string[]).includes(value);
}

/** The category's bit in a category mask. */
export function botCategoryBit(category: BotCategory): number {
  return 1 << BOT_CATEGORIES.indexOf(category);
}

/**
 * Most custom user-agent patterns one rule set may hold: four times the 50 the decision budget
 * is measured with. compile() refuses more with its own message.
 */
export const MAX_BOT_PATTERNS = 200;

/** Longest custom user-agent pattern, in characters. */
export const MAX_BOT_PATTERN_LENGTH = 200;

/**
 * The part of a user agent the Bot Blocker reads: the server keeps the first 1 024 characters
 * of the header, and so does the engine when handed a longer one.
 */
export const MAX_USER_AGENT_LENGTH = 1024;

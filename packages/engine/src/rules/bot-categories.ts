// The Bot Blocker's categories of user agents, and the bounds of its custom patterns. A
// category is a kind of automated visitor the merchant switches on or off as a whole: the
// first four are lists of agents (data/bot-agents.csv); the others are recognised by rule: an
// empty user agent, a user agent that claims a search engine's crawler from outside that
// engine's network, and any other agent the `isbot` library recognises as a bot.

export const BOT_CATEGORIES = [
  'ai-crawlers',
  'seo-tools',
  'scripts',
  'headless-browsers',
  'empty-agent',
  'fake-crawlers',
  'other-bots',
] as const;
export type BotCategory = (typeof BOT_CATEGORIES)[number];

/** The categories whose agents are listed in the data file. */
export const LISTED_BOT_CATEGORIES = BOT_CATEGORIES.slice(0, 4) as readonly BotCategory[];

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

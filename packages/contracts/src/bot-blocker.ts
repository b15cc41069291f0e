// Bot Blocker (/botBlocker): blocks visitors by their user agent. Categories (AI training
// crawlers, AI search crawlers, AI assistants and shopping agents, SEO tools, scripts and HTTP
// libraries, headless browsers, an empty user agent, fake search-engine crawlers, other bots)
// are each set to block, monitor (log "would block", let the visitor in) or off; good bots
// (link previews, the platform's own apps) are let in unless the merchant blocks one by name; custom patterns are a piece of text found anywhere in the user
// agent or a regular expression, both compared without regard to case, each blocking or
// monitored. One action (the block page or a redirect) applies to all of them. The engine
// checks a pattern before it is stored (a regular expression its linear-time engine cannot
// run, or a pattern matching ordinary browsers, is refused with its reason). A
// paid feature: every call names `botBlocker` and answers 403 on a plan without it.
import {
  BOT_CATEGORIES,
  MAX_BOT_PATTERN_LENGTH,
  MAX_BOT_PATTERNS,
  regexSyntaxProblem,
  type BotCategory,
} from '@gatehouse/engine/values';
import { z } from 'zod';
import type { ApiCall } from './api.js';
import { textProblem } from './hygiene.js';
import { blockAction, entryNote, protectionMessages } from './protection-fields.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

export { BOT_CATEGORIES, type BotCategory };

export const botMessages = {
  mode: 'Choose block, monitor or off.',
  categories: 'Give every bot category its mode: block, monitor or off.',
  pattern: 'Enter a user-agent pattern, like MyScraper.',
  patternTooLong: `A user-agent pattern can be at most ${MAX_BOT_PATTERN_LENGTH} characters.`,
  duplicate: 'That pattern is already in the list.',
  unknownGoodBot: (name: string) =>
    `"${name.slice(0, 100)}" is not a good bot Gatehouse knows. Reload the page to see the list.`,
  cap: `The Bot Blocker holds at most ${MAX_BOT_PATTERNS} custom patterns. Remove some to add more.`,
} as const;
const m = botMessages;

/** Most custom patterns the Bot Blocker holds (the engine's limit). */
export const maxBotPatterns = MAX_BOT_PATTERNS;

/**
 * Where a category's visitors can be stopped: `edge` for agents that run no JavaScript, which
 * only the firewall sees (the storefront's check runs as a script in the visitor's browser);
 * `both` for those that may run the page's scripts.
 */
export type BotCategoryReach = 'edge' | 'both';

/** What the merchant calls each category, what it holds and where it can be stopped. */
export const botCategoryInfo: Record<
  BotCategory,
  { name: string; description: string; reach: BotCategoryReach }
> = {
  'ai-crawlers': {
    name: 'AI training crawlers',
    description:
      'Crawlers that collect pages to train AI models (GPTBot, ClaudeBot, CCBot…). Blocking them keeps the store’s pages out of future models; it does not take the store out of AI search or shopping answers.',
    reach: 'edge',
  },
  'ai-search': {
    name: 'AI search crawlers',
    description:
      'Crawlers that index pages for the answers of AI search and assistants (OAI-SearchBot, Claude-SearchBot, PerplexityBot…). Blocking them takes the store out of those answers.',
    reach: 'edge',
  },
  'ai-agents': {
    name: 'AI assistants and shopping agents',
    description:
      'Agents that fetch a page when a person asks an AI assistant about it, or shop on their behalf (ChatGPT-User, Claude-User, Perplexity-User…). Each visit stands for a shopper.',
    reach: 'edge',
  },
  'seo-tools': {
    name: 'SEO tools',
    description:
      'Backlink and SEO services that crawl the web, and site-audit crawlers run by SEO consultants.',
    reach: 'edge',
  },
  scripts: {
    name: 'Scripts and HTTP libraries',
    description:
      'Programs that fetch pages with an HTTP library or a command-line tool and keep its default name.',
    reach: 'edge',
  },
  'headless-browsers': {
    name: 'Headless browsers',
    description:
      'Browsers driven by a program, without a screen: the usual tool of scrapers and of automated checkouts.',
    reach: 'both',
  },
  'empty-agent': {
    name: 'Empty user agent',
    description: 'Visitors that send no user agent at all; every real browser sends one.',
    reach: 'edge',
  },
  'fake-crawlers': {
    name: 'Fake search-engine crawlers',
    description:
      'Visitors that claim to be Googlebot, Bingbot or another search engine’s crawler but come from outside that engine’s network, and those that claim an AI agent whose operator publishes its addresses (GPTBot, ChatGPT-User, ClaudeBot, Claude-User, PerplexityBot, CCBot, Amazonbot, MistralAI-User…) from outside them.',
    reach: 'both',
  },
  'other-bots': {
    name: 'Other bots',
    description:
      'Any other automated visitor the bot recognition library knows, such as monitoring services and feed readers. Search engines’ crawlers, link previews and the good bots below are never in it.',
    reach: 'both',
  },
};

/** What the page says of where a category's visitors are stopped. */
export const botReachText: Record<BotCategoryReach, string> = {
  edge: 'These run no JavaScript: the storefront’s check never runs for them, so only the firewall stops them.',
  both: 'Stopped in the browser when they run the page’s scripts, and at the firewall on every request.',
};

export const botModes = ['block', 'monitor', 'off'] as const;
export const botMode = z.enum(botModes, { error: m.mode });
export type BotMode = z.infer<typeof botMode>;

/** A pattern is never stored off: it is removed instead. */
export const botPatternMode = z.enum(['block', 'monitor'], { error: m.mode });

/**
 * Reads one pattern as the list stores it (trimmed), or the message to show. A regular
 * expression must be valid and use no lookaround or backreference here; the server's engine
 * check then refuses the rest its linear-time engine cannot run, and a pattern that matches
 * ordinary browsers.
 */
export function readBotPattern(
  text: string,
  regex: boolean,
): { value: string } | { error: string } {
  const value = text.trim();
  if (value === '') return { error: m.pattern };
  const problem = textProblem(value, 'The pattern');
  if (problem) return { error: problem };
  if (value.length > MAX_BOT_PATTERN_LENGTH) return { error: m.patternTooLong };
  const syntax = regex ? regexSyntaxProblem(value) : null;
  if (syntax !== null) return { error: `${syntax}.` };
  return { value };
}

export const botCategoryView = z.object({
  id: z.enum(BOT_CATEGORIES),
  /** The id of the category's rule, which the visits it decided name; null while it has none. */
  ruleId: z.string().nullable(),
  mode: botMode,
  /** Visits the category decided: blocked, redirected, or seen in monitor mode. */
  hits: z.number(),
  lastHitAt: z.string().nullable(),
  /** The agents a listed category is made of (empty for the categories found by rule). */
  agents: z.array(z.string()),
});
export type BotCategoryView = z.infer<typeof botCategoryView>;

export const botPatternEntry = z.object({
  id: z.string(),
  /** The text, or the regular expression's source. */
  pattern: z.string(),
  regex: z.boolean(),
  mode: botPatternMode,
  note: z.string(),
  hits: z.number(),
  lastHitAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BotPatternEntry = z.infer<typeof botPatternEntry>;

/** A good bot is let in (allow) unless the merchant blocks it, or monitors it, by name. */
export const goodBotModes = ['allow', 'block', 'monitor'] as const;
export const goodBotMode = z.enum(goodBotModes, { error: 'Choose allow, block or monitor.' });
export type GoodBotMode = z.infer<typeof goodBotMode>;

export const goodBotView = z.object({
  name: z.string(),
  /** Who runs it, where Gatehouse's own list names it; empty otherwise. */
  owner: z.string(),
  /** The host of the public list's reference page for it, which may not be its operator. */
  reference: z.string(),
  why: z.string(),
  mode: goodBotMode,
  hits: z.number(),
  lastHitAt: z.string().nullable(),
});
export type GoodBotView = z.infer<typeof goodBotView>;

export const botBlockerView = z.object({
  action: blockAction,
  /** Every category, in BOT_CATEGORIES order. */
  categories: z.array(botCategoryView),
  /** Every good bot: link previews and the platform's own apps. */
  goodBots: z.array(goodBotView),
  /** Every custom pattern, newest first. */
  patterns: z.array(botPatternEntry),
  /** Most patterns the blocker holds (maxBotPatterns). */
  limit: z.number(),
});
export type BotBlockerView = z.infer<typeof botBlockerView>;

/** The categories a client of before the AI purposes may leave out: their modes are kept. */
const NEWER_CATEGORIES: readonly BotCategory[] = ['ai-search', 'ai-agents'];

export const botBlockerSettings = z.object({
  action: blockAction,
  /** The mode of every category. */
  categories: z.object(
    Object.fromEntries(
      BOT_CATEGORIES.map((id) => [
        id,
        NEWER_CATEGORIES.includes(id) ? botMode.optional() : botMode,
      ]),
    ) as Record<BotCategory, typeof botMode>,
    { error: m.categories },
  ),
  /** Good bots whose mode changes, by name; the others keep theirs. */
  goodBots: z
    .record(z.string().max(200), goodBotMode, {
      error: 'Give each good bot allow, block or monitor.',
    })
    .refine((modes) => Object.keys(modes).length <= 500, 'Send at most 500 good bots at once.')
    .optional(),
});
export type BotBlockerSettings = z.infer<typeof botBlockerSettings>;

export const botPatternAddRequest = z
  .object({
    pattern: z.string({ error: m.pattern }).max(1000, m.patternTooLong),
    /** A regular expression; a piece of text otherwise. */
    regex: z.boolean().optional().default(false),
    mode: botPatternMode.optional().default('block'),
    note: entryNote.optional().default(''),
  })
  .superRefine((input, ctx) => {
    const read = readBotPattern(input.pattern, input.regex);
    if ('error' in read) ctx.addIssue({ code: 'custom', message: read.error, path: ['pattern'] });
  });

export const botPatternUpdateRequest = z.object({
  id: z.uuid({ error: protectionMessages.entryId }),
  mode: botPatternMode,
});

export const botPatternDeleteRequest = z.object({
  ids: z
    .array(z.uuid({ error: protectionMessages.entryId }), { error: protectionMessages.noEntries })
    .min(1, protectionMessages.noEntries)
    .max(1000, protectionMessages.tooManyIds),
});

export const botBlockerApi = {
  getBotBlocker: call({
    method: 'GET',
    path: '/api/botBlocker/get',
    feature: 'botBlocker',
    request: z.object({}),
    response: botBlockerView,
  }),
  /** The action, and every category's mode. */
  saveBotBlocker: call({
    method: 'POST',
    path: '/api/botBlocker/save',
    feature: 'botBlocker',
    request: botBlockerSettings,
    response: botBlockerView,
  }),
  addBotBlocker: call({
    method: 'POST',
    path: '/api/botBlocker/add',
    feature: 'botBlocker',
    request: botPatternAddRequest,
    response: botPatternEntry,
  }),
  /** A pattern's mode: block or monitor. */
  updateBotBlocker: call({
    method: 'POST',
    path: '/api/botBlocker/update',
    feature: 'botBlocker',
    request: botPatternUpdateRequest,
    response: botPatternEntry,
  }),
  deleteBotBlocker: call({
    method: 'POST',
    path: '/api/botBlocker/delete',
    feature: 'botBlocker',
    request: botPatternDeleteRequest,
    response: z.object({ deleted: z.number() }),
  }),
} as const;

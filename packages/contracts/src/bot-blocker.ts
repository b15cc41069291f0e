// Bot Blocker (/botBlocker): blocks visitors by their user agent. Categories (AI scrapers and
// crawlers, SEO tools, scripts and HTTP libraries, headless browsers, an empty user agent,
// fake search-engine crawlers, other bots) are each set to block, monitor (log "would block",
// let the visitor in) or off; custom patterns are a piece of text found anywhere in the user
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
  cap: `The Bot Blocker holds at most ${MAX_BOT_PATTERNS} custom patterns. Remove some to add more.`,
} as const;
const m = botMessages;

/** Most custom patterns the Bot Blocker holds (the engine's limit). */
export const maxBotPatterns = MAX_BOT_PATTERNS;

/** What the merchant calls each category, and what it holds. */
export const botCategoryInfo: Record<BotCategory, { name: string; description: string }> = {
  'ai-crawlers': {
    name: 'AI scrapers and crawlers',
    description:
      'Crawlers that collect pages to train AI models, and the agents that fetch pages for AI assistants and AI search.',
  },
  'seo-tools': {
    name: 'SEO tools',
    description:
      'Backlink and SEO services that crawl the web, and site-audit crawlers run by SEO consultants.',
  },
  scripts: {
    name: 'Scripts and HTTP libraries',
    description:
      'Programs that fetch pages with an HTTP library or a command-line tool and keep its default name.',
  },
  'headless-browsers': {
    name: 'Headless browsers',
    description:
      'Browsers driven by a program, without a screen: the usual tool of scrapers and of automated checkouts.',
  },
  'empty-agent': {
    name: 'Empty user agent',
    description: 'Visitors that send no user agent at all; every real browser sends one.',
  },
  'fake-crawlers': {
    name: 'Fake search-engine crawlers',
    description:
      'Visitors that claim to be Googlebot, Bingbot or another search engine’s crawler but come from outside that engine’s network.',
  },
  'other-bots': {
    name: 'Other bots',
    description:
      'Any other automated visitor the bot recognition library knows, such as link-preview fetchers and monitoring services. Search engines’ crawlers are never in it.',
  },
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

export const botBlockerView = z.object({
  action: blockAction,
  /** Every category, in BOT_CATEGORIES order. */
  categories: z.array(botCategoryView),
  /** Every custom pattern, newest first. */
  patterns: z.array(botPatternEntry),
  /** Most patterns the blocker holds (maxBotPatterns). */
  limit: z.number(),
});
export type BotBlockerView = z.infer<typeof botBlockerView>;

export const botBlockerSettings = z.object({
  action: blockAction,
  /** The mode of every category. */
  categories: z.object(
    Object.fromEntries(BOT_CATEGORIES.map((id) => [id, botMode])) as Record<
      BotCategory,
      typeof botMode
    >,
    { error: m.categories },
  ),
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

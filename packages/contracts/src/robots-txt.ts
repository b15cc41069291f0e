// The Bot Blocker's robots.txt check: for each AI crawler the merchant blocks that obeys
// robots.txt, whether the store's live robots.txt lets it read the storefront's pages, and the
// lines that keep it out when added to the theme's robots.txt.liquid template. The file is
// read from the store itself; when it cannot be read the answer says why, and no page is
// called allowed or disallowed.
import { BOT_CATEGORIES } from '@gatehouse/engine/values';
import { z } from 'zod';
import type { ApiCall } from './api.js';

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: ApiCall<Req, Res>) => c;

/** The storefront pages the check reads the file for. */
export const ROBOTS_PAGES = ['home', 'collection', 'product'] as const;
export type RobotsPage = (typeof ROBOTS_PAGES)[number];

export const robotsTxtMessages = {
  fresh: 'Set fresh to true to read the robots.txt again, or leave it out.',
} as const;

export const robotsTxtRequest = z
  .object({
    /** Read the live file now instead of the copy read in the last minute. */
    fresh: z.enum(['true', 'false'], { error: robotsTxtMessages.fresh }).optional(),
  })
  .strict();

export const robotsCrawlerView = z.object({
  /** The name the crawler looks for in robots.txt (its User-agent token). */
  agent: z.string(),
  owner: z.string(),
  category: z.enum(BOT_CATEGORIES),
  /** Per page: the live file lets it crawl the page; null when the file could not be read. */
  pages: z.record(z.enum(ROBOTS_PAGES), z.boolean()).nullable(),
});
export type RobotsCrawlerView = z.infer<typeof robotsCrawlerView>;

export const robotsTxtView = z.object({
  /** The file's public address on the store. */
  url: z.string(),
  /** `read`: the live file was read at checkedAt; `unreachable`: it could not be. */
  state: z.enum(['read', 'unreachable']),
  /** Why the file could not be read, and what to do; null when it was read. */
  problem: z.string().nullable(),
  checkedAt: z.string(),
  /** The crawlers the merchant blocks that obey robots.txt, by name. */
  crawlers: z.array(robotsCrawlerView),
  /**
   * The robots.txt.liquid template that keeps the default rules and adds a group for each
   * crawler the live file does not already keep out; null when none is left.
   */
  liquid: z.string().nullable(),
});
export type RobotsTxtView = z.infer<typeof robotsTxtView>;

export const robotsTxtApi = {
  getRobotsTxt: call({
    method: 'GET',
    path: '/api/botBlocker/robotsTxt',
    feature: 'botBlocker',
    request: robotsTxtRequest,
    response: robotsTxtView,
  }),
};

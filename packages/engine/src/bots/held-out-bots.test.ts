// The categories judged against user agents they were not built from. Bots by purpose come
// from the cloudflare-bot-directory package (Cloudflare Radar's verified bots, each with its
// own purpose label and the user agents it sends); in-app browsers from the is-ua-webview
// package's samples of app web views and ordinary browsers. The source's labels are mapped to
// ours: its AI crawlers, AI search and AI assistants are our three AI purposes, its page
// previews are our good bots, its search engines are judged by their networks. The floors
// below are what the categories reached when measured; a change that lowers one fails here.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { isSearchCrawler } from '../network/crawlers.js';
import { BOT_CATEGORIES, botCategoryBit, type BotCategory } from '../rules/bot-categories.js';
import { agentCategories } from './agent-categories.js';

interface DirectoryBot {
  slug: string;
  category: string;
  userAgents: string[];
}

const require = createRequire(import.meta.url);
const directory = require('cloudflare-bot-directory') as DirectoryBot[];

/** Our category for each of the source's AI purposes. */
const AI_PURPOSES: Record<string, BotCategory> = {
  AI_CRAWLER: 'ai-crawlers',
  AI_SEARCH: 'ai-search',
  AI_ASSISTANT: 'ai-agents',
};
const AI_BITS =
  botCategoryBit('ai-crawlers') | botCategoryBit('ai-search') | botCategoryBit('ai-agents');
const OTHER = botCategoryBit('other-bots');

const samples = (label: string) =>
  directory
    .filter((bot) => bot.category === label)
    .flatMap((bot) => [...new Set(bot.userAgents)].map((agent) => ({ slug: bot.slug, agent })));

const names = (bits: number) => BOT_CATEGORIES.filter((c) => (bits & botCategoryBit(c)) !== 0);

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;

describe('a held-out corpus of bots by purpose', () => {
  const ai = Object.keys(AI_PURPOSES).flatMap((label) =>
    samples(label).map((s) => ({ ...s, label, found: agentCategories(s.agent) })),
  );

  it('holds AI agents of each purpose, link previews and search engines', () => {
    for (const label of [...Object.keys(AI_PURPOSES), 'PAGE_PREVIEW', 'SEARCH_ENGINE_CRAWLER']) {
      expect(samples(label).length, label).toBeGreaterThan(10);
    }
  });

  it('puts at least 28 of the AI agents in an AI category and 22 in their own purpose', () => {
    const inAi = ai.filter((s) => (s.found.bits & AI_BITS) !== 0);
    const ownPurpose = ai.filter(
      (s) => (s.found.bits & botCategoryBit(AI_PURPOSES[s.label]!)) !== 0,
    );
    console.info(
      `held-out AI agents in an AI category: ${inAi.length} of ${ai.length} (${percent(inAi.length, ai.length)}); in their own purpose: ${ownPurpose.length}`,
    );
    expect(inAi.length).toBeGreaterThanOrEqual(28);
    expect(ownPurpose.length).toBeGreaterThanOrEqual(22);
  });

  it('lets no AI agent through unseen: each is in a category or claims a crawler, all but 1', () => {
    const unseen = ai.filter((s) => s.found.bits === 0 && s.found.crawler === null);
    expect(unseen.map((s) => s.agent)).toEqual(['amazon-kendra-customer-id-[id]']);
  });

  it('never counts the link previews of social networks and messengers as bots', () => {
    const previews = samples('PAGE_PREVIEW').map((s) => ({
      ...s,
      found: agentCategories(s.agent),
    }));
    const social = [
      'facebook',
      'twitterbot',
      'slackbotimg',
      'linkedin',
      'discord-bot',
      'telegrambot',
    ];
    const socialCaught = previews.filter((s) => social.includes(s.slug) && s.found.bits !== 0);
    expect(socialCaught.map((s) => s.agent)).toEqual([]);
    expect(previews.filter((s) => social.includes(s.slug)).length).toBeGreaterThanOrEqual(8);
    const asOther = previews.filter((s) => (s.found.bits & OTHER) !== 0);
    console.info(
      `held-out link previews caught by "other bots": ${asOther.length} of ${previews.length}: ${asOther.map((s) => s.slug).join(', ')}`,
    );
    expect(asOther.length).toBeLessThanOrEqual(9);
  });

  it('leaves every search engine that claims a crawler to its network check', () => {
    const claimed = samples('SEARCH_ENGINE_CRAWLER')
      .map((s) => ({ ...s, found: agentCategories(s.agent) }))
      .filter((s) => s.found.crawler !== null && isSearchCrawler(s.found.crawler));
    expect(claimed.length).toBeGreaterThanOrEqual(9);
    expect(claimed.filter((s) => s.found.bits !== 0).map((s) => names(s.found.bits))).toEqual([]);
  });
});

describe('a held-out corpus of in-app browsers', () => {
  const webViews = require('is-ua-webview/test/data/webview.js') as string[];
  const browsers = require('is-ua-webview/test/data/not-webview.js') as string[];

  it('holds the Facebook app’s browsers on Android and iOS among the app web views', () => {
    expect(webViews.some((ua) => ua.includes('FB_IAB/FB4A'))).toBe(true);
    expect(webViews.some((ua) => ua.includes('FBAN/FBIOS'))).toBe(true);
  });

  it('is never caught by a category, taken for a good bot or a crawler', () => {
    const caught = [...webViews, ...browsers].filter((ua) => {
      const found = agentCategories(ua);
      return found.bits !== 0 || found.goodBot !== null || found.crawler !== null;
    });
    expect(caught).toEqual([]);
  });
});

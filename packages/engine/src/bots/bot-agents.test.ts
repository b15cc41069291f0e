import { describe, expect, it } from 'vitest';
import { claimedCrawler, isSearchCrawler } from '../network/crawlers.js';
import {
  GOOD_BOTS,
  LISTED_BOT_CATEGORIES,
  botCategoryBit,
  type BotCategory,
} from '../rules/bot-categories.js';
import { agentCategories } from './agent-categories.js';
import { botAgents, parseBotAgents } from './bot-agents.js';
import { COMMON_BROWSERS } from './common-browsers.js';

const HEADER = 'category,match,agent,owner,why';

describe('the bot agents table', () => {
  const rows = botAgents();

  it('lists agents in every listed category, each with its owner and why', () => {
    for (const category of LISTED_BOT_CATEGORIES) {
      expect(rows.filter((r) => r.category === category).length, category).toBeGreaterThan(3);
    }
    for (const row of rows) {
      expect(row.owner, row.agent).not.toBe('');
      expect(row.why.length, row.agent).toBeGreaterThan(10);
    }
  });

  it('holds the agents merchants ask about', () => {
    const listed = (category: string) =>
      rows.filter((r) => r.category === category).map((r) => r.agent);
    expect(listed('ai-crawlers')).toEqual(
      expect.arrayContaining(['GPTBot', 'ClaudeBot', 'CCBot', 'Bytespider', 'meta-externalagent']),
    );
    expect(listed('ai-search')).toEqual(
      expect.arrayContaining(['OAI-SearchBot', 'Claude-SearchBot', 'PerplexityBot']),
    );
    expect(listed('ai-agents')).toEqual(
      expect.arrayContaining(['ChatGPT-User', 'Claude-User', 'Perplexity-User', 'MistralAI-User']),
    );
    expect(listed(GOOD_BOTS)).toEqual(
      expect.arrayContaining([
        'facebookexternalhit',
        'WhatsApp',
        'Twitterbot',
        'Slackbot',
        'LinkedInBot',
        'Pinterestbot',
        'Discordbot',
        'TelegramBot',
      ]),
    );
    expect(listed('seo-tools')).toEqual(
      expect.arrayContaining(['AhrefsBot', 'SemrushBot', 'MJ12bot', 'DotBot']),
    );
    expect(listed('scripts')).toEqual(
      expect.arrayContaining(['python-requests', 'curl/', 'Wget', 'Go-http-client', 'Scrapy']),
    );
    expect(listed('headless-browsers')).toEqual(
      expect.arrayContaining(['HeadlessChrome', 'PhantomJS']),
    );
  });

  it('never matches an ordinary browser', () => {
    for (const browser of COMMON_BROWSERS) {
      expect(agentCategories(browser.agent), browser.name).toEqual({
        bits: 0,
        crawler: null,
        goodBot: null,
      });
    }
  });

  it("never holds a search engine's crawler: those are checked by their networks", () => {
    for (const row of rows) {
      const claimed = claimedCrawler(row.agent);
      expect(claimed !== null && isSearchCrawler(claimed), row.agent).toBe(false);
    }
  });

  it('puts each listed agent in its own category, and a good bot in none, whatever the case', () => {
    for (const row of rows) {
      const sent = row.match === 'is' ? row.agent : `Mozilla/5.0 (compatible; ${row.agent}1.0)`;
      const found = agentCategories(sent.toUpperCase());
      if (row.category === GOOD_BOTS) {
        expect(found, row.agent).toEqual({ bits: 0, crawler: null, goodBot: row.agent });
      } else {
        expect(found.bits, row.agent).toBe(botCategoryBit(row.category as BotCategory));
      }
    }
  });

  it('matches an "is" agent only as the whole user agent', () => {
    expect(agentCategories('node').bits).toBe(botCategoryBit('scripts'));
    expect(agentCategories('node-red/3.1').bits & botCategoryBit('scripts')).toBe(0);
  });
});

describe('agent categories by rule', () => {
  it('calls a missing or blank agent empty', () => {
    expect(agentCategories('').bits).toBe(botCategoryBit('empty-agent'));
    expect(agentCategories('   ').bits).toBe(botCategoryBit('empty-agent'));
  });

  it('calls a bot no category lists another bot', () => {
    expect(
      agentCategories('Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)'),
    ).toEqual({
      bits: botCategoryBit('other-bots'),
      crawler: null,
      goodBot: null,
    });
  });

  it('never calls a link preview another bot, nor a script for the library it names', () => {
    expect(agentCategories('Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)')).toEqual({
      bits: 0,
      crawler: null,
      goodBot: 'Slackbot',
    });
    const linkedIn =
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)';
    expect(agentCategories(linkedIn)).toEqual({ bits: 0, crawler: null, goodBot: 'LinkedInBot' });
  });

  it('names the crawler an agent claims, and never calls it another bot', () => {
    expect(
      agentCategories('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'),
    ).toEqual({ bits: 0, crawler: 'google', goodBot: null });
    expect(agentCategories('Mozilla/5.0 (compatible; bingbot/2.0)')).toEqual({
      bits: 0,
      crawler: 'bing',
      goodBot: null,
    });
  });

  it('gives the same answer from its cache', () => {
    const sent = 'python-requests/2.31.0';
    const first = agentCategories(sent);
    expect(agentCategories(`${sent}`)).toEqual(first);
    expect(first.bits).toBe(botCategoryBit('scripts'));
  });
});

describe('parseBotAgents', () => {
  const table = (...lines: string[]) => [HEADER, ...lines].join('\n');

  it('reads comments, blank lines and commas in the reason', () => {
    expect(
      parseBotAgents(table('# a comment', '', 'scripts,contains,FooClient,Foo Inc.,a, b and c')),
    ).toEqual([
      {
        category: 'scripts',
        match: 'contains',
        agent: 'FooClient',
        owner: 'Foo Inc.',
        why: 'a, b and c',
      },
    ]);
  });

  it.each([
    [table('robots,contains,FooClient,Foo,why'), 'line 2: "robots" is not one of'],
    [table('empty-agent,contains,FooClient,Foo,why'), 'line 2: "empty-agent" is not one of'],
    [table('scripts,starts,FooClient,Foo,why'), 'line 2: "starts" is not contains or is'],
    [table('scripts,contains,ab,Foo,why'), 'line 2: "ab" must be at least 3'],
    [table('scripts,contains,Foo,Foo,'), 'line 2: owner and why are required'],
    [
      table('scripts,contains,Foo,Foo,x', '', 'seo-tools,contains,FOO,Bar,y'),
      'line 4: FOO is listed',
    ],
    ['agent,why', 'line 1 must be'],
  ])('refuses a bad table, naming the line (%#)', (text, message) => {
    expect(() => parseBotAgents(text)).toThrow(message);
  });
});

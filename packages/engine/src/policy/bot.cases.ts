// The Bot Blocker's decision cases (rule kind `bot-agent`), part of the shared table: by
// category, by the merchant's patterns, monitor mode, and fake search-engine crawlers. Each
// rule holds one category or one pattern, as the blocker stores them, so the HTTP test can
// store them through the merchant's calls. A claimed crawler is checked by the network the
// geo data gives its address (its owner's, with no crawler feed loaded).
import { BOT_CATEGORIES } from '../rules/bot-categories.js';
import type { Rule } from '../rules/rule-set.js';
import {
  CHROME_UA,
  DE,
  GOOGLE,
  GOOGLEBOT_IP,
  GOOGLEBOT_UA,
  HETZNER,
  US,
  agent as visitWith,
  on,
  type DecideCase,
} from './decide-case-kit.js';

const CHROME = CHROME_UA;
const agent = (userAgent: string, ip = US) => visitWith(ip, userAgent);
const category = (id: string, name: string, extra: Partial<Rule> = {}): Rule =>
  ({ id, kind: 'bot-agent', categories: [name], ...extra }) as Rule;
const pattern = (id: string, value: string, extra: Partial<Rule> = {}): Rule =>
  ({ id, kind: 'bot-agent', patterns: [{ value, regex: false }], ...extra }) as Rule;
const regex = (id: string, value: string): Rule => ({
  id,
  kind: 'bot-agent',
  patterns: [{ value, regex: true }],
});
const everyCategory = () => BOT_CATEGORIES.map((name) => category(`bot-${name}`, name));
const goodBot = (id: string, name: string, extra: Partial<Rule> = {}): Rule =>
  ({ id, kind: 'bot-agent', goodBots: [name], ...extra }) as Rule;

const SLACK_PREVIEW = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const LINKEDIN_PREVIEW =
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)';
const FACEBOOK_PREVIEW =
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const PINTEREST = 'Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)';
const CHATGPT_USER =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const OAI_SEARCH =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot';

export const botCases: DecideCase[] = [
  {
    name: 'a user-triggered AI agent is not a training crawler',
    rules: on(category('training', 'ai-crawlers')),
    visit: agent(CHATGPT_USER),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a user-triggered AI agent is blocked by its own switch',
    rules: on(category('training', 'ai-crawlers'), category('agents', 'ai-agents')),
    visit: agent(CHATGPT_USER),
    country: 'US',
    expect: { action: 'block', ruleId: 'agents' },
  },
  {
    name: 'an AI search crawler passes while only training crawlers are blocked',
    rules: on(category('training', 'ai-crawlers'), category('agents', 'ai-agents')),
    visit: agent(OAI_SEARCH),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'an AI search crawler is blocked by the AI search switch',
    rules: on(category('search', 'ai-search')),
    visit: agent(OAI_SEARCH),
    country: 'US',
    expect: { action: 'block', ruleId: 'search' },
  },
  {
    name: 'a link preview is never another bot',
    rules: on(category('other', 'other-bots')),
    visit: agent(SLACK_PREVIEW),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a link preview naming an HTTP library is not a script',
    rules: on(category('scripts', 'scripts'), category('other', 'other-bots')),
    visit: agent(LINKEDIN_PREVIEW),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'every category on still lets a link preview in',
    rules: on(...everyCategory()),
    visit: agent(FACEBOOK_PREVIEW),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'every category on still lets Meta read the store for its shopping catalogs',
    rules: on(...everyCategory()),
    visit: agent('facebookcatalog/1.0'),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'DuckDuckGo’s AI answers fetch as an assistant, not as a search crawler',
    rules: on(category('search', 'ai-search'), category('agents', 'ai-agents')),
    visit: agent('DuckAssistBot/1.1; (+http://duckduckgo.com/duckassistbot.html)'),
    country: 'US',
    expect: { action: 'block', ruleId: 'agents' },
  },
  {
    name: 'Mistral’s search index is an AI search crawler, not a training crawler',
    rules: on(category('training', 'ai-crawlers'), category('search', 'ai-search')),
    visit: agent(
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-Index/1.0; +https://docs.mistral.ai/robots)',
    ),
    country: 'US',
    expect: { action: 'block', ruleId: 'search' },
  },
  {
    name: 'a good bot the merchant blocks by name is blocked',
    rules: on(goodBot('pins', 'Pinterestbot')),
    visit: agent(PINTEREST),
    country: 'US',
    expect: { action: 'block', ruleId: 'pins' },
  },
  {
    name: 'blocking one good bot by name lets the others in',
    rules: on(goodBot('pins', 'Pinterestbot')),
    visit: agent(FACEBOOK_PREVIEW),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'an AI crawler is blocked when its category is on',
    rules: on(category('ai', 'ai-crawlers')),
    visit: agent('Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)'),
    country: 'US',
    expect: { action: 'block', ruleId: 'ai' },
  },
  {
    name: 'an ordinary browser passes every bot category',
    rules: on(...everyCategory()),
    visit: agent(CHROME),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a script is blocked by the scripts and HTTP libraries category',
    rules: on(category('ai', 'ai-crawlers'), category('scripts', 'scripts')),
    visit: agent('python-requests/2.32.3'),
    country: 'US',
    expect: { action: 'block', ruleId: 'scripts' },
  },
  {
    name: 'listed agents match without regard to case',
    rules: on(category('seo', 'seo-tools')),
    visit: agent('Mozilla/5.0 (compatible; ahrefsbot/7.0; +http://ahrefs.com/robot/)'),
    country: 'US',
    expect: { action: 'block', ruleId: 'seo' },
  },
  {
    name: 'a headless browser is blocked by its category',
    rules: on(category('headless', 'headless-browsers')),
    visit: agent(CHROME.replace('Chrome/', 'HeadlessChrome/')),
    country: 'US',
    expect: { action: 'block', ruleId: 'headless' },
  },
  {
    name: 'an agent in a category that is not on is allowed',
    rules: on(category('ai', 'ai-crawlers')),
    visit: agent('curl/8.5.0'),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'an empty user agent is blocked by its category',
    rules: on(category('empty', 'empty-agent')),
    visit: agent(''),
    country: 'US',
    expect: { action: 'block', ruleId: 'empty' },
  },
  {
    name: 'a monitored category reports "would block" and lets the visitor in',
    rules: on(category('scripts', 'scripts', { monitor: true })),
    visit: agent('Wget/1.21.4'),
    country: 'US',
    expect: { action: 'allow', ruleId: null, monitorRuleId: 'scripts' },
  },
  {
    name: 'after a monitored category, a blocking pattern still decides',
    rules: on(category('scripts', 'scripts', { monitor: true }), pattern('python', 'python')),
    visit: agent('python-requests/2.32.3'),
    country: 'US',
    expect: { action: 'block', ruleId: 'python', monitorRuleId: 'scripts' },
  },
  {
    name: 'a custom text pattern blocks wherever it appears in the agent, in any case',
    rules: on(pattern('mine', 'MyScraper')),
    visit: agent('Mozilla/5.0 (compatible; myscraper/2.0)'),
    country: 'US',
    expect: { action: 'block', ruleId: 'mine' },
  },
  {
    name: 'a custom regular expression blocks the agents it matches',
    rules: on(regex('old-ie', 'MSIE [1-6]\\.')),
    visit: agent('Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1)'),
    country: 'US',
    expect: { action: 'block', ruleId: 'old-ie' },
  },
  {
    name: 'a custom regular expression lets other agents in',
    rules: on(regex('old-ie', 'MSIE [1-6]\\.')),
    visit: agent('Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)'),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a custom pattern redirects when the blocker redirects',
    rules: on(
      pattern('mine', 'MyScraper', {
        action: { type: 'redirect', url: 'https://example.com/bots' },
      }),
    ),
    visit: agent('MyScraper/1.0'),
    country: 'US',
    expect: { action: 'redirect', ruleId: 'mine', redirectUrl: 'https://example.com/bots' },
  },
  {
    name: 'a fake Googlebot from a hosting network is blocked as a fake crawler',
    rules: on(category('fake', 'fake-crawlers')),
    visit: agent(GOOGLEBOT_UA, DE),
    country: 'DE',
    ...HETZNER,
    expect: { action: 'block', ruleId: 'fake' },
  },
  {
    name: "Googlebot from Google's network is neither a fake crawler nor another bot",
    rules: on(...everyCategory()),
    visit: agent(GOOGLEBOT_UA, GOOGLEBOT_IP),
    country: 'US',
    ...GOOGLE,
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a bot no category lists is blocked as another bot',
    rules: on(category('other', 'other-bots')),
    visit: agent('Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)'),
    country: 'US',
    expect: { action: 'block', ruleId: 'other' },
  },
  {
    name: 'a listed agent is not another bot',
    rules: on(category('other', 'other-bots')),
    visit: agent('python-requests/2.32.3'),
    country: 'US',
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'the IP allow list wins over the Bot Blocker',
    rules: on(category('scripts', 'scripts'), { id: 'a1', kind: 'ip-allow', ip: US }),
    visit: agent('curl/8.5.0'),
    country: 'US',
    expect: { action: 'allow', ruleId: 'a1' },
  },
  {
    name: 'the Country Blocker is checked before the Bot Blocker',
    rules: on(category('scripts', 'scripts'), {
      id: 'c1',
      kind: 'country',
      mode: 'blacklist',
      countries: ['US'],
    }),
    visit: agent('curl/8.5.0'),
    country: 'US',
    expect: { action: 'block', ruleId: 'c1' },
  },
];

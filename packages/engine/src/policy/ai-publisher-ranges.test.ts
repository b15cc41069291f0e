// The AI publishers beyond OpenAI and Perplexity that publish the ranges of their agents:
// Anthropic (one list for ClaudeBot, Claude-SearchBot and Claude-User), Common Crawl (CCBot), DuckDuckGo's AI answers (DuckAssistBot), Mistral AI (MistralAI-User)
// and Google's fetchers that act for a person (NotebookLM, Gemini's research, Google-Agent).
// Each agent is judged by its own list only: another list of the same company (DuckDuckBot's,
// Googlebot's) never vouches for it, and a verified one gets no search engine's pass.
// Amazonbot publishes no ranges: its reverse DNS name, confirmed forward, is what tells.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGeo, type Geo } from '../geo/load-geo.js';
import { buildNetworkClassifier } from '../network/classifier.js';
import {
  crawlerNeedsDns,
  type CrawlerCheck,
  type CrawlerDnsAnswer,
  type CrawlerId,
} from '../network/crawlers.js';
import { FEEDS, parseFeed } from '../network/feeds.js';
import { loadNetworkTable } from '../network/network-table.js';
import type { Rule } from '../rules/rule-set.js';
import { compile } from './compile.js';
import { botRule, DIGITALOCEAN, VERIFIED } from './decide-case-kit.js';
import { decide } from './decide.js';

const AGENTS = {
  claudeBot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  claudeUser:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
  amazonbot:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_10_1) AppleWebKit/600.2.5 (KHTML, like Gecko) Version/8.0.2 Safari/600.2.5 (Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)',
  ccbot: 'CCBot/2.0 (https://commoncrawl.org/faq/)',
  duckAssist: 'DuckAssistBot/1.1; (+http://duckduckgo.com/duckassistbot.html)',
  mistral:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)',
  deepResearch:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Gemini-Deep-Research; +https://gemini.google/overview/deep-research/) Chrome/135.0.0.0 Safari/537.36',
  googleAgent:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-Agent; +https://developers.google.com/crawling/docs/crawlers-fetchers/google-agent)',
};

/** Each list as its publisher's file has it, cut to a few of its ranges. */
const LISTS: Record<string, string[]> = {
  'anthropic-bots': ['216.73.216.0/22'],
  'commoncrawl-ccbot': ['18.97.9.168/29', '2600:1f28:365:8000::/56'],
  duckassistbot: ['20.12.141.99/32'],
  duckduckbot: ['20.12.141.99/32', '40.76.173.151/32'],
  'mistralai-user': ['20.240.160.1/32', '51.12.243.114/32'],
  'google-user-fetchers-google': ['142.250.32.0/27', '2001:4860:4801:4004::/64'],
  'google-user-agents': ['34.64.6.0/27'],
  googlebot: ['66.249.66.0/27'],
};

const FAKES = botRule('fake-crawlers');

let geo: Geo;
beforeAll(async () => {
  geo = await loadGeo({ city: false });
});

function judge(
  lists: string[],
  ip: string,
  userAgent: string,
  rules: Rule[],
  crawlerDns?: CrawlerDnsAnswer,
) {
  const loaded = lists.map((name) => {
    const definition = FEEDS.find((f) => f.name === name)!;
    const body = JSON.stringify({
      creationTime: '2026-11-01T00:00:00Z',
      prefixes: LISTS[name]!.map((p) => (p.includes(':') ? { ipv6Prefix: p } : { ipv4Prefix: p })),
    });
    return { definition, ranges: parseFeed(definition.format, body) };
  });
  geo.setClassifier(buildNetworkClassifier(loadNetworkTable(), loaded));
  const compiled = compile({ appEnabled: true, rules });
  if (!compiled.ok) throw new Error(compiled.errors[0]!.message);
  const dns = crawlerDns === undefined ? {} : { crawlerDns };
  return decide(compiled.policy, { ip, url: '/', userAgent, ...dns }, geo.lookup(ip));
}

type Outcome = [CrawlerId, CrawlerCheck, 'allow' | 'block', string | null];

const cases: [string, string[], string, string, Rule[], Outcome][] = [
  [
    'CCBot from its ranges is verified',
    ['commoncrawl-ccbot'],
    '18.97.9.170',
    AGENTS.ccbot,
    [FAKES],
    ['ccbot', 'verified', 'allow', null],
  ],
  [
    'CCBot from its IPv6 range is verified',
    ['commoncrawl-ccbot'],
    '2600:1f28:365:8010::1',
    AGENTS.ccbot,
    [FAKES],
    ['ccbot', 'verified', 'allow', null],
  ],
  [
    'CCBot from a hosting address is a fake crawler',
    ['commoncrawl-ccbot'],
    DIGITALOCEAN,
    AGENTS.ccbot,
    [FAKES],
    ['ccbot', 'fake', 'block', FAKES.id],
  ],
  [
    'without its list a claimed CCBot is unverified but meets the training switch',
    [],
    DIGITALOCEAN,
    AGENTS.ccbot,
    [FAKES, botRule('ai-crawlers')],
    ['ccbot', 'unverified', 'block', 'bots-ai-crawlers'],
  ],
  [
    'DuckAssistBot from its ranges is verified',
    ['duckassistbot'],
    '20.12.141.99',
    AGENTS.duckAssist,
    [FAKES],
    ['duckassistbot', 'verified', 'allow', null],
  ],
  [
    'DuckAssistBot is not vouched for by DuckDuckBot’s list',
    ['duckduckbot'],
    '20.12.141.99',
    AGENTS.duckAssist,
    [FAKES],
    ['duckassistbot', 'unverified', 'allow', null],
  ],
  [
    'DuckAssistBot from a DuckDuckBot address outside its own list is a fake',
    ['duckduckbot', 'duckassistbot'],
    '40.76.173.151',
    AGENTS.duckAssist,
    [FAKES],
    ['duckassistbot', 'fake', 'block', FAKES.id],
  ],
  [
    'a verified DuckAssistBot gets no search engine’s pass past the assistants switch',
    ['duckassistbot'],
    '20.12.141.99',
    AGENTS.duckAssist,
    [VERIFIED as Rule, botRule('ai-agents')],
    ['duckassistbot', 'verified', 'block', 'bots-ai-agents'],
  ],
  [
    'MistralAI-User from its ranges is verified',
    ['mistralai-user'],
    '51.12.243.114',
    AGENTS.mistral,
    [FAKES],
    ['mistralai-user', 'verified', 'allow', null],
  ],
  [
    'MistralAI-User from a hosting address is a fake crawler',
    ['mistralai-user'],
    DIGITALOCEAN,
    AGENTS.mistral,
    [FAKES],
    ['mistralai-user', 'fake', 'block', FAKES.id],
  ],
  [
    'Gemini Deep Research from Google’s fetchers’ ranges is verified',
    ['google-user-fetchers-google'],
    '142.250.32.9',
    AGENTS.deepResearch,
    [FAKES],
    ['google-user-fetchers', 'verified', 'allow', null],
  ],
  [
    'Gemini Deep Research from Googlebot’s ranges is a fake: its own list decides',
    ['googlebot', 'google-user-fetchers-google'],
    '66.249.66.1',
    AGENTS.deepResearch,
    [FAKES],
    ['google-user-fetchers', 'fake', 'block', FAKES.id],
  ],
  [
    'Google-Agent from Google’s agents’ ranges is verified',
    ['google-user-agents'],
    '34.64.6.7',
    AGENTS.googleAgent,
    [FAKES],
    ['google-user-fetchers', 'verified', 'allow', null],
  ],
  [
    'ClaudeBot from Anthropic’s ranges is verified',
    ['anthropic-bots'],
    '216.73.217.16',
    AGENTS.claudeBot,
    [FAKES],
    ['anthropic', 'verified', 'allow', null],
  ],
  [
    'Claude-User from a hosting address is a fake crawler',
    ['anthropic-bots'],
    DIGITALOCEAN,
    AGENTS.claudeUser,
    [FAKES],
    ['anthropic', 'fake', 'block', FAKES.id],
  ],
  [
    'a verified ClaudeBot still meets the training switch',
    ['anthropic-bots'],
    '216.73.217.16',
    AGENTS.claudeBot,
    [VERIFIED as Rule, botRule('ai-crawlers')],
    ['anthropic', 'verified', 'block', 'bots-ai-crawlers'],
  ],
];

describe('AI agents by the ranges their publishers publish', () => {
  it.each(cases)('%s', (_name, lists, ip, userAgent, rules, [id, check, action, ruleId]) => {
    const decision = judge(lists, ip, userAgent, rules);
    expect(decision.crawler).toEqual({ id, check });
    expect({ action: decision.action, ruleId: decision.rule?.id ?? null }).toEqual({
      action,
      ruleId,
    });
  });
});

describe('Amazonbot by its reverse DNS', () => {
  const AWS = '3.224.220.101';
  it('asks for the address’s DNS name, and until the answer the claim is unverified', () => {
    const facts = geo.lookup(AWS);
    expect(crawlerNeedsDns('amazonbot', facts)).toBe(true);
    expect(judge([], AWS, AGENTS.amazonbot, [FAKES]).crawler).toEqual({
      id: 'amazonbot',
      check: 'unverified',
    });
  });

  it.each([
    ['verified', 'allow', null],
    ['fake', 'block', FAKES.id],
  ] as const)('takes a %s DNS answer as the check', (check, action, ruleId) => {
    const decision = judge([], AWS, AGENTS.amazonbot, [FAKES], { crawler: 'amazonbot', check });
    expect(decision.crawler).toEqual({ id: 'amazonbot', check });
    expect({ action: decision.action, ruleId: decision.rule?.id ?? null }).toEqual({
      action,
      ruleId,
    });
  });
});

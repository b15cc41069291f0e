// AI agents checked by the address ranges their operators publish: with an agent's list
// loaded, its user agent from inside the list is that agent (verified) and from anywhere else
// an impostor, caught as a fake crawler; without the list the claim is neither, so only the
// merchant's switch for the agent's purpose decides it. A verified AI agent gets none of the
// passes of a verified search engine.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGeo, type Geo } from '../geo/load-geo.js';
import { buildNetworkClassifier, type LoadedFeed } from '../network/classifier.js';
import type { CrawlerCheck, CrawlerId } from '../network/crawlers.js';
import { FEEDS, parseFeed } from '../network/feeds.js';
import { loadNetworkTable } from '../network/network-table.js';
import type { Rule } from '../rules/rule-set.js';
import { compile } from './compile.js';
import { botRule, DIGITALOCEAN, VERIFIED } from './decide-case-kit.js';
import { decide } from './decide.js';

const GPTBOT_UA = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)';
const CHATGPT_USER_UA =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const PERPLEXITY_UA =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)';
/** In the GPTBot and PerplexityBot lists below (Azure and AWS addresses). */
const GPTBOT_IP = '20.171.206.7';
const PERPLEXITY_IP = '3.224.220.101';

const prefixJson = (...prefixes: string[]) =>
  JSON.stringify({
    creationTime: '2026-11-01T00:00:00Z',
    prefixes: prefixes.map((p) => (p.includes(':') ? { ipv6Prefix: p } : { ipv4Prefix: p })),
  });
const LISTS: Record<string, string> = {
  'openai-gptbot': prefixJson('20.171.206.0/24', '52.230.152.0/24'),
  'openai-chatgpt-user': prefixJson('23.98.142.176/28'),
  perplexitybot: prefixJson('3.224.220.96/27'),
};
const loaded = (...names: string[]): LoadedFeed[] =>
  names.map((name) => {
    const definition = FEEDS.find((f) => f.name === name)!;
    return { definition, ranges: parseFeed(definition.format, LISTS[name]!) };
  });

const bots = botRule;
const FAKES = bots('fake-crawlers');

let geo: Geo;
beforeAll(async () => {
  geo = await loadGeo({ city: false });
});

interface Case {
  name: string;
  lists: string[];
  ip: string;
  userAgent: string;
  rules: Rule[];
  crawler: { id: CrawlerId; check: CrawlerCheck };
  expect: { action: 'allow' | 'block' | 'redirect'; ruleId: string | null };
}

const cases: Case[] = [
  {
    name: 'GPTBot from its published ranges is verified and not a fake',
    lists: ['openai-gptbot'],
    ip: GPTBOT_IP,
    userAgent: GPTBOT_UA,
    rules: [FAKES],
    crawler: { id: 'gptbot', check: 'verified' },
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'GPTBot from a hosting address outside its ranges is a fake crawler',
    lists: ['openai-gptbot'],
    ip: DIGITALOCEAN,
    userAgent: GPTBOT_UA,
    rules: [FAKES],
    crawler: { id: 'gptbot', check: 'fake' },
    expect: { action: 'block', ruleId: FAKES.id },
  },
  {
    name: 'an impostor ChatGPT-User is caught though assistants are let in',
    lists: ['openai-gptbot', 'openai-chatgpt-user'],
    // GPTBot's range is not ChatGPT-User's: each agent is checked against its own list.
    ip: GPTBOT_IP,
    userAgent: CHATGPT_USER_UA,
    rules: [FAKES],
    crawler: { id: 'chatgpt-user', check: 'fake' },
    expect: { action: 'block', ruleId: FAKES.id },
  },
  {
    name: 'without its list a claimed GPTBot is unverified, never called a fake',
    lists: [],
    ip: DIGITALOCEAN,
    userAgent: GPTBOT_UA,
    rules: [FAKES],
    crawler: { id: 'gptbot', check: 'unverified' },
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'without its list a claimed GPTBot still meets the training crawlers switch',
    lists: [],
    ip: DIGITALOCEAN,
    userAgent: GPTBOT_UA,
    rules: [FAKES, bots('ai-crawlers')],
    crawler: { id: 'gptbot', check: 'unverified' },
    expect: { action: 'block', ruleId: 'bots-ai-crawlers' },
  },
  {
    name: 'ChatGPT-User is unverified while only GPTBot’s list is loaded',
    lists: ['openai-gptbot'],
    ip: DIGITALOCEAN,
    userAgent: CHATGPT_USER_UA,
    rules: [FAKES],
    crawler: { id: 'chatgpt-user', check: 'unverified' },
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'a verified GPTBot gets no verified search engine’s pass past the training switch',
    lists: ['openai-gptbot'],
    ip: GPTBOT_IP,
    userAgent: GPTBOT_UA,
    rules: [VERIFIED as Rule, bots('ai-crawlers')],
    crawler: { id: 'gptbot', check: 'verified' },
    expect: { action: 'block', ruleId: 'bots-ai-crawlers' },
  },
  {
    name: 'PerplexityBot from its published ranges is verified',
    lists: ['perplexitybot'],
    ip: PERPLEXITY_IP,
    userAgent: PERPLEXITY_UA,
    rules: [FAKES],
    crawler: { id: 'perplexitybot', check: 'verified' },
    expect: { action: 'allow', ruleId: null },
  },
  {
    name: 'PerplexityBot from outside its ranges is a fake crawler',
    lists: ['perplexitybot'],
    ip: GPTBOT_IP,
    userAgent: PERPLEXITY_UA,
    rules: [FAKES],
    crawler: { id: 'perplexitybot', check: 'fake' },
    expect: { action: 'block', ruleId: FAKES.id },
  },
];

describe('AI agents by their published ranges', () => {
  it.each(cases)('$name', (c) => {
    geo.setClassifier(buildNetworkClassifier(loadNetworkTable(), loaded(...c.lists)));
    const compiled = compile({ appEnabled: true, rules: c.rules });
    if (!compiled.ok) throw new Error(compiled.errors[0]!.message);
    const decision = decide(
      compiled.policy,
      { ip: c.ip, url: '/', userAgent: c.userAgent },
      geo.lookup(c.ip),
    );
    expect(decision.crawler).toEqual(c.crawler);
    expect({ action: decision.action, ruleId: decision.rule?.id ?? null }).toEqual(c.expect);
  });
});

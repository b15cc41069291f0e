// The AI agents' published ranges through the feed refresh, served from a local server: until
// GPTBot's list loads a claimed GPTBot is judged by the fail-safe rule (never called a fake,
// since its operator documents no other check); once it loads, GPTBot from its ranges gets in
// and the same user agent from a hosting address is blocked as a fake crawler. A list that
// stops loading keeps its last good copy. The feed card tells the AI agents' lists apart. The
// publishers beyond OpenAI and Perplexity (Anthropic, Common Crawl, DuckDuckGo's AI answers,
// Mistral AI, Google's user-triggered fetchers) go through the same steps, each by its own list.
import { BOT_CATEGORIES, type DecideResponse, type VpnBlockerView } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOnPlan, type ShopSession } from '../helpers/signed-in-shops.js';
import { refreshFeeds } from '../helpers/feed-refresh.js';
import { prefixJson, startFeedServer, type FeedServer } from '../helpers/feed-server.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const GPTBOT_UA = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)';
const GPTBOT_IP = '20.171.206.7';
const DIGITALOCEAN = '159.89.0.1';

/** Each publisher's feed, a few of its ranges, an address in them and its agent's user agent. */
const PUBLISHERS = [
  {
    feed: 'anthropic-bots',
    ranges: ['216.73.216.0/22'],
    inside: '216.73.217.16',
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
  },
  {
    feed: 'commoncrawl-ccbot',
    ranges: ['18.97.9.168/29', '2600:1f28:365:8000::/56'],
    inside: '18.97.9.170',
    userAgent: 'CCBot/2.0 (https://commoncrawl.org/faq/)',
  },
  {
    feed: 'duckassistbot',
    ranges: ['20.12.141.99/32', '40.76.173.151/32'],
    inside: '40.76.173.151',
    userAgent: 'DuckAssistBot/1.1; (+http://duckduckgo.com/duckassistbot.html)',
  },
  {
    feed: 'mistralai-user',
    ranges: ['20.240.160.1/32', '51.12.243.114/32'],
    inside: '20.240.160.1',
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)',
  },
  {
    feed: 'google-user-fetchers-google',
    ranges: ['142.250.32.0/27'],
    inside: '142.250.32.9',
    userAgent:
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Google-NotebookLM; +https://notebooklm.google.com)',
  },
];

let feeds: FeedServer;
let t: TestApp;
let shop: ShopSession;

beforeAll(async () => {
  feeds = await startFeedServer();
  t = await createTestApp({
    NETWORK_FEED_URLS: feeds.feedUrls,
    NETWORK_FEED_TIMEOUT_MS: '3000',
  });
  shop = await signInOnPlan(t, 'ai-agent-feeds', 'premium');
  const categories = Object.fromEntries(BOT_CATEGORIES.map((id) => [id, 'off']));
  const saved = await t.call('saveBotBlocker', shop.token, {
    action: { type: 'block' },
    categories: { ...categories, 'fake-crawlers': 'block' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

afterAll(async () => {
  feeds?.close();
  await t?.close();
});

const refresh = () => refreshFeeds(t);

const decide = async (ip: string, userAgent = GPTBOT_UA) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
      query: { shop: shop.shop, url: `https://${shop.shop}/products/hat` },
    })
  ).json<DecideResponse>().action;

describe('AI agents’ published ranges', () => {
  it('judges a claimed GPTBot by the fail-safe rule until its list loads', async () => {
    const outcomes = await refresh();
    expect(outcomes['openai-gptbot']).toMatchObject({ result: 'failed' });
    expect(await decide(DIGITALOCEAN)).toBe('allow');
    expect(await decide(GPTBOT_IP)).toBe('allow');
  });

  it('lets GPTBot in from its ranges and blocks it from anywhere else once loaded', async () => {
    feeds.files['/openai-gptbot'] = prefixJson('20.171.206.0/24', '52.230.152.0/24');
    expect((await refresh())['openai-gptbot']).toMatchObject({ result: 'updated', ranges: 2 });
    expect(await decide(GPTBOT_IP)).toBe('allow');
    expect(await decide(DIGITALOCEAN)).toBe('block');
  });

  it('keeps the last good copy when the list stops loading', async () => {
    feeds.files['/openai-gptbot'] = '<html>maintenance</html>';
    expect((await refresh())['openai-gptbot']!.error).toMatch(/JSON/);
    expect(await decide(DIGITALOCEAN)).toBe('block');
  });

  it('marks the AI agents’ lists on the feed card', async () => {
    const view = (await t.call('getVpnBlocker', shop.token)).json<VpnBlockerView>();
    const feed = (name: string) => view.feeds.find((f) => f.name === name)!;
    expect(feed('openai-gptbot')).toMatchObject({ aiAgent: true, loaded: true });
    expect(feed('perplexity-user')).toMatchObject({ aiAgent: true, loaded: false });
    expect(feed('googlebot').aiAgent).toBe(false);
  });
});

const actions = (ip: (p: (typeof PUBLISHERS)[number]) => string) =>
  Promise.all(PUBLISHERS.map(async (p) => [p.feed, await decide(ip(p), p.userAgent)]));

describe('AI publishers’ published ranges', () => {
  it('lets a claimed agent pass the fake crawlers switch until its list loads', async () => {
    const outcomes = await refreshFeeds(t);
    for (const p of PUBLISHERS)
      expect(outcomes[p.feed], p.feed).toMatchObject({ result: 'failed' });
    for (const [feed, action] of await actions(() => DIGITALOCEAN))
      expect(action, feed).toBe('allow');
  });

  it('lets each agent in from its ranges and blocks it from anywhere else once loaded', async () => {
    for (const p of PUBLISHERS) feeds.files[`/${p.feed}`] = prefixJson(...p.ranges);
    const outcomes = await refreshFeeds(t);
    for (const p of PUBLISHERS) {
      expect(outcomes[p.feed], p.feed).toMatchObject({
        result: 'updated',
        ranges: p.ranges.length,
      });
    }
    for (const [feed, action] of await actions((p) => p.inside)) expect(action, feed).toBe('allow');
    for (const [feed, action] of await actions(() => DIGITALOCEAN))
      expect(action, feed).toBe('block');
  });

  it('keeps each last good copy when the lists stop loading', async () => {
    for (const p of PUBLISHERS) feeds.files[`/${p.feed}`] = '{"prefixes": "maintenance"}';
    const outcomes = await refreshFeeds(t);
    for (const p of PUBLISHERS) expect(outcomes[p.feed]!.error, p.feed).toMatch(/prefixes/);
    for (const [feed, action] of await actions(() => DIGITALOCEAN))
      expect(action, feed).toBe('block');
  });

  it('marks the publishers’ lists as AI agents’ on the feed card', async () => {
    const view = (await t.call('getVpnBlocker', shop.token)).json<VpnBlockerView>();
    const feed = (name: string) => view.feeds.find((f) => f.name === name)!;
    for (const p of PUBLISHERS)
      expect(feed(p.feed), p.feed).toMatchObject({ aiAgent: true, loaded: true });
    expect(feed('google-user-agents')).toMatchObject({ aiAgent: true, loaded: false });
    expect(feed('duckduckbot').aiAgent).toBe(false);
  });
});

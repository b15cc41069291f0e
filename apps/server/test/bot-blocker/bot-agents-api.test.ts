// A listed category's agents through the merchant's call: each agent with the store's visits
// by it this week, those seen first, a page at a time; another store's visits never count;
// a bad category or page is refused with what to send.
import {
  BOT_AGENTS_PAGE_SIZE,
  botAgentsMessages,
  type BotAgentsPage,
  type BotBlockerView,
  type DecideResponse,
} from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { TestApp } from '../helpers/test-app.js';

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)';
const CCBOT = 'CCBot/2.0 (https://commoncrawl.org/faq/)';
const CHATGPT_USER =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';

let t: TestApp;
let alice: ShopSession;
let bob: ShopSession;
useSignedInShops(
  {
    alice: { name: 'alice-bot-agents', plan: 'premium' },
    bob: { name: 'bob-bot-agents', plan: 'premium' },
  },
  (s) => ({ t, alice, bob } = s),
);

const visit = async (shop: ShopSession, userAgent: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/storefront/decide',
    headers: { 'x-forwarded-for': '8.8.8.8', 'user-agent': userAgent },
    query: { shop: shop.shop, url: `https://${shop.shop}/products/hat` },
  });
  expect(res.json<DecideResponse>().action).toBe('allow');
};

/** The category's page once the queued visits are written. */
const agents = async (shop: ShopSession, query: object) => {
  await t.app.visits.flush();
  const res = await t.call('getBotAgents', shop.token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BotAgentsPage>();
};

const seen = (page: BotAgentsPage, name: string) =>
  page.agents.find((agent) => agent.name === name)?.seenThisWeek;

describe('a category’s agents with their visits this week', () => {
  it('counts each agent’s visits and lists the agents seen first', async () => {
    await visit(alice, CCBOT);
    await visit(alice, GPTBOT);
    await visit(alice, GPTBOT);
    await visit(alice, CHATGPT_USER);
    const page = await agents(alice, { category: 'ai-crawlers' });
    expect(page.agents.slice(0, 2).map((a) => [a.name, a.seenThisWeek])).toEqual([
      ['GPTBot', 2],
      ['CCBot', 1],
    ]);
    expect(page.agents[0]).toMatchObject({ owner: 'OpenAI', source: 'table' });
    expect(seen(page, 'ClaudeBot')).toBe(0);
    expect(page.partial).toBe(false);
    // ChatGPT-User is an assistant's agent: counted in its own category only.
    expect(seen(await agents(alice, { category: 'ai-agents' }), 'ChatGPT-User')).toBe(1);
  });

  it('never counts another store’s visits', async () => {
    await visit(bob, GPTBOT);
    const before = seen(await agents(alice, { category: 'ai-crawlers' }), 'GPTBot') ?? 0;
    await visit(bob, GPTBOT);
    expect(seen(await agents(alice, { category: 'ai-crawlers' }), 'GPTBot') ?? 0).toBe(before);
    expect(seen(await agents(bob, { category: 'ai-crawlers' }), 'GPTBot')).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('gives a long category a page at a time, every agent once', async () => {
    const first = await agents(alice, { category: 'ai-crawlers' });
    expect(first.total).toBeGreaterThan(BOT_AGENTS_PAGE_SIZE);
    expect(first.agents).toHaveLength(BOT_AGENTS_PAGE_SIZE);
    const names = new Set(first.agents.map((a) => a.name));
    const pages = Math.ceil(first.total / BOT_AGENTS_PAGE_SIZE);
    for (let page = 2; page <= pages; page++) {
      const next = await agents(alice, { category: 'ai-crawlers', page: String(page) });
      expect(next.page).toBe(page);
      for (const agent of next.agents) names.add(agent.name);
    }
    expect(names.size).toBe(first.total);
    expect((await agents(alice, { category: 'ai-crawlers', page: pages + 1 })).agents).toEqual([]);
  });

  it('names an operator only where Gatehouse’s list does, the public list’s page otherwise', async () => {
    const view = (await t.call('getBotBlocker', alice.token)).json<BotBlockerView>();
    const bot = (name: string) => view.goodBots.find((b) => b.name === name);
    expect(bot('Friendica')).toMatchObject({ owner: '', reference: 'hoyer.xyz' });
    expect(bot('WhatsApp')).toMatchObject({ owner: 'Meta', reference: '' });
  });

  it('refuses a category without a list, a bad page and a missing session', async () => {
    for (const query of [{}, { category: 'other-bots' }, { category: 'nope' }]) {
      const res = await t.call('getBotAgents', alice.token, query);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ Message: string }>().Message).toBe(botAgentsMessages.category);
    }
    for (const page of ['0', '1.5', 'x', '1001']) {
      const res = await t.call('getBotAgents', alice.token, { category: 'scripts', page });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ Message: string }>().Message).toBe(botAgentsMessages.page);
    }
    const res = await t.call('getBotAgents', alice.token, { category: 'scripts', extra: '1' });
    expect(res.statusCode).toBe(400);
    expect((await t.call('getBotAgents', null, { category: 'scripts' })).statusCode).toBe(401);
  });
});

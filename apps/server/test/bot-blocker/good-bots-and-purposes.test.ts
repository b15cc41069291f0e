// AI agents by purpose and good bots through the merchant's calls: training crawlers, AI search
// crawlers and AI assistants are three switches; a client that sends only the switches it knew
// keeps the others as they were; link previews are never caught by "other bots" and can be
// blocked one by one, by name, and let in again; a name Gatehouse does not know is refused.
import {
  BOT_CATEGORIES,
  botMessages as m,
  type BotBlockerView,
  type DecideResponse,
} from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { TestApp } from '../helpers/test-app.js';

const CHATGPT_USER =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)';
const PINTEREST = 'Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)';
const WHATSAPP = 'WhatsApp/2.23.20.0 A';

let t: TestApp;
let alice: ShopSession;
let bob: ShopSession;
useSignedInShops(
  {
    alice: { name: 'alice-good-bots', plan: 'premium' },
    bob: { name: 'bob-good-bots', plan: 'premium' },
  },
  (s) => ({ t, alice, bob } = s),
);

const off = () => Object.fromEntries(BOT_CATEGORIES.map((id) => [id, 'off']));

const save = (shop: ShopSession, body: object) =>
  t.call('saveBotBlocker', shop.token, { action: { type: 'block' }, ...body });

const view = async (shop: ShopSession) =>
  (await t.call('getBotBlocker', shop.token)).json<BotBlockerView>();

const decide = async (shop: ShopSession, userAgent: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': '8.8.8.8', 'user-agent': userAgent },
      query: { shop: shop.shop, url: `https://${shop.shop}/products/hat` },
    })
  ).json<DecideResponse>().action;

describe('AI agents by purpose', () => {
  it('blocks training crawlers while assistants fetching a page for a person get in', async () => {
    const res = await save(alice, { categories: { ...off(), 'ai-crawlers': 'block' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await decide(alice, GPTBOT)).toBe('block');
    expect(await decide(alice, CHATGPT_USER)).toBe('allow');
    const agents = res.json<BotBlockerView>().categories.find((c) => c.id === 'ai-agents')!;
    expect(agents).toMatchObject({ mode: 'off', agents: expect.arrayContaining(['ChatGPT-User']) });
    // A category names the rule its visits carry, which access requests are counted by.
    const training = res.json<BotBlockerView>().categories.find((c) => c.id === 'ai-crawlers')!;
    expect(training.ruleId).toEqual(expect.any(String));
    await t.app.visits.flush();
    const visits = await t.call('listVisits', alice.token, {});
    const rules = visits.json<{ visits: { rule: { id: string } | null }[] }>().visits;
    expect(rules.map((v) => v.rule?.id)).toContain(training.ruleId);
  });

  it('keeps the switches a client leaves out as they were', async () => {
    expect((await save(alice, { categories: { ...off(), 'ai-agents': 'block' } })).statusCode).toBe(
      200,
    );
    const older = Object.fromEntries(
      Object.entries(off()).filter(([id]) => id !== 'ai-search' && id !== 'ai-agents'),
    );
    const res = await save(alice, { categories: { ...older, 'ai-crawlers': 'block' } });
    expect(res.statusCode, res.body).toBe(200);
    const modes = Object.fromEntries(
      res.json<BotBlockerView>().categories.map((c) => [c.id, c.mode]),
    );
    expect(modes).toMatchObject({
      'ai-crawlers': 'block',
      'ai-agents': 'block',
      'ai-search': 'off',
    });
    expect(await decide(alice, CHATGPT_USER)).toBe('block');
  });
});

describe('good bots', () => {
  it('lets link previews in with every category blocked', async () => {
    const all = Object.fromEntries(BOT_CATEGORIES.map((id) => [id, 'block']));
    expect((await save(bob, { categories: all })).statusCode).toBe(200);
    expect(await decide(bob, PINTEREST)).toBe('allow');
    expect(await decide(bob, WHATSAPP)).toBe('allow');
    const listed = (await view(bob)).goodBots;
    expect(listed.map((g) => g.name)).toEqual(
      expect.arrayContaining(['facebookexternalhit', 'WhatsApp', 'Pinterestbot', 'Slackbot']),
    );
    expect(listed.every((g) => g.mode === 'allow')).toBe(true);
  });

  it('blocks one by name, counts its visits, and lets it in again', async () => {
    const blocked = await save(bob, { categories: off(), goodBots: { Pinterestbot: 'block' } });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await decide(bob, PINTEREST)).toBe('block');
    expect(await decide(bob, WHATSAPP)).toBe('allow');
    await t.app.visits.flush();
    const pins = (await view(bob)).goodBots.find((g) => g.name === 'Pinterestbot')!;
    expect(pins).toMatchObject({ mode: 'block', hits: 1 });
    // Another shop's bots are its own.
    expect(await decide(alice, PINTEREST)).toBe('allow');

    expect(
      (await save(bob, { categories: off(), goodBots: { Pinterestbot: 'allow' } })).statusCode,
    ).toBe(200);
    expect(await decide(bob, PINTEREST)).toBe('allow');
    expect((await view(bob)).goodBots.find((g) => g.name === 'Pinterestbot')!.mode).toBe('allow');
  });

  it('refuses a name it does not know, and changes nothing', async () => {
    expect(
      (await save(bob, { categories: off(), goodBots: { Pinterestbot: 'block' } })).statusCode,
    ).toBe(200);
    const res = await save(bob, {
      categories: { ...off(), scripts: 'block' },
      goodBots: { Pinterestbot: 'allow', NotABot: 'block' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: m.unknownGoodBot('NotABot') });
    const after = await view(bob);
    expect(after.goodBots.find((g) => g.name === 'Pinterestbot')!.mode).toBe('block');
    expect(after.categories.find((c) => c.id === 'scripts')!.mode).toBe('off');
    const bad = await save(bob, { categories: off(), goodBots: { Pinterestbot: 'sometimes' } });
    expect(bad.statusCode).toBe(400);
  });
});

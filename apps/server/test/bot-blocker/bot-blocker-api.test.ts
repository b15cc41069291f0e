// The Bot Blocker's calls: a paid feature (403 on Free), rules stored only for the caller's
// shop, every bad input a 400 with a clear Message that changes nothing (a regular expression
// the linear-time engine cannot run included), and each change applied by the very next
// storefront decision, which reads the visitor's user agent; a blocked visit reads as "Bot
// Blocker: …" in the visitor log (linked to the blocker's page), counts a hit on its category
// or pattern and counts on the dashboard's Bot/VPN/Proxy card.
import {
  BOT_CATEGORIES,
  botMessages as m,
  hygieneMessages,
  maxBotPatterns,
  protectionMessages as pm,
  type BotBlockerView,
  type BotPatternEntry,
  type DashboardData,
  type VisitPage,
} from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { botRules } from '../../src/features/bot-blocker/bot-schema.js';
import { UPGRADE_MESSAGE } from '../../src/core/plan-gates.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const VISITOR = '8.8.8.8';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Alice's categories: scripts blocked, AI crawlers watched. */
const ALICE = { scripts: 'block', 'ai-crawlers': 'monitor' };

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
const ids: Record<string, string> = {};

async function shopIdOf(domain: string) {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, domain));
  return row!.id;
}

async function setPlan(shop: SignedIn, plan: 'free' | 'premium' | 'payg') {
  const id = await shopIdOf(shop.shop);
  await t.app.db.update(shops).set({ plan }).where(eq(shops.id, id));
  await t.app.protection.policies.rebuild(id);
}

/** The blocker as stored once queued visits are written (their hits are part of it). */
const view = async (token: string) => {
  await t.app.visits.flush();
  return (await t.call('getBotBlocker', token)).json<BotBlockerView>();
};

const modes = (overrides: Record<string, string> = {}) => ({
  ...Object.fromEntries(BOT_CATEGORIES.map((id) => [id, 'off'])),
  ...overrides,
});

const save = (
  token: string,
  categories: Record<string, string>,
  action: object = { type: 'block' },
) => t.call('saveBotBlocker', token, { action, categories: modes(categories) });

const decide = async (shop: SignedIn, userAgent: string, path = '/', ip = VISITOR) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
      query: { shop: shop.shop, url: `https://${shop.shop}${path}` },
    })
  ).json<{ action: string; redirectUrl?: string }>();

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-bots');
  bob = await t.signIn('bob-bots');
  carol = await t.signIn('carol-bots');
  await setPlan(alice, 'premium');
  await setPlan(bob, 'payg');
  await t.app.protection.geo.ready;
});
afterAll(async () => {
  await t?.close();
});

describe('the plan gate', () => {
  it('answers 403 with the upgrade message on the Free plan, for every call', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [name, input] of [
      ['getBotBlocker', {}],
      ['saveBotBlocker', { action: { type: 'block' }, categories: modes({ scripts: 'block' }) }],
      ['addBotBlocker', { pattern: 'MyScraper' }],
      ['updateBotBlocker', { id, mode: 'monitor' }],
      ['deleteBotBlocker', { ids: [id] }],
    ] as const) {
      const res = await t.call(name, carol.token, input);
      expect(res.statusCode, name).toBe(403);
      expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
    }
    expect(await t.app.db.select().from(botRules)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.call('getBotBlocker', null)).statusCode).toBe(401);
  });
});

describe('categories and action', () => {
  it('answers every category off, no patterns, and the listed agents', async () => {
    const bot = await view(alice.token);
    expect(bot).toMatchObject({ action: { type: 'block' }, patterns: [], limit: maxBotPatterns });
    expect(bot.categories.map((c) => [c.id, c.mode, c.hits])).toEqual(
      BOT_CATEGORIES.map((id) => [id, 'off', 0]),
    );
    const agents = Object.fromEntries(bot.categories.map((c) => [c.id, c.agents]));
    expect(agents['ai-crawlers']).toContain('GPTBot');
    expect(agents.scripts).toContain('python-requests');
    expect(agents['empty-agent']).toEqual([]);
  });

  it('saves the action and every mode, for the caller only', async () => {
    const res = await save(
      alice.token,
      { scripts: 'block', 'ai-crawlers': 'monitor' },
      { type: 'redirect', url: 'https://example.com/bots' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const bot = res.json<BotBlockerView>();
    expect(bot.action).toEqual({ type: 'redirect', url: 'https://example.com/bots' });
    expect(Object.fromEntries(bot.categories.map((c) => [c.id, c.mode]))).toEqual(
      modes({ scripts: 'block', 'ai-crawlers': 'monitor' }),
    );
    expect((await view(bob.token)).categories.every((c) => c.mode === 'off')).toBe(true);
    expect((await save(alice.token, ALICE)).statusCode).toBe(200);
  });

  it.each([
    [{ action: { type: 'block' }, categories: modes({ scripts: 'sometimes' }) }, m.mode],
    [{ action: { type: 'block' }, categories: { scripts: 'block' } }, m.mode],
    [{ action: { type: 'block' }, categories: 'all' }, m.categories],
    [{ action: { type: 'redirect', url: '' }, categories: modes() }, pm.redirectUrl],
    [
      { action: { type: 'redirect', url: 'nowhere' }, categories: modes() },
      '"nowhere" is not a valid redirect URL (use a full http:// or https:// address)',
    ],
    [
      { action: { type: 'redirect', url: 'ftp://example.com/' }, categories: modes() },
      '"ftp://example.com/" is not a valid redirect URL (use a full http:// or https:// address)',
    ],
  ])('refuses a bad save (%#) with a clear message and changes nothing', async (input, message) => {
    const before = await view(alice.token);
    const res = await t.call('saveBotBlocker', alice.token, input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
    expect(await view(alice.token)).toEqual(before);
  });
});

describe('custom patterns', () => {
  it('adds texts and regular expressions, newest first, for the caller only', async () => {
    for (const input of [
      { pattern: ' MyScraper ', note: 'our competitor' },
      { pattern: '^acme-(crawler|fetcher)/\\d+', regex: true, mode: 'monitor' },
    ]) {
      const res = await t.call('addBotBlocker', alice.token, input);
      expect(res.statusCode, res.body).toBe(200);
      const entry = res.json<BotPatternEntry>();
      ids[entry.pattern] = entry.id;
    }
    const { patterns } = await view(alice.token);
    expect(patterns.map((p) => [p.pattern, p.regex, p.mode, p.note, p.hits])).toEqual([
      ['^acme-(crawler|fetcher)/\\d+', true, 'monitor', '', 0],
      ['MyScraper', false, 'block', 'our competitor', 0],
    ]);
    expect((await view(bob.token)).patterns).toEqual([]);
  });

  it.each([
    [{ pattern: '' }, m.pattern],
    [{ pattern: '   ' }, m.pattern],
    [{}, m.pattern],
    [{ pattern: 'x'.repeat(201) }, m.patternTooLong],
    [{ pattern: 'bot\u0000' }, hygieneMessages.control('The pattern')],
    [
      { pattern: 'bot(', regex: true },
      '"bot(" is not a valid regular expression (Unterminated group).',
    ],
    [{ pattern: 'MyBot', mode: 'off' }, m.mode],
    [{ pattern: 'MyBot', note: 'x'.repeat(501) }, pm.noteTooLong],
    [{ pattern: 'myscraper' }, m.duplicate],
    [
      { pattern: '(?<!good)bot', regex: true },
      '"(?<!good)bot": lookbehind, (?<= or (?<!, is not supported in user-agent patterns.',
    ],
    [
      { pattern: 'bot{1001}', regex: true },
      '"bot{1001}" cannot be used in user-agent patterns (invalid repeat count: `{1001}`)',
    ],
    [
      { pattern: 'Mozilla' },
      '"Mozilla" also matches ordinary browsers (Chrome on Windows): it would block real shoppers',
    ],
  ])('refuses %j with a clear message and changes nothing', async (input, message) => {
    const before = await view(alice.token);
    const res = await t.call('addBotBlocker', alice.token, input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
    expect(await view(alice.token)).toEqual(before);
  });

  it('changes a pattern’s mode, and never another shop’s pattern or a category', async () => {
    const res = await t.call('updateBotBlocker', alice.token, {
      id: ids.MyScraper,
      mode: 'monitor',
    });
    expect(res.json<BotPatternEntry>()).toMatchObject({ pattern: 'MyScraper', mode: 'monitor' });
    await t.call('updateBotBlocker', alice.token, { id: ids.MyScraper, mode: 'block' });
    const [category] = await t.app.db
      .select()
      .from(botRules)
      .where(eq(botRules.category, 'scripts'));
    const before = await view(alice.token);
    for (const [token, input, message] of [
      [bob.token, { id: ids.MyScraper, mode: 'monitor' }, pm.entryId],
      [alice.token, { id: category!.id, mode: 'monitor' }, pm.entryId],
      [alice.token, { id: 'nope', mode: 'monitor' }, pm.entryId],
      [alice.token, { id: ids.MyScraper, mode: 'off' }, m.mode],
    ] as const) {
      const bad = await t.call('updateBotBlocker', token, input);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ Message: message });
    }
    expect(await view(alice.token)).toEqual(before);
  });

  it('refuses bad deletes, and never deletes another shop’s pattern or a category', async () => {
    expect((await t.call('deleteBotBlocker', alice.token, { ids: [] })).json()).toMatchObject({
      Message: pm.noEntries,
    });
    expect((await t.call('deleteBotBlocker', alice.token, { ids: ['nope'] })).json()).toMatchObject(
      {
        Message: pm.entryId,
      },
    );
    const [category] = await t.app.db
      .select()
      .from(botRules)
      .where(eq(botRules.category, 'scripts'));
    const before = await view(alice.token);
    expect((await t.call('deleteBotBlocker', bob.token, { ids: [ids.MyScraper] })).json()).toEqual({
      deleted: 0,
    });
    expect((await t.call('deleteBotBlocker', alice.token, { ids: [category!.id] })).json()).toEqual(
      { deleted: 0 },
    );
    expect(await view(alice.token)).toEqual(before);
  });

  it(`holds at most ${maxBotPatterns} patterns`, async () => {
    const bobId = await shopIdOf(bob.shop);
    await t.app.db.insert(botRules).values(
      Array.from({ length: maxBotPatterns }, (_, i) => ({
        shopId: bobId,
        pattern: `scraper-${i}`,
        key: `text:scraper-${i}`,
      })),
    );
    const res = await t.call('addBotBlocker', bob.token, { pattern: 'one-more' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: m.cap });
    const { patterns } = await view(bob.token);
    expect(patterns).toHaveLength(maxBotPatterns);
    await t.call('deleteBotBlocker', bob.token, { ids: patterns.map((p) => p.id) });
    expect((await view(bob.token)).patterns).toEqual([]);
  });
});

describe('storefront decisions', () => {
  it('block by category and pattern at once, and only for the shop that set them', async () => {
    expect((await decide(alice, 'python-requests/2.32.3')).action).toBe('block');
    expect((await decide(alice, 'Mozilla/5.0 (compatible; myscraper/2.1)')).action).toBe('block');
    expect((await decide(alice, CHROME)).action).toBe('allow');
    // A monitored category and a monitored pattern let the visitor in.
    expect((await decide(alice, 'GPTBot/1.2')).action).toBe('allow');
    expect((await decide(alice, 'acme-crawler/3')).action).toBe('allow');
    expect((await decide(bob, 'python-requests/2.32.3')).action).toBe('allow');
  });

  it('redirect when the blocker redirects', async () => {
    await save(alice.token, ALICE, { type: 'redirect', url: 'https://example.com/bots' });
    expect(await decide(alice, 'curl/8.5.0')).toMatchObject({
      action: 'redirect',
      redirectUrl: 'https://example.com/bots',
    });
    await save(alice.token, ALICE);
  });

  it('block a fake Googlebot and let the real one in', async () => {
    await save(bob.token, { 'fake-crawlers': 'block' });
    expect((await decide(bob, GOOGLEBOT, '/', '88.198.0.1')).action).toBe('block');
    expect((await decide(bob, GOOGLEBOT, '/', '66.249.66.1')).action).toBe('allow');
    await save(bob.token, {});
  });

  it('stop applying when the plan no longer includes the blocker, and the rules stay', async () => {
    await setPlan(alice, 'free');
    expect((await decide(alice, 'python-requests/2.32.3')).action).toBe('allow');
    await setPlan(alice, 'premium');
    expect((await decide(alice, 'python-requests/2.32.3')).action).toBe('block');
  });

  it('name the rule in the visitor log, count hits and count on the dashboard', async () => {
    const blocked = async () =>
      (await t.call('getDashboardData', alice.token, { days: 1 })).json<DashboardData>().vpn;
    const hitsOf = (bot: BotBlockerView) => ({
      scripts: bot.categories.find((c) => c.id === 'scripts')!.hits,
      ai: bot.categories.find((c) => c.id === 'ai-crawlers')!.hits,
      mine: bot.patterns.find((p) => p.pattern === 'MyScraper')!.hits,
    });
    const before = hitsOf(await view(alice.token));
    const blockedBefore = await blocked();
    await decide(alice, 'Wget/1.21.4', '/products/from-bots');
    await decide(alice, 'MyScraper/1.0', '/products/from-bots');
    await decide(alice, 'GPTBot/1.2', '/products/from-bots');
    const after = await view(alice.token);
    expect(hitsOf(after)).toEqual({
      scripts: before.scripts + 1,
      ai: before.ai + 1,
      mine: before.mine + 1,
    });
    expect(after.categories.find((c) => c.id === 'scripts')!.lastHitAt).not.toBeNull();
    // The two blocked visits count, not the one monitor mode let in.
    expect((await blocked()) - blockedBefore).toBe(2);

    const page = (
      await t.call('listVisits', alice.token, { url: '/products/from-bots' })
    ).json<VisitPage>();
    expect(
      page.visits.map((v) => [v.action, v.rule?.label ?? null, v.monitor?.label ?? null]),
    ).toEqual([
      ['allow', null, 'Bot Blocker: AI training crawlers'],
      ['block', 'Bot Blocker: "MyScraper"', null],
      ['block', 'Bot Blocker: Scripts and HTTP libraries', null],
    ]);
    expect(page.visits[1]!.rule).toMatchObject({ kind: 'bot-agent', page: '/botBlocker' });
  });
});

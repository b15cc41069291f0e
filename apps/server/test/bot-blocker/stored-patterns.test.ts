// A custom pattern stored before the engine refused its kind (a regular expression with
// lookahead, accepted when patterns ran on JavaScript's engine): the shop keeps its other
// patterns and rules at the storefront, an IP Blocker save is not held up by it, a Bot Blocker
// save names it until it is removed, and removing it works as for any pattern.
import { type BotBlockerView } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { botRules } from '../../src/features/bot-blocker/bot-schema.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const LEGACY = 'bot(?!ok)';
const REFUSED = `"${LEGACY}": lookahead, (?= or (?!, is not supported in user-agent patterns`;

let t: TestApp;
let alice: SignedIn;
let shopId: string;

const decide = async (userAgent: string, ip = '8.8.8.8') =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': ip, 'user-agent': userAgent },
      query: { shop: alice.shop, url: `https://${alice.shop}/` },
    })
  ).json<{ action: string }>().action;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-stored-patterns');
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, alice.shop));
  shopId = row!.id;
  await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.id, shopId));
  expect((await t.call('addBotBlocker', alice.token, { pattern: 'EvilScraper' })).statusCode).toBe(
    200,
  );
  await t.app.db
    .insert(botRules)
    .values({ shopId, pattern: LEGACY, regex: true, key: `regex:${LEGACY}` });
  await t.app.protection.policies.rebuild(shopId);
});
afterAll(async () => {
  await t?.close();
});

describe('a stored pattern the engine no longer accepts', () => {
  it('is left out at the storefront while the shop’s other patterns still block', async () => {
    expect(await decide('EvilScraper/1.0')).toBe('block');
    expect(await decide('somebot/1.0')).toBe('allow');
  });

  it('does not hold up a save of another blocker', async () => {
    const res = await t.call('addIpBlocker', alice.token, { ip: '198.51.100.9' });
    expect(res.statusCode).toBe(200);
    expect(await decide('curl/8', '198.51.100.9')).toBe('block');
  });

  it('is named when the Bot Blocker is saved, and the save changes nothing', async () => {
    const res = await t.call('addBotBlocker', alice.token, { pattern: 'OtherScraper' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: REFUSED });
    const view = (await t.call('getBotBlocker', alice.token)).json<BotBlockerView>();
    expect(view.patterns.map((p) => p.pattern).sort()).toEqual(['EvilScraper', LEGACY]);
  });

  it('can be removed, and the Bot Blocker saves again', async () => {
    const view = (await t.call('getBotBlocker', alice.token)).json<BotBlockerView>();
    const legacy = view.patterns.find((p) => p.pattern === LEGACY)!;
    expect((await t.call('deleteBotBlocker', alice.token, { ids: [legacy.id] })).statusCode).toBe(
      200,
    );
    const res = await t.call('addBotBlocker', alice.token, { pattern: 'OtherScraper' });
    expect(res.statusCode).toBe(200);
    expect(await decide('OtherScraper/2')).toBe('block');
  });
});

// The Bot Blocker's robots.txt check, read from the store's live file on the platform (the
// emulator's storefront, over HTTP): the AI crawlers the merchant blocks with what the file
// lets them read, and the template lines for the rest; a change to the file is seen at once
// when the merchant checks again; each shop sees its own store; a bad query is a 400 that says
// what to do; and a store that cannot be reached is answered as such, with no page called
// allowed, never as a server error.
import { BOT_CATEGORIES, robotsTxtMessages, type RobotsTxtView } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;

const modes = (overrides: Record<string, string> = {}) => ({
  ...Object.fromEntries(BOT_CATEGORIES.map((id) => [id, 'off'])),
  ...overrides,
});

async function check(shop: SignedIn, query: Record<string, string> = { fresh: 'true' }) {
  const res = await t.call('getRobotsTxt', shop.token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RobotsTxtView>();
}

const crawler = (view: RobotsTxtView, agent: string) =>
  view.crawlers.find((c) => c.agent === agent);

const ALL = { home: true, collection: true, product: true };
const NONE = { home: false, collection: false, product: false };

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-robots');
  bob = await t.signIn('bob-robots');
  for (const shop of [alice, bob]) {
    const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, shop.shop));
    await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.id, row!.id));
    await t.app.protection.policies.rebuild(row!.id);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('the robots.txt check', () => {
  it('lists no crawler while the merchant blocks no AI crawlers', async () => {
    const view = await check(alice);
    expect(view).toMatchObject({
      state: 'read',
      problem: null,
      url: `https://${alice.shop}/robots.txt`,
      crawlers: [],
      liquid: null,
    });
  });

  it("reads the platform's default file as letting the blocked crawlers in, with the lines", async () => {
    const saved = await t.call('saveBotBlocker', alice.token, {
      action: { type: 'block' },
      categories: modes({ 'ai-crawlers': 'block' }),
    });
    expect(saved.statusCode).toBe(200);
    const view = await check(alice);
    expect(view.state).toBe('read');
    expect(crawler(view, 'GPTBot')).toEqual({
      agent: 'GPTBot',
      owner: 'OpenAI',
      category: 'ai-crawlers',
      pages: ALL,
    });
    expect(crawler(view, 'CCBot')?.pages).toEqual(ALL);
    expect(view.liquid).toContain('{% for group in robots.default_groups %}');
    expect(view.liquid).toContain('User-agent: GPTBot\nDisallow: /');
  });

  it('sees the lines once the store serves them, when the merchant checks again', async () => {
    const before = await check(alice);
    const served = await t.emulator.setRobotsTxt(
      alice.shop,
      'User-agent: *\nDisallow: /cart\n\nUser-agent: GPTBot\nDisallow: /\n',
    );
    expect(served.robotsTxt).toContain('GPTBot');
    // Within the minute the copy already read is answered; a fresh check reads the file.
    expect(crawler(await check(alice, {}), 'GPTBot')?.pages).toEqual(ALL);
    const after = await check(alice);
    expect(crawler(after, 'GPTBot')?.pages).toEqual(NONE);
    expect(crawler(after, 'CCBot')?.pages).toEqual(ALL);
    expect(after.liquid).not.toContain('GPTBot');
    expect(after.liquid).toContain('User-agent: CCBot');
    expect(Date.parse(after.checkedAt)).toBeGreaterThanOrEqual(Date.parse(before.checkedAt));
  });

  it('answers each shop about its own store only', async () => {
    await t.call('saveBotBlocker', bob.token, {
      action: { type: 'block' },
      categories: modes({ 'ai-crawlers': 'block' }),
    });
    const view = await check(bob);
    expect(view.url).toBe(`https://${bob.shop}/robots.txt`);
    expect(crawler(view, 'GPTBot')?.pages).toEqual(ALL);
    expect((await t.call('getRobotsTxt', null, {})).statusCode).toBe(401);
  });

  it('answers a bad query with a 400 that says what to do', async () => {
    for (const query of [{ fresh: 'yes' }, { shop: bob.shop }]) {
      const res = await t.call('getRobotsTxt', alice.token, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json<{ Message: string }>().Message).toBeTruthy();
    }
    const res = await t.call('getRobotsTxt', alice.token, { fresh: 'yes' });
    expect(res.json()).toMatchObject({ Message: robotsTxtMessages.fresh, code: 'invalid_input' });
  });

  it('says the store could not be reached, with no page called allowed', async () => {
    await t.stopEmulator();
    const view = await check(alice);
    expect(view.state).toBe('unreachable');
    expect(view.problem).toMatch(/could not be reached.*check again/);
    expect(view.crawlers.every((c) => c.pages === null)).toBe(true);
    expect(view.liquid).toContain('User-agent: GPTBot\nDisallow: /');
    // Not even the copy read a moment ago is answered as live.
    expect((await check(alice, {})).state).toBe('unreachable');
  });
});

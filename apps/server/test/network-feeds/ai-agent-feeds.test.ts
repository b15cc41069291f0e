// The AI agents' published ranges through the feed refresh, served from a local server: until
// GPTBot's list loads a claimed GPTBot is judged by the fail-safe rule (never called a fake,
// since its operator documents no other check); once it loads, GPTBot from its ranges gets in
// and the same user agent from a hosting address is blocked as a fake crawler. A list that
// stops loading keeps its last good copy. The feed card tells the AI agents' lists apart.
import { createServer, type Server } from 'node:http';
import { BOT_CATEGORIES, type DecideResponse, type VpnBlockerView } from '@gatehouse/contracts';
import { FEEDS } from '@gatehouse/engine';
import { freePort } from '@gatehouse/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOnPlan, type ShopSession } from '../helpers/signed-in-shops.js';
import { refreshFeeds } from '../helpers/feed-refresh.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const GPTBOT_UA = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2)';
const GPTBOT_IP = '20.171.206.7';
const DIGITALOCEAN = '159.89.0.1';

/** What the local feed server answers per path; the rest is 404. */
const files: Record<string, string> = {};
let server: Server;
let t: TestApp;
let shop: ShopSession;

beforeAll(async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = createServer((req, res) => {
    const body = files[req.url ?? ''];
    if (body === undefined) res.writeHead(404).end('not found');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  t = await createTestApp({
    NETWORK_FEED_URLS: FEEDS.map((f) => `${f.name}=${base}/${f.name}`).join(','),
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
  server.closeAllConnections();
  server.close();
  await t?.close();
});

const refresh = () => refreshFeeds(t);

const decide = async (ip: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': ip, 'user-agent': GPTBOT_UA },
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
    files['/openai-gptbot'] = JSON.stringify({
      creationTime: '2026-11-01T00:00:00Z',
      prefixes: [{ ipv4Prefix: '20.171.206.0/24' }, { ipv4Prefix: '52.230.152.0/24' }],
    });
    expect((await refresh())['openai-gptbot']).toMatchObject({ result: 'updated', ranges: 2 });
    expect(await decide(GPTBOT_IP)).toBe('allow');
    expect(await decide(DIGITALOCEAN)).toBe('block');
  });

  it('keeps the last good copy when the list stops loading', async () => {
    files['/openai-gptbot'] = '<html>maintenance</html>';
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

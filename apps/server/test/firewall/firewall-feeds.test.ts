// The firewall classifies visitors with the same network feeds as the storefront's decisions:
// the server's refresh job stores the feed files (served here from a local server, as their
// publishers would), the firewall follows the server's copies by a long poll answered as soon
// as a refresh stores a new one, and then a Tor exit that only the Tor feed names is blocked at
// the edge by the Bot (VPN/Proxy) Blocker the merchant enforces there, while a Googlebot from a
// range only Google's feed publishes passes the firewall though its country is blocked. The
// copies are for firewalls only (their key), and 304 when unchanged.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  FIREWALL_FEEDS_PATH,
  type FirewallSettings,
  type VpnBlockerSettings,
} from '@gatehouse/contracts';
import {
  buildNetworkClassifier,
  FEEDS,
  loadGeo,
  loadNetworkTable,
  parseDevOrigins,
  type Geo,
} from '@gatehouse/engine';
import {
  buildFirewall,
  createFeedSource,
  createPolicySource,
  type FeedSource,
  type PolicySource,
} from '@gatehouse/firewall';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { FEED_COPIES_POLLS } from '../../src/features/network-feeds/feed-copies-route.js';
import { NETWORK_FEEDS_JOB } from '../../src/features/network-feeds/network-feeds-plugin.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const TOR_EXIT = '185.220.101.1'; // DE, a Tor exit's network the built-in table does not list
const CRAWLER = '81.2.69.161'; // GB, a home ISP's network (AS20712), not Google's
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HOST = 'feeds.example.com';

/** What the local feed server answers per path. */
const files: Record<string, string> = {};
let feedServer: Server;
let origin: Server;
let reached = 0;
let t: TestApp;
let carol: SignedIn;
let geo: Geo;
let policies: PolicySource;
let feeds: FeedSource;
let firewall: FastifyInstance;
let firewallPort: number;

const OFF = { enabled: false, action: { type: 'block' }, monitor: false } as const;
const TOR_ON: VpnBlockerSettings = {
  switches: { hosting: OFF, vpn: OFF, proxy: OFF, tor: { ...OFF, enabled: true } },
  allowPrivateRelay: true,
};

/** Listens on a port the system picks; answers the server's address. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function visit(ip: string, userAgent?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: firewallPort,
        path: '/',
        headers: {
          host: HOST,
          'x-forwarded-for': ip,
          ...(userAgent ? { 'user-agent': userAgent } : {}),
        },
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  feedServer = createServer((req, res) => {
    const body = files[req.url ?? ''];
    if (body === undefined) res.writeHead(404).end('not found');
    else res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
  });
  const feedBase = await listen(feedServer);
  origin = createServer((_req, res) => {
    reached += 1;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('the store');
  });
  const originUrl = await listen(origin);
  t = await createTestApp({
    // Each feed at /<its name> on the local server.
    NETWORK_FEED_URLS: FEEDS.map((f) => `${f.name}=${feedBase}/${f.name}`).join(','),
    NETWORK_FEED_TIMEOUT_MS: '3000',
    // The store's origin is on loopback.
    FIREWALL_DEV_ORIGINS: '127.0.0.1',
  });
  carol = await t.signIn('carol-feeds');
  await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.domain, carol.shop));
  expect((await t.call('saveVpnBlocker', carol.token, TOR_ON)).statusCode).toBe(200);
  const country = await t.call('saveCountryBlocker', carol.token, {
    mode: 'blacklist',
    countries: ['GB'],
    action: { type: 'block' },
    monitor: false,
  });
  expect(country.statusCode).toBe(200);
  const settings: FirewallSettings = {
    enabled: true,
    origin: originUrl,
    hosts: [HOST],
    enforce: ['vpn-blocker', 'country-blocker'],
    rateLimit: { enabled: false, max: 300, windowSeconds: 60, action: 'challenge' },
  };
  expect((await t.call('saveFirewallSettings', carol.token, settings)).statusCode).toBe(200);

  const table = loadNetworkTable();
  geo = await loadGeo({ city: false, classifier: buildNetworkClassifier(table, []) });
  const follow = {
    url: t.config.appUrl,
    key: t.config.firewall.key,
    refreshMs: 60_000,
    timeoutMs: 5000,
    waitSeconds: 30,
    log: { warn: () => {}, error: () => {} },
  };
  policies = createPolicySource(follow);
  feeds = createFeedSource({ ...follow, table, onClassifier: (c) => geo.setClassifier(c) });
  await Promise.all([policies.firstRead, feeds.firstRead]);
  firewall = await buildFirewall({
    source: policies,
    feeds,
    geo: () => geo,
    key: t.config.firewall.key,
    originTimeoutMs: 5000,
    trustedProxies: ['127.0.0.1'],
    // The store's origin is the emulator on loopback.
    devOrigins: parseDevOrigins('127.0.0.1'),
  });
  await firewall.listen({ port: 0, host: '127.0.0.1' });
  firewallPort = (firewall.server.address() as AddressInfo).port;
});

afterAll(async () => {
  policies?.close();
  feeds?.close();
  await firewall?.close();
  await t?.close();
  feedServer?.closeAllConnections();
  feedServer?.close();
  origin?.closeAllConnections();
  origin?.close();
});

describe('the network feeds at the edge', () => {
  it('classifies with the built-in table alone before any feed is stored', async () => {
    expect(feeds.status().feeds).toEqual({});
    const before = reached;
    expect(await visit(TOR_EXIT)).toBe(200);
    expect(await visit(CRAWLER, GOOGLEBOT)).toBe(403);
    expect(reached).toBe(before + 1);
  });

  it('blocks a Tor exit and lets a verified crawler in once the refresh stores the feeds', async () => {
    // The firewall's read of the copies is waiting on the server.
    await expect.poll(() => t.app.longPolls.waiting(FEED_COPIES_POLLS), { timeout: 5000 }).toBe(1);
    files['/tor-exits'] = `${TOR_EXIT}\n185.220.101.2\n`;
    files['/googlebot'] = JSON.stringify({ prefixes: [{ ipv4Prefix: '81.2.69.160/28' }] });
    await t.app.jobs.run(NETWORK_FEEDS_JOB, {}, { timeoutMs: 30_000 });
    // Pushed to the firewall, well within its 30 s wait.
    await expect
      .poll(() => feeds.status().feeds, { timeout: 5000 })
      .toMatchObject({ 'tor-exits': 2, googlebot: 1 });

    const before = reached;
    expect(await visit(TOR_EXIT)).toBe(403);
    expect(reached).toBe(before);
    expect(await visit(CRAWLER, GOOGLEBOT)).toBe(200);
    expect(reached).toBe(before + 1);
    // The same address without the crawler's user agent is still in a blocked country.
    expect(await visit(CRAWLER)).toBe(403);
  });

  it('answers the copies to the firewall key only, and 304 while unchanged', async () => {
    const unkeyed = await t.app.inject({ method: 'GET', url: FIREWALL_FEEDS_PATH });
    expect(unkeyed.statusCode).toBe(401);
    const headers = { authorization: `Bearer ${t.config.firewall.key}` };
    const first = await t.app.inject({ method: 'GET', url: FIREWALL_FEEDS_PATH, headers });
    expect(first.statusCode).toBe(200);
    const copies = first.json<{ version: string; feeds: { name: string }[] }>();
    expect(copies.feeds.map((f) => f.name).sort()).toEqual(['googlebot', 'tor-exits']);
    const again = await t.app.inject({
      method: 'GET',
      url: FIREWALL_FEEDS_PATH,
      headers: { ...headers, 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

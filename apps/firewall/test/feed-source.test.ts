// The network feeds in the firewall: the server's copies (served here as the server answers
// them: firewall key, ETag, 304) are indexed into the firewall's classifier, so a Tor exit
// that only the Tor feed names is blocked by the Bot (VPN/Proxy) Blocker's Tor rule and a
// crawler is verified by its published ranges. The classifier is rebuilt only when the copies
// changed; when the server is down, or answers a document that is not feed copies, the last
// good copies go on classifying, and a firewall restarted with the server down classifies from
// its cache file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIREWALL_FEEDS_PATH } from '@gatehouse/contracts';
import {
  buildNetworkClassifier,
  loadGeo,
  loadNetworkTable,
  type FeedCopies,
  type Geo,
  type NetworkClassifier,
} from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedSource, type FeedSource } from '../src/feed-source.js';
import {
  KEY,
  send,
  shopOf,
  startDocumentServer,
  type RunningFirewall,
  withFirewall,
} from './helpers.js';

const TOR_EXIT = '185.220.101.1'; // a Tor exit's network, not in the built-in table
const quiet = { warn: () => {}, error: () => {} };
const table = loadNetworkTable();

let dir: string;
let geo: Geo;
let firewall: RunningFirewall;
let feedServer: FeedServer;
let feeds: FeedSource;
/** Classifiers the feed source built, in order. */
const built: NetworkClassifier[] = [];

interface FeedServer {
  app: FastifyInstance;
  url: string;
  /** The document answered; a string is answered as it is. */
  copies: FeedCopies | string;
}

async function startFeedServer(copies: FeedCopies | string): Promise<FeedServer> {
  const server = { copies } as FeedServer;
  const body = () =>
    typeof server.copies === 'string' ? server.copies : JSON.stringify(server.copies);
  Object.assign(server, await startDocumentServer(FIREWALL_FEEDS_PATH, body));
  return server;
}

function feedSource(
  url: string,
  cacheFile: string,
  onClassifier = (c: NetworkClassifier) => {
    built.push(c);
    geo.setClassifier(c);
  },
) {
  return createFeedSource({
    url,
    key: KEY,
    refreshMs: 60_000,
    timeoutMs: 500,
    cacheFile,
    table,
    onClassifier,
    log: quiet,
  });
}

const tor = (ips: string[]): FeedCopies['feeds'][number] => ({
  name: 'tor-exits',
  body: ips.join('\n') + '\n',
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fw-feeds-'));
  geo = await loadGeo({ city: false, classifier: buildNetworkClassifier(table, []) });
  feedServer = await startFeedServer({ version: 'v1', feeds: [] });
});

afterAll(async () => {
  feeds?.close();
  await feedServer?.app.close().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

withFirewall(
  {
    shops: (originUrl) => [
      shopOf('feeds.example.com', originUrl, {
        appEnabled: true,
        rules: [
          // What the Bot (VPN/Proxy) Blocker's Tor switch compiles to.
          { id: 'tor', kind: 'network', networks: ['tor'], action: { type: 'block' } },
        ],
      }),
    ],
    firewall: () => ({ geo, trustedProxies: ['127.0.0.1'] }),
  },
  (s) => ({ firewall } = s),
);

const fromTor = () =>
  send(firewall.port, 'feeds.example.com', '/', { headers: { 'x-forwarded-for': TOR_EXIT } });

describe('the network feeds in the firewall', () => {
  it('blocks a Tor exit only once a feed names it', async () => {
    feeds = feedSource(feedServer.url, join(dir, 'feeds.json'));
    await feeds.firstRead;
    expect((await fromTor()).status).toBe(200);
    feedServer.copies = { version: 'v2', feeds: [tor([TOR_EXIT])] };
    await feeds.refresh();
    expect(feeds.status()).toMatchObject({ feeds: { 'tor-exits': 1 }, fromCache: false });
    expect((await fromTor()).status).toBe(403);
  });

  it('rebuilds the classifier only when the copies changed', async () => {
    const before = built.length;
    await feeds.refresh();
    await feeds.refresh();
    expect(built.length).toBe(before);
    expect(feeds.status().failures).toBe(0);
  });

  it('keeps the last good copies when the server answers something else', async () => {
    const before = built.length;
    feedServer.copies = '{"version":"v3","feeds":[{"name":"tor-exits"}]}';
    await feeds.refresh();
    feedServer.copies = 'not json';
    await feeds.refresh();
    expect(feeds.status().failures).toBe(2);
    expect(built.length).toBe(before);
    expect((await fromTor()).status).toBe(403);
  });

  it('keeps them when the server is down, and after a restart from its cache file', async () => {
    await feedServer.app.close();
    await feeds.refresh();
    expect(feeds.status().failures).toBeGreaterThan(0);
    expect((await fromTor()).status).toBe(403);
    feeds.close();

    // A restart: the table alone until the cached copies are indexed.
    geo.setClassifier(buildNetworkClassifier(table, []));
    expect((await fromTor()).status).toBe(200);
    feeds = feedSource(feedServer.url, join(dir, 'feeds.json'));
    await feeds.firstRead;
    expect(feeds.status()).toMatchObject({ fromCache: true, feeds: { 'tor-exits': 1 } });
    expect((await fromTor()).status).toBe(403);
  });
});

// A local stand-in for the feeds' publishers: answers each path from a map the test changes as
// it goes (404 for a path it does not hold), so a refresh can be made to fail, load or break.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FEEDS } from '@gatehouse/engine';

export interface FeedServer {
  /** The body served per path (`/<feed name>`); remove a path to answer 404. */
  files: Record<string, string>;
  /** NETWORK_FEED_URLS pointing every feed of the product at this server. */
  feedUrls: string;
  close(): void;
}

export async function startFeedServer(): Promise<FeedServer> {
  const files: Record<string, string> = {};
  const server = createServer((req, res) => {
    const body = files[req.url ?? ''];
    if (body === undefined) res.writeHead(404).end('not found');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    files,
    feedUrls: FEEDS.map((f) => `${f.name}=${base}/${f.name}`).join(','),
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** A file in the JSON shape the crawlers' publishers use, listing the given ranges. */
export const prefixJson = (...prefixes: string[]) =>
  JSON.stringify({
    creationTime: '2026-11-01T00:00:00Z',
    prefixes: prefixes.map((p) => (p.includes(':') ? { ipv6Prefix: p } : { ipv4Prefix: p })),
  });

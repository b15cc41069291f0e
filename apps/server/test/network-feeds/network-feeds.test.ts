// Feed refreshes against feed files served from a local server: a good file is stored and
// classifies addresses at once; a bad, truncated, shrunken or slow one keeps the last good copy
// and records why.
import { createServer, type Server } from 'node:http';
import { FEEDS, NETWORK_PRIVATE_RELAY, NETWORK_TOR, type GeoLookup } from '@gatehouse/engine';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkFeeds } from '../../src/features/network-feeds/network-feeds-schema.js';
import { feedCopiesCache } from '../../src/features/network-feeds/feed-store.js';
import { refreshFeeds } from '../helpers/feed-refresh.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** What the local feed server answers per path; `hang` never answers. */
const files: Record<string, string | 'hang'> = {};
let server: Server;
let base: string;
let t: TestApp;

beforeAll(async () => {
  server = createServer((req, res) => {
    const body = files[req.url ?? ''];
    if (body === 'hang') return; // never answers
    if (body === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({
    NETWORK_FEED_URLS: [
      `tor-exits=${base}/tor`,
      `icloud-private-relay=${base}/relay`,
      `googlebot=${base}/googlebot`,
      `google-special-crawlers=${base}/special`,
      `bingbot=${base}/bing`,
      `applebot=${base}/apple`,
      `duckduckbot=${base}/ddg`,
    ].join(','),
    NETWORK_FEED_TIMEOUT_MS: '3000',
    NETWORK_FEEDS_CHECK_MS: '50',
  });
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await t?.close();
});

const refresh = () => refreshFeeds(t);

async function geo(): Promise<GeoLookup> {
  return (await t.app.protection.geo.ready)!;
}

describe('network feeds', () => {
  it('stores good files and classifies addresses from them at once', async () => {
    files['/tor'] = '185.220.101.1\n185.220.101.2\n';
    files['/relay'] = '172.224.224.0/27,GB,GB-EN,London,\n';
    files['/googlebot'] = JSON.stringify({ prefixes: [{ ipv4Prefix: '66.249.66.0/27' }] });
    const outcomes = await refresh();
    expect(outcomes['tor-exits']).toMatchObject({ result: 'updated', ranges: 2 });
    expect(outcomes['icloud-private-relay']).toMatchObject({ result: 'updated', ranges: 1 });
    expect(outcomes['bingbot']).toMatchObject({ result: 'failed' });
    expect(outcomes['bingbot']!.error).toContain('HTTP 404');
    const lookup = await geo();
    expect(lookup.lookup('185.220.101.1').network & NETWORK_TOR).toBe(NETWORK_TOR);
    expect(lookup.lookup('172.224.224.9').network).toBe(NETWORK_PRIVATE_RELAY);
  });

  it('keeps the last good copy of a garbage, truncated, shrunken or slow file, saying why', async () => {
    files['/tor'] = '185.220.101.1\n185.220.10'; // cut off mid-address
    files['/relay'] = '<html>maintenance</html>';
    files['/googlebot'] = 'hang';
    const before = await t.app.db.select().from(networkFeeds);
    const outcomes = await refresh();
    expect(outcomes['tor-exits']!.error).toMatch(/line 2/);
    expect(outcomes['icloud-private-relay']!.error).toMatch(/line 1/);
    expect(outcomes['googlebot']!.error).toMatch(/no answer within 3 s/);
    const after = await t.app.db.select().from(networkFeeds);
    for (const row of before.filter((r) => r.body !== null)) {
      const now = after.find((r) => r.name === row.name)!;
      expect(now.body).toBe(row.body);
      expect(now.lastError).not.toBeNull();
    }
    expect((await geo()).lookup('185.220.101.2').network & NETWORK_TOR).toBe(NETWORK_TOR);

    files['/tor'] = '185.220.101.1\n185.220.101.2\n185.220.101.3\n185.220.101.4\n';
    await refresh();
    files['/tor'] = '185.220.101.1\n';
    expect((await refresh())['tor-exits']!.error).toMatch(/fewer than half/);
    expect((await geo()).lookup('185.220.101.4').network & NETWORK_TOR).toBe(NETWORK_TOR);
  });

  it('picks up a copy another instance stored, by its periodic check', async () => {
    // Another instance's job writes the table; this instance has run nothing.
    const body = '185.220.101.1\n185.220.101.2\n185.220.101.3\n185.220.101.77\n';
    await t.app.db
      .update(networkFeeds)
      .set({ body, ranges: 4, fetchedAt: new Date() })
      .where(eq(networkFeeds.name, 'tor-exits'));
    const lookup = await geo();
    await expect
      .poll(() => lookup.lookup('185.220.101.77').network & NETWORK_TOR, { timeout: 10_000 })
      .toBe(NETWORK_TOR);
  });

  it("builds the firewalls' copies once per version, shared by readers asking together", async () => {
    const copies = feedCopiesCache(t.app.db, FEEDS);
    const [a, b] = await Promise.all([copies(), copies()]);
    expect(a).toBe(b);
    expect(await copies()).toBe(a);
    expect(JSON.parse(a.body).feeds.map((f: { name: string }) => f.name)).toContain('tor-exits');
    const body = '185.220.101.1\n185.220.101.2\n185.220.101.3\n185.220.101.88\n';
    await t.app.db
      .update(networkFeeds)
      .set({ body, ranges: 4, fetchedAt: new Date(Date.now() + 1000) })
      .where(eq(networkFeeds.name, 'tor-exits'));
    const next = await copies();
    expect(next.version).not.toBe(a.version);
    expect(next.body).toContain('185.220.101.88');
  });

  it('lets the built copies go once nobody has asked for them a while', async () => {
    const copies = feedCopiesCache(t.app.db, FEEDS, 50);
    const first = await copies();
    expect(await copies()).toBe(first);
    await expect
      .poll(async () => (await copies()) !== first, { interval: 120, timeout: 10_000 })
      .toBe(true);
    expect((await copies()).version).toBe(first.version);
  });
});

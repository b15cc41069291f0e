// The firewall's access log: every request it answers for a protected shop (proxied, blocked,
// rate limited) reaches the server in a batch with its facts; the queue is bounded and what it
// cannot hold or the server does not take (down, refusing, too slow) is dropped and counted,
// never waited for by a request; URLs are kept printable.
import { FIREWALL_ACCESS_LOG_PATH, type FirewallAccessRecord } from '@gatehouse/contracts';
import type { GeoLookup } from '@gatehouse/engine';
import { UNKNOWN_FACTS } from '@gatehouse/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessLog, loggedUrl, type AccessLog } from '../src/access-log.js';
import {
  KEY,
  send,
  shopOf,
  startLoopbackServer,
  until,
  type RunningFirewall,
  withFirewall,
} from './helpers.js';

const SHOP = '6f1c1a52-33a5-4c1e-9d7e-8f0c4d1e2a01';
const BLOCKED = '198.51.100.7';

/** A stand-in for the server's batch endpoint: keeps what it takes, or answers `mode`. */
async function startCollector() {
  const state = {
    entries: [] as FirewallAccessRecord[],
    batches: 0,
    mode: 'take' as 'take' | 'refuse' | 'hang',
  };
  const { app, url } = await startLoopbackServer(
    (server) =>
      server.post(FIREWALL_ACCESS_LOG_PATH, async (request, reply) => {
        if (request.headers.authorization !== `Bearer ${KEY}`) return reply.code(401).send({});
        if (state.mode === 'refuse') return reply.code(503).send({});
        if (state.mode === 'hang') return new Promise(() => {});
        const { entries } = request.body as { entries: FirewallAccessRecord[] };
        state.batches += 1;
        state.entries.push(...entries);
        return { stored: entries.length };
      }),
    { bodyLimit: 4 * 1024 * 1024 },
  );
  return Object.assign(state, { app, url });
}

const quiet = { warn: () => {} };
const record = (n: number): FirewallAccessRecord => ({
  shopId: SHOP,
  time: Date.now(),
  ip: '203.0.113.9',
  country: null,
  asn: null,
  method: 'GET',
  url: `/page/${n}`,
  status: 200,
  action: 'allow',
  rule: null,
  bytes: 10,
  durationMs: 1.5,
});

describe('through a firewall', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let firewall: RunningFirewall;
  let log: AccessLog;
  const geo: GeoLookup = {
    lookup: (ip) =>
      ip === '8.8.8.8' ? { ...UNKNOWN_FACTS, country: 'US', asn: 15169 } : UNKNOWN_FACTS,
  } as GeoLookup;

  beforeAll(async () => {
    collector = await startCollector();
    log = createAccessLog({
      url: collector.url,
      key: KEY,
      flushMs: 50,
      maxQueued: 1000,
      timeoutMs: 2000,
      log: quiet,
    });
  });
  afterAll(async () => {
    await log?.close();
    await collector?.app.close();
  });

  withFirewall(
    {
      origin: (app) =>
        app.all('/*', async (_request, reply) => reply.type('text/plain').send('x'.repeat(1234))),
      shops: (originUrl) => [
        shopOf(
          'shop.example.com',
          originUrl,
          { appEnabled: true, rules: [{ id: 'b1', kind: 'ip-block', ip: BLOCKED }] },
          { shopId: SHOP },
        ),
      ],
      firewall: () => ({ geo, trustedProxies: ['127.0.0.1'], accessLog: log }),
    },
    (s) => ({ firewall } = s),
  );

  it('reports a proxied and a blocked request with their facts, in a batch', async () => {
    const allowed = await send(firewall.port, 'shop.example.com', '/products/hat?x=1', {
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    expect(allowed.status).toBe(200);
    const blocked = await send(firewall.port, 'shop.example.com', '/cart', {
      method: 'POST',
      body: 'a=1',
      headers: { 'x-forwarded-for': BLOCKED },
    });
    expect(blocked.status).toBe(403);
    await until(() => collector.entries.length >= 2);
    const proxied = collector.entries.find((e) => e.ip === '8.8.8.8')!;
    expect(proxied).toMatchObject({
      shopId: SHOP,
      country: 'US',
      asn: 15169,
      method: 'GET',
      url: '/products/hat?x=1',
      status: 200,
      action: 'allow',
      rule: null,
      bytes: 1234,
    });
    expect(proxied.durationMs).toBeGreaterThan(0);
    expect(Math.abs(proxied.time - Date.now())).toBeLessThan(10_000);
    const refused = collector.entries.find((e) => e.ip === BLOCKED)!;
    expect(refused).toMatchObject({
      method: 'POST',
      url: '/cart',
      status: 403,
      action: 'block',
      rule: 'ip-block',
    });
    expect(refused.bytes).toBeGreaterThan(0);
  });

  it('does not report requests for hosts it does not serve', async () => {
    await log.flush();
    const before = log.stats().sent;
    const res = await send(firewall.port, 'unknown.example.com', '/');
    expect(res.status).toBe(421);
    await log.flush();
    expect(log.stats().sent).toBe(before);
  });
});

describe('the queue and the sends', () => {
  it('drops and counts what a full queue cannot hold', async () => {
    const collector = await startCollector();
    const log = createAccessLog({
      url: collector.url,
      key: KEY,
      flushMs: 60_000,
      maxQueued: 3,
      batchSize: 10,
      timeoutMs: 2000,
      log: quiet,
    });
    for (let n = 0; n < 5; n += 1) log.record(record(n));
    expect(log.stats()).toMatchObject({ queued: 3, droppedFull: 2 });
    await log.flush();
    expect(log.stats()).toMatchObject({ queued: 0, sent: 3, droppedFull: 2, droppedFailed: 0 });
    expect(collector.entries.map((e) => e.url)).toEqual(['/page/0', '/page/1', '/page/2']);
    await log.close();
    await collector.app.close();
  });

  it('sends a full batch at once, and splits a long queue into batches', async () => {
    const collector = await startCollector();
    const log = createAccessLog({
      url: collector.url,
      key: KEY,
      flushMs: 60_000,
      maxQueued: 100,
      batchSize: 4,
      timeoutMs: 2000,
      log: quiet,
    });
    for (let n = 0; n < 10; n += 1) log.record(record(n));
    await log.flush();
    expect(collector.entries).toHaveLength(10);
    expect(collector.batches).toBe(3);
    await log.close();
    await collector.app.close();
  });

  it('counts a refused batch and a batch the server is too slow for as dropped', async () => {
    const collector = await startCollector();
    const warnings: string[] = [];
    const log = createAccessLog({
      url: collector.url,
      key: KEY,
      flushMs: 60_000,
      maxQueued: 100,
      timeoutMs: 200,
      log: { warn: (_obj, msg) => warnings.push(msg) },
    });
    collector.mode = 'refuse';
    log.record(record(1));
    log.record(record(2));
    await log.flush();
    expect(log.stats()).toMatchObject({ sent: 0, droppedFailed: 2 });
    expect(warnings).toEqual(['access log entries dropped: the server did not take a batch']);
    collector.mode = 'hang';
    log.record(record(3));
    const started = Date.now();
    await log.flush();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(log.stats()).toMatchObject({ sent: 0, droppedFailed: 3, queued: 0 });
    collector.mode = 'take';
    log.record(record(4));
    await log.flush();
    expect(log.stats()).toMatchObject({ sent: 1, droppedFailed: 3 });
    await log.close();
    await collector.app.close();
  });

  it('counts batches sent to a server that is down as dropped', async () => {
    const collector = await startCollector();
    await collector.app.close();
    const log = createAccessLog({
      url: collector.url,
      key: KEY,
      flushMs: 60_000,
      maxQueued: 100,
      timeoutMs: 500,
      log: quiet,
    });
    log.record(record(1));
    await log.flush();
    expect(log.stats()).toMatchObject({ sent: 0, droppedFailed: 1, queued: 0 });
    await log.close();
  });
});

describe('logged URLs', () => {
  it('percent-encodes what is not printable ASCII and keeps the rest', () => {
    expect(loggedUrl('/a?b=c&d=%20')).toBe('/a?b=c&d=%20');
    expect(loggedUrl('/x\u202Ey')).toBe('/x%E2%80%AEy');
    expect(loggedUrl('/é')).toBe('/%C3%A9');
    expect(loggedUrl(`/${'a'.repeat(3000)}`)).toHaveLength(1024);
  });
});

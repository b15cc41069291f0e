// The replay's limits through HTTP, over a shop with tens of thousands of stored visits: a
// shop replays one draft at a time (a newer draft takes a waiting one's place, which gets 429),
// the server goes on answering other requests while a replay runs, and a replay whose request
// is closed stops (the replay's log line tells how far it got).
import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { ruleCostMessages } from '@gatehouse/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateVisits } from '../../src/cli/visit-generator.js';
import { insertVisits } from '../../src/cli/visit-ingest.js';
import { shops } from '../../src/core/db/schema.js';
import { ensureVisitPartitions } from '../../src/features/visitor-logs/visit-partitions.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const VISITS = 60_000;
const DAY = 86_400_000;
const DRAFT = {
  mode: 'blacklist',
  countries: ['CN', 'RU', 'BR'],
  action: { type: 'block' },
  monitor: false,
};

interface Logged {
  msg: string;
  obj: Record<string, unknown>;
}
const logged: Logged[] = [];

let t: TestApp;
let alice: SignedIn;
let port: number;

beforeAll(async () => {
  t = await createTestApp({}, {}, (app) => {
    // The replay's own log lines, as an operator would read them.
    app.addHook('onRequest', async (request) => {
      const log = request.log;
      const keep =
        (level: 'info' | 'debug') =>
        (obj: Record<string, unknown>, msg: string): void => {
          if (msg.startsWith('rule-cost replay')) logged.push({ obj, msg });
          log[level](obj, msg);
        };
      request.log = Object.assign(Object.create(log) as typeof log, {
        info: keep('info'),
        debug: keep('debug'),
      });
    });
  });
  port = Number(new URL(t.config.appUrl).port);
  alice = await t.signIn('alice-replay-limits');
  const geo = await t.app.protection.geo.ready;
  const [shop] = await t.app.db.select().from(shops).where(eq(shops.domain, alice.shop));
  const to = new Date();
  const from = new Date(to.getTime() - 6 * DAY);
  await ensureVisitPartitions(t.app.db, from, to);
  const rows = [...generateVisits(VISITS, geo!, { shopDomain: alice.shop, from, to })];
  for (let i = 0; i < rows.length; i += 10_000) {
    await insertVisits(t.app.db, t.dbKind, shop!.id, rows.slice(i, i + 10_000));
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const replay = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/ruleCost/replay',
    headers: { authorization: `Bearer ${alice.token}` },
    payload: { call: 'saveCountryBlocker', draft: DRAFT },
  });

/** Polls `found` every few milliseconds until it answers something, for at most `ms`. */
function waitFor<T>(found: () => T | undefined, ms = 10_000): Promise<T> {
  return vi.waitFor(
    () => {
      const value = found();
      if (value === undefined) throw new Error('not seen in time');
      return value;
    },
    { timeout: ms, interval: 5 },
  );
}

describe('replay limits', () => {
  it('answers other requests promptly while a replay runs', async () => {
    const running = replay();
    // A cheap call made while the replay runs is answered before it ends.
    let replayDone = false;
    void running.then(() => (replayDone = true));
    const other = await t.call('getAccountInfo', alice.token);
    expect(other.statusCode).toBe(200);
    expect(replayDone).toBe(false);
    const res = await running;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ replayed: number }>().replayed).toBeGreaterThan(0);
    // How long the loop is held at most is the replay's own test (replay.test.ts), judged
    // against the replay's length: a clock bound here would measure the machine's load.
  });

  it('replays one draft of a shop at a time: a newer one takes a waiting one’s place', async () => {
    const answers = await Promise.all([replay(), replay(), replay()]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ Message: ruleCostMessages.superseded });
  });

  it('stops a replay whose request was closed', async () => {
    logged.length = 0;
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/ruleCost/replay',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
    });
    const closed = new Promise<void>((resolve) => req.on('close', () => resolve()));
    req.on('error', () => {});
    req.end(JSON.stringify({ call: 'saveCountryBlocker', draft: DRAFT }));
    await waitFor(() => logged.find((l) => l.msg === 'rule-cost replay started'));
    req.destroy();
    await closed;
    const ended = await waitFor(() => logged.find((l) => l.msg !== 'rule-cost replay started'));
    expect(ended.msg).toBe('rule-cost replay stopped: the request was closed');
    expect(ended.obj.cancelled).toBe(true);
    expect(ended.obj.replayed).toBeLessThan(VISITS);
  });
});

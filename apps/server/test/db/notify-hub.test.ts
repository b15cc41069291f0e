// The PostgreSQL notification hub (TEST_DATABASE_URL; PGlite has only one process): channels
// subscribed to all at once on a live connection are each listened on, with one LISTEN at a
// time on the connection (a connection runs one query at a time), and every message reaches
// its subscribers.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('the notification hub on PostgreSQL', () => {
  let t: TestApp;
  /** The LISTENs in flight on each connection, and the most ever at once on one. */
  const inFlight = new Map<pg.Client, number>();
  let most = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const answer = query.apply(this, args);
      if (typeof args[0] !== 'string' || !args[0].startsWith('LISTEN')) return answer as never;
      const now = (inFlight.get(this) ?? 0) + 1;
      inFlight.set(this, now);
      most = Math.max(most, now);
      const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
      (answer as Promise<unknown>).then(done, done);
      return answer as never;
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  it('listens on channels subscribed to together, one LISTEN at a time', async () => {
    const heard: Record<string, string[]> = {};
    const listen = (channel: string) =>
      t.app.notify.subscribe(channel, (payload) => {
        if (payload !== null) (heard[channel] ??= []).push(payload);
      });
    // The connection opens with the first channel.
    listen('hub_test_first');
    await expect
      .poll(async () => {
        await t.app.notify.publish('hub_test_first', 'hello');
        return heard.hub_test_first?.length ?? 0;
      })
      .toBeGreaterThan(0);

    const channels = Array.from({ length: 8 }, (_, i) => `hub_test_${i}`);
    for (const channel of channels) listen(channel);
    await expect
      .poll(async () => {
        await Promise.all(channels.map((c) => t.app.notify.publish(c, `to ${c}`)));
        return channels.every((c) => heard[c]?.includes(`to ${c}`));
      })
      .toBe(true);
    expect(most).toBe(1);
  });
});

// A queue with a backlog drains it without waiting for the next poll: a worker whose fetch came
// back full fetches again at once, so jobs queued behind a slow one (a burst of webhooks, a
// flash sale's orders) follow each other instead of one per poll interval. The poll interval
// here is a minute, so a queue that waited for it could not finish within the bound.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/billing.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
const done: number[] = [];
let openGate: () => void = () => {};
const gate = new Promise<void>((resolve) => (openGate = resolve));
let openPairGate: () => void = () => {};
const pairGate = new Promise<void>((resolve) => (openPairGate = resolve));

beforeAll(async () => {
  t = await createTestApp({ JOB_POLL_INTERVAL_SECONDS: '60' }, {}, (app) => {
    for (const [name, concurrency] of [
      ['test-backlog', 1],
      ['test-backlog-pair', 2],
    ] as const) {
      void app.jobs.define<{ n: number }>({
        name,
        concurrency,
        async handle(job) {
          // The first job holds its worker while the others are queued behind it.
          if (job.data.n === 0) await gate;
          if (job.data.n === 10) await pairGate;
          done.push(job.data.n);
          return { n: job.data.n };
        },
      });
    }
  });
});
afterAll(async () => {
  openGate();
  openPairGate();
  await t?.close();
});

describe('a queue with a backlog', () => {
  it('runs the jobs queued behind a slow one one after another, not one per poll', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 6; n += 1) ids.push((await t.app.jobs.send('test-backlog', { n }))!);
    await waitFor(async () => (await t.app.jobs.find('test-backlog', ids[0]!))?.state === 'active');
    openGate();
    await waitFor(async () => {
      const states = await Promise.all(ids.map((id) => t.app.jobs.find('test-backlog', id)));
      return states.every((job) => job?.state === 'completed');
    }, 20_000);
    expect([...done].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('takes new jobs on a free worker while the other is busy with a slow one', async () => {
    const held = (await t.app.jobs.send('test-backlog-pair', { n: 10 }))!;
    await waitFor(
      async () => (await t.app.jobs.find('test-backlog-pair', held))?.state === 'active',
    );
    const ids: string[] = [];
    for (let n = 11; n < 14; n += 1) ids.push((await t.app.jobs.send('test-backlog-pair', { n }))!);
    await waitFor(async () => {
      const states = await Promise.all(ids.map((id) => t.app.jobs.find('test-backlog-pair', id)));
      return states.every((job) => job?.state === 'completed');
    }, 20_000);
    expect((await t.app.jobs.find('test-backlog-pair', held))?.state).toBe('active');
    openPairGate();
    await waitFor(
      async () => (await t.app.jobs.find('test-backlog-pair', held))?.state === 'completed',
    );
    expect(done.filter((n) => n >= 10).sort()).toEqual([10, 11, 12, 13]);
  });
});

// Two server instances on one PostgreSQL (TEST_DATABASE_URL; skipped on PGlite, which one
// process owns): every job runs exactly once whichever instance sends it, and a job whose
// instance dies mid-job (the process killed) is taken up again by the other one.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/billing.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { CRASH_QUEUE, crashQueue, type CrashData } from './crash-queue.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const FIXTURE = fileURLToPath(new URL('./crash-worker.fixture.ts', import.meta.url));

/** Every run of the counting queue, by instance. */
const runs: { instance: 'a' | 'b'; id: string }[] = [];
let a: TestApp;
let b: TestApp;

const fast = { JOB_POLL_INTERVAL_SECONDS: '0.5', JOB_SUPERVISE_INTERVAL_SECONDS: '1' };

function counting(instance: 'a' | 'b') {
  return (app: TestApp['app']) => {
    void app.jobs.define({
      name: 'test-count',
      concurrency: 2,
      async handle(job) {
        runs.push({ instance, id: job.id });
        // Yields once, as a handler doing real work would.
        await new Promise((resolve) => setImmediate(resolve));
        return { instance };
      },
    });
  };
}

describe.skipIf(!onPostgres)('two instances on one database', () => {
  beforeAll(async () => {
    a = await createTestApp(fast, {}, counting('a'));
    b = await createTestApp({ ...fast, DATABASE_URL: a.config.databaseUrl! }, {}, counting('b'));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('runs each job exactly once, whichever instance sent it', async () => {
    const sent = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).app.jobs.send('test-count', { i })),
    );
    const ids = sent.map((id) => id!);
    await waitFor(async () => {
      const jobs = await Promise.all(ids.map((id) => a.app.jobs.find('test-count', id)));
      return jobs.every((job) => job?.state === 'completed');
    }, 30_000);
    expect(runs.map((r) => r.id).sort()).toEqual([...ids].sort());
  });

  it('takes up again the job of an instance that died mid-job', async () => {
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', FIXTURE, a.config.databaseUrl!],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const started = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /started (\S+)/.exec(out);
          if (match) resolve(match[1]!);
        });
        child.once('exit', (code) => reject(new Error(`the crashing instance exited (${code})`)));
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      expect(await a.app.jobs.find(CRASH_QUEUE, started)).toMatchObject({ state: 'active' });

      // The survivor works the queue from now on: once the job's 2 s are up, its supervisor
      // hands the job back and its worker runs it, as the second attempt.
      const taken = new Promise<{ id: string; retryCount: number; data: CrashData }>((resolve) => {
        void b.app.jobs.define(
          crashQueue(async (job) => {
            resolve(job);
            return { from: 'the survivor' };
          }),
        );
      });
      const job = await taken;
      expect(job).toMatchObject({
        id: started,
        retryCount: 1,
        data: { from: 'the crashing instance' },
      });
      await waitFor(
        async () => (await b.app.jobs.find(CRASH_QUEUE, started))?.state === 'completed',
        10_000,
      );
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});

import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGliteWorker } from './pglite-worker-client.js';

/** How many times the event loop turned while `work` ran. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  let turns = 0;
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    turns++;
  }
  await finished;
  return turns;
}

const crashingWorker = (crashes: Error[]) =>
  new PGliteWorker('memory://', {
    onCrash: (error) => crashes.push(error),
    workerUrl: new URL('./pglite-worker-crash.fixture.mjs', import.meta.url),
  });

describe('PGlite in a worker thread: the caller’s thread', () => {
  it('keeps the event loop turning while the database works', async () => {
    const worker = new PGliteWorker('memory://');
    try {
      await worker.waitReady;
      // In-process, PGlite would hold the thread for the whole query: one turn, not many.
      expect(await turnsDuring(worker.query('select pg_sleep(0.5)'))).toBeGreaterThan(50);
      const sum = worker.query<{ s: string }>(
        'select sum(i)::text as s from generate_series(1, 1000000) i',
      );
      expect(await turnsDuring(sum)).toBeGreaterThan(50);
      expect((await sum).rows[0]?.s).toBe('500000500000');
    } finally {
      await worker.close();
    }
  });
});

describe('PGlite in a worker thread: closing', () => {
  it('finishes the calls already made, then refuses new ones', async () => {
    const worker = new PGliteWorker('memory://');
    const before = worker.query<{ n: number }>('select 1 as n');
    const closing = worker.close();
    expect(worker.close()).toBe(closing);
    await expect(worker.query('select 2')).rejects.toThrow('PGlite is closing');
    await closing;
    expect((await before).rows).toEqual([{ n: 1 }]);
    expect(worker.closed).toBe(true);
    await expect(worker.query('select 3')).rejects.toThrow('PGlite is closed');
    await expect(worker.transaction(async () => {})).rejects.toThrow('PGlite is closed');
  });
});

describe('PGlite in a worker thread: a crash', () => {
  it('rejects the pending and later calls with the reason, and reports it once', async () => {
    const crashes: Error[] = [];
    const worker = crashingWorker(crashes);
    const calls = [worker.query('select 1'), worker.query('crash: exit'), worker.query('select 2')];
    const outcomes = await Promise.allSettled(calls);
    const reason = 'The PGlite worker stopped unexpectedly (exit code 3)';
    expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: { message: reason } });
    expect(outcomes[2]).toMatchObject({ status: 'rejected', reason: { message: reason } });
    await expect(worker.query('select 3')).rejects.toThrow(reason);
    await expect(worker.transaction(async () => {})).rejects.toThrow(reason);
    expect(crashes.map((e) => e.message)).toEqual([reason]);
    await worker.close();
  });

  it('names the error that killed the worker', async () => {
    const crashes: Error[] = [];
    const worker = crashingWorker(crashes);
    await expect(worker.query('crash: throw')).rejects.toThrow(
      'The PGlite worker crashed: the worker broke',
    );
    await expect(worker.query('select 1')).rejects.toThrow('the worker broke');
    expect(crashes).toHaveLength(1);
    await worker.close();
  });
});

describe('PGlite in a worker thread: fresh in-memory databases', () => {
  // One template folder for both tests: the second starts from the fresh template the first
  // leaves (initdb runs again only when it runs alone).
  const templateDir = mkdtempSync(join(tmpdir(), 'gatehouse-template-test-'));
  afterAll(() => rmSync(templateDir, { recursive: true, force: true }));

  it('start from a template of a fresh database, each one empty, a damaged template replaced', async () => {
    const open = async () => {
      const worker = new PGliteWorker('memory://', { templateDir });
      await worker.waitReady;
      return worker;
    };
    const template = () => {
      const files = readdirSync(templateDir);
      expect(files).toEqual([expect.stringMatching(/^fresh-[0-9a-f]{16}\.tar$/)]);
      return join(templateDir, files[0]!);
    };
    const first = await open();
    await first.exec(`create table mine (x int); insert into mine values (1)`);
    const file = template();
    const second = await open();
    await expect(second.query('select * from mine')).rejects.toMatchObject({ code: '42P01' });
    await Promise.all([first.close(), second.close()]);

    writeFileSync(file, 'not a tarball');
    const third = await open();
    expect((await third.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await third.close();
    expect(statSync(template()).size).toBeGreaterThan(1_000_000);
  }, 90_000);

  it('start from the prepared template of their key once one is saved, else from the fresh one', async () => {
    const open = async (preparedKey: string) => {
      const worker = new PGliteWorker('memory://', { templateDir, preparedKey });
      await worker.waitReady;
      return worker;
    };
    const tables = async (worker: PGliteWorker) =>
      (
        await worker.query<{ name: string }>(
          `select tablename as name from pg_tables where schemaname = 'public' order by 1`,
        )
      ).rows.map((row) => row.name);
    // Prepared templates of days past are removed when one is saved; today's stay.
    const stale = join(templateDir, 'prepared-0000000000000000-past.tar');
    const recent = join(templateDir, 'prepared-0000000000000000-today.tar');
    writeFileSync(stale, 'from three days ago');
    writeFileSync(recent, 'from an hour ago');
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
    utimesSync(stale, hoursAgo(72), hoursAgo(72));
    utimesSync(recent, hoursAgo(1), hoursAgo(1));

    const first = await open('one');
    expect(first.fromPreparedTemplate).toBe(false);
    await first.exec(`create table prepared (x int); insert into prepared values (1)`);
    expect(await first.savePreparedTemplate()).toBe(true);
    // Changes after the save are this database's own.
    await first.exec(`create table later (x int)`);
    const prepared = readdirSync(templateDir).filter((name) =>
      /^prepared-[0-9a-f]{16}-/.test(name),
    );
    expect(prepared.sort()).toEqual([
      'prepared-0000000000000000-today.tar',
      expect.stringMatching(/^prepared-[0-9a-f]{16}-one\.tar$/),
    ]);
    const ours = prepared.find((name) => name.endsWith('-one.tar'))!;

    const second = await open('one');
    expect(second.fromPreparedTemplate).toBe(true);
    expect(await tables(second)).toEqual(['prepared']);
    expect((await second.query('select x from prepared')).rows).toEqual([{ x: 1 }]);
    const other = await open('two');
    expect(other.fromPreparedTemplate).toBe(false);
    expect(await tables(other)).toEqual([]);
    await Promise.all([first.close(), second.close(), other.close()]);

    writeFileSync(join(templateDir, ours), 'not a tarball');
    const third = await open('one');
    expect(third.fromPreparedTemplate).toBe(false);
    expect(await tables(third)).toEqual([]);
    await third.close();
  }, 90_000);
});

import type { PGlite } from '@electric-sql/pglite';
import { count, TransactionRollbackError } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PGliteWorker } from './pglite-worker-client.js';

let worker: PGliteWorker;

const names = async () =>
  (await worker.query<{ name: string }>('select name from notes order by id')).rows.map(
    (r) => r.name,
  );

beforeAll(async () => {
  worker = new PGliteWorker('memory://');
  await worker.exec('create table notes (id serial primary key, name text not null unique)');
});

afterAll(async () => {
  await worker?.close();
});

beforeEach(async () => {
  await worker.exec('truncate notes');
});

describe('PGlite in a worker thread: transactions', () => {
  it('commits what the callback wrote and returns its value', async () => {
    const result = await worker.transaction(async (tx) => {
      await tx.query(`insert into notes (name) values ($1)`, ['a']);
      await tx.exec(`insert into notes (name) values ('b'); insert into notes (name) values ('c')`);
      return (await tx.query<{ n: number }>('select count(*)::int as n from notes')).rows[0]?.n;
    });
    expect(result).toBe(3);
    expect(await names()).toEqual(['a', 'b', 'c']);
  });

  it('rolls back and rethrows the callback’s own error when it throws', async () => {
    const failure = new Error('changed my mind');
    const caught = await worker
      .transaction(async (tx) => {
        await tx.query(`insert into notes (name) values ('a')`);
        throw failure;
      })
      .catch((e: unknown) => e);
    expect(caught).toBe(failure);
    expect(await names()).toEqual([]);
  });

  it('rolls back on tx.rollback() and refuses statements afterwards', async () => {
    let used!: { closed: boolean; query: (sql: string) => Promise<unknown> };
    const result = await worker.transaction(async (tx) => {
      used = tx;
      await tx.query(`insert into notes (name) values ('a')`);
      await tx.rollback();
      return 'done';
    });
    expect(result).toBe('done');
    expect(used.closed).toBe(true);
    await expect(used.query('select 1')).rejects.toThrow('Transaction is closed');
    expect(await names()).toEqual([]);
  });

  it('does not commit a transaction that a failed statement aborted', async () => {
    const caught = await worker
      .transaction(async (tx) => {
        await tx.query(`insert into notes (name) values ('a')`);
        await tx.query(`insert into notes (name) values ('a')`).catch(() => {});
      })
      .catch((e: unknown) => e);
    expect(caught).toMatchObject({ code: '25P02' });
    expect(await names()).toEqual([]);
  });

  it('keeps other queries waiting until the transaction ends', async () => {
    let outsideDone = false;
    let outside!: Promise<string[]>;
    await worker.transaction(async (tx) => {
      await tx.query(`insert into notes (name) values ('a')`);
      outside = names().finally(() => {
        outsideDone = true;
      });
      // Statements of the transaction sent after the query outside it are answered first: the
      // outside query, sent before them, would have been answered before them if it ran.
      for (const name of ['b', 'c']) {
        await tx.query(`insert into notes (name) values ($1)`, [name]);
      }
      expect(outsideDone).toBe(false);
    });
    expect(await outside).toEqual(['a', 'b', 'c']);
  });

  it('runs drizzle transactions, rollbacks and savepoints', async () => {
    const notes = pgTable('notes', { id: integer('id'), name: text('name').notNull() });
    const db = drizzle(worker as unknown as PGlite);
    await db.transaction(async (tx) => {
      await tx.insert(notes).values({ name: 'kept' });
      await tx
        .transaction(async (inner) => {
          await inner.insert(notes).values({ name: 'undone' });
          throw new Error('inner');
        })
        .catch(() => {});
    });
    const rolledBack = await db
      .transaction(async (tx) => {
        await tx.insert(notes).values({ name: 'dropped' });
        tx.rollback();
      })
      .catch((e: unknown) => e);
    expect(rolledBack).toBeInstanceOf(TransactionRollbackError);
    expect(await names()).toEqual(['kept']);
    expect(await db.select({ n: count() }).from(notes)).toEqual([{ n: 1 }]);
  });
});

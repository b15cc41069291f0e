// Reads for one answer run side by side on the database, one after another in a transaction
// (its one connection runs one query at a time), answering in the items' order either way.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from './client.js';
import { sideBySide } from './side-by-side.js';

const client = new PGlite();
const db = drizzle(client) as unknown as Database;

afterAll(async () => {
  await client.close();
});

/** Runs a query per item, counting how many were under way at once. */
function counting(on: () => Database) {
  let running = 0;
  let most = 0;
  const work = async (n: number) => {
    running += 1;
    most = Math.max(most, running);
    const result = await on().execute(sql`select ${n}::int * 10 as v`);
    running -= 1;
    return (result as unknown as { rows: { v: number }[] }).rows[0]!.v;
  };
  return { work, most: () => most };
}

describe('sideBySide', () => {
  it('starts every read at once outside a transaction', async () => {
    const { work, most } = counting(() => db);
    expect(await sideBySide(db, [1, 2, 3, 4], work)).toEqual([10, 20, 30, 40]);
    expect(most()).toBe(4);
  });

  it('reads one after another inside a transaction', async () => {
    await db.transaction(async (tx) => {
      const { work, most } = counting(() => tx);
      expect(await sideBySide(tx, [1, 2, 3, 4], work)).toEqual([10, 20, 30, 40]);
      expect(most()).toBe(1);
    });
  });
});

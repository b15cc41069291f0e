// Several reads for one answer: side by side on the pool (each takes a connection of its own),
// one after another inside a transaction, whose one connection runs one query at a time.
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/** Starts each read (a query or a function reading) and answers theirs in the same order. */
export async function readAll<T extends unknown[]>(
  db: Database,
  ...reads: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  if (!(db instanceof PgTransaction)) return Promise.all(reads.map((read) => read())) as Promise<T>;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as T;
}

/** `work` for every item, in the items' order; side by side unless `db` is a transaction. */
export function sideBySide<T, R>(
  db: Database,
  items: readonly T[],
  work: (item: T) => PromiseLike<R>,
): Promise<R[]> {
  return readAll<R[]>(db, ...items.map((item) => () => work(item)));
}

// The one bulk write path for visits, used by the live visit queue, the seed script and the
// benchmark: a batch is one binary COPY document (visit-copy.ts), which skips per-row parameter
// handling, planning and text parsing. On PGlite it is `COPY visits … FROM '/dev/blob'` (PGlite
// reads the blob given with the query); on Postgres the same bytes go through
// `COPY visits … FROM STDIN` (pg-copy-streams). Each batch runs in a transaction together with
// whatever else the caller writes for it (hourly counters, rule hits) through the same session.
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Pool, PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../core/db/client.js';
import type { PGliteWorker, WorkerTransaction } from '../../core/db/pglite-worker-client.js';
import { visitsToCopyBinary } from './visit-copy.js';
import { VISIT_COLUMNS, type VisitRecord } from './visit-record.js';
import { UrlTally } from './visit-urls.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** The statements a batch can run inside its transaction. */
export interface BatchSession {
  /** Stores a binary COPY document of visits (visit-copy.ts). */
  copyBinary(document: Uint8Array): Promise<void>;
  /** Stores visits and adds their URLs to the shops' distinct URLs. */
  copyVisits(rows: readonly VisitRecord[]): Promise<void>;
  /** Adds a batch's URLs and their minutes to the shops' distinct URLs (visit-urls.ts). */
  storeUrls(urls: UrlTally): Promise<void>;
  query(text: string, params?: unknown[]): Promise<void>;
}

const COLUMNS = `visits (${VISIT_COLUMNS.join(', ')})`;
const COPY_BLOB = `copy ${COLUMNS} from '/dev/blob' with (format binary)`;
const COPY_STDIN = `copy ${COLUMNS} from stdin with (format binary)`;

/** The two ways a database takes statements; copyVisits is built on copyBinary for both. */
type DatabaseSession = Omit<BatchSession, 'copyVisits' | 'storeUrls'>;

function batchSession(session: DatabaseSession): BatchSession {
  async function storeUrls(urls: UrlTally) {
    for (const upsert of urls.statements()) await session.query(upsert.text, upsert.params);
  }
  return {
    ...session,
    storeUrls,
    async copyVisits(rows) {
      if (rows.length === 0) return;
      await session.copyBinary(visitsToCopyBinary(rows));
      const urls = new UrlTally();
      for (const v of rows) urls.add(v.shopId, v.url, v.time.getTime());
      await storeUrls(urls);
    },
  };
}

function pgliteSession(tx: WorkerTransaction): BatchSession {
  return batchSession({
    async copyBinary(document) {
      await tx.query(COPY_BLOB, [], { blob: new Blob([document]) });
    },
    async query(text, params) {
      await tx.query(text, params);
    },
  });
}

function postgresSession(client: PoolClient): BatchSession {
  return batchSession({
    async copyBinary(document) {
      const bytes = Buffer.from(document.buffer, document.byteOffset, document.byteLength);
      await pipeline(Readable.from([bytes]), client.query(copyFrom(COPY_STDIN)));
    },
    async query(text, params) {
      await client.query(text, params);
    },
  });
}

/** Runs `fn` in one transaction on the database's own connection (rolled back if it throws). */
export async function inVisitBatch<T>(
  db: Database,
  kind: DatabaseKind,
  fn: (session: BatchSession) => Promise<T>,
): Promise<T> {
  if (kind === 'pglite') {
    const client = (db as unknown as { $client: PGliteWorker }).$client;
    return client.transaction((tx) => fn(pgliteSession(tx)));
  }
  const pool = (db as unknown as { $client: Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(postgresSession(client));
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Writes one batch of visits in its own transaction. */
export function writeVisits(
  db: Database,
  kind: DatabaseKind,
  rows: readonly VisitRecord[],
): Promise<void> {
  return inVisitBatch(db, kind, (session) => session.copyVisits(rows));
}

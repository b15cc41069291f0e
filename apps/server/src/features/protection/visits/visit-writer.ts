// The one bulk write path for visits, used by the live visit flush, the seed script and the
// benchmark. On PGlite a batch is a single `COPY visits FROM '/dev/blob'` in the binary format
// (PGlite reads the blob given with the query; visit-copy.ts), which skips per-row parameter
// handling, planning and text parsing; on Postgres it is a single INSERT … SELECT FROM unnest()
// of column arrays, one statement per batch whatever its size. Each batch runs in a transaction
// together with whatever else the caller writes for it (hourly counters, rule hits) through
// the same session.
import type { Pool, PoolClient } from 'pg';
import type { Database } from '../../../db/client.js';
import type { PGliteWorker, WorkerTransaction } from '../../../db/pglite-worker-client.js';
import { visitsToCopyBinary } from './visit-copy.js';
import {
  checkedAsn,
  storableIp,
  storableText,
  VISIT_COLUMNS,
  type VisitRecord,
} from './visit-record.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** The statements a batch can run inside its transaction. */
export interface BatchSession {
  copyVisits(rows: readonly VisitRecord[]): Promise<void>;
  query(text: string, params?: unknown[]): Promise<void>;
}

const COPY = `copy visits (${VISIT_COLUMNS.join(', ')}) from '/dev/blob' with (format binary)`;

const UNNEST = `
  insert into visits (${VISIT_COLUMNS.join(', ')})
  select * from unnest($1::uuid[], $2::timestamptz[], $3::inet[], $4::text[], $5::text[],
    $6::text[], $7::bigint[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[],
    $13::text[], $14::text[], $15::boolean[], $16::text[])`;

const clean = (value: string | null) => (value === null ? null : storableText(value));

function unnestParams(rows: readonly VisitRecord[]): unknown[] {
  return [
    rows.map((r) => r.shopId),
    rows.map((r) => r.time.toISOString()),
    rows.map((r) => storableIp(r.ip)),
    rows.map((r) => clean(r.country)),
    rows.map((r) => clean(r.region)),
    rows.map((r) => clean(r.city)),
    rows.map((r) => checkedAsn(r.asn)),
    rows.map((r) => clean(r.org)),
    rows.map((r) => storableText(r.url)),
    rows.map((r) => storableText(r.referrer)),
    rows.map((r) => storableText(r.userAgent)),
    rows.map((r) => r.action),
    rows.map((r) => clean(r.ruleId)),
    rows.map((r) => clean(r.ruleKind)),
    rows.map((r) => r.monitor),
    rows.map((r) => clean(r.monitorRuleId)),
  ];
}

function pgliteSession(tx: WorkerTransaction): BatchSession {
  return {
    async copyVisits(rows) {
      if (rows.length === 0) return;
      await tx.query(COPY, [], { blob: new Blob([visitsToCopyBinary(rows)]) });
    },
    async query(text, params) {
      await tx.query(text, params);
    },
  };
}

function postgresSession(client: PoolClient): BatchSession {
  return {
    async copyVisits(rows) {
      if (rows.length === 0) return;
      await client.query(UNNEST, unnestParams(rows));
    },
    async query(text, params) {
      await client.query(text, params);
    },
  };
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

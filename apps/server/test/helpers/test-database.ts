// A fresh database per test app: PGlite in memory by default, or, when TEST_DATABASE_URL
// names a Postgres server, a new database gh_<random> on it that is dropped afterwards. Both
// start migrated, with the job queue's tables, from a prepared template (PGlite's in
// db/pglite-open.mjs, PostgreSQL's in postgres-template.ts), unless a migration test asks for
// an empty one.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { vi } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../src/core/db/client.js';
import { databaseUrl, preparedTemplate } from './postgres-template.js';

export interface TestDatabase {
  env: Record<string, string>;
  kind: 'pglite' | 'postgres';
  /**
   * Drops the database once every client of it has closed; throws, dropping nothing, when one
   * is still open after `withinMs` (a client the file never closed).
   */
  drop: (options?: { withinMs?: number }) => Promise<void>;
}

/**
 * How long a drop waits for the database's clients to go. A pool's `end()` resolves once it has
 * asked its connections to close, a moment before the server has let them go; a loaded machine
 * stretches that moment, never to seconds.
 */
const CLIENTS_GONE_WITHIN_MS = 30_000;

/**
 * Waits until no session is connected to database `name` (the asking one is on another
 * database); throws after `withinMs`, saying how many are.
 */
async function clientsGone(admin: pg.Client, name: string, withinMs: number): Promise<void> {
  let open = 0;
  try {
    await vi.waitFor(
      async () => {
        const { rows } = await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        open = rows[0]!.n;
        if (open > 0) throw new Error('clients still open');
      },
      { timeout: withinMs, interval: 25 },
    );
  } catch {
    throw new Error(
      `${open} client(s) of test database ${name} still open after ${withinMs} ms: close every client a test opens before its database is dropped`,
    );
  }
}

/**
 * `migrated: false` gives an empty PostgreSQL database (PGlite's opener decides for itself: the
 * server's starts from the template, a migration test's does not).
 */
export async function createTestDatabase(
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return { env: { PGLITE_DIR: 'memory://' }, kind: 'pglite', drop: async () => {} };
  }
  const name = `gh_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const template =
      options.migrated === false ? '' : ` TEMPLATE ${await preparedTemplate(admin, serverUrl)}`;
    await admin.query(`CREATE DATABASE ${name}${template}`);
  } finally {
    await admin.end();
  }
  return {
    env: { DATABASE_URL: databaseUrl(serverUrl, name) },
    kind: 'postgres',
    // Never under a client still open (it would be cut mid-use), and only this file's own.
    drop: async ({ withinMs = CLIENTS_GONE_WITHIN_MS } = {}) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await clientsGone(client, name, withinMs);
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A fresh database (as above), migrated and open; `close` also drops it. */
export async function openTestDatabase(): Promise<OpenedDatabase> {
  const testDb = await createTestDatabase();
  try {
    const opened = await openDatabase({
      databaseUrl: testDb.env.DATABASE_URL ?? null,
      pgliteDir: testDb.env.PGLITE_DIR ?? 'memory://',
    });
    return {
      ...opened,
      close: async () => {
        try {
          await opened.close();
        } finally {
          await testDb.drop();
        }
      },
    };
  } catch (error) {
    await testDb.drop();
    throw error;
  }
}

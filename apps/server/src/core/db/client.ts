// Opens the database the configuration names — embedded PGlite by default, Postgres when a
// DATABASE_URL is given — and applies the drizzle-kit migrations before anything uses it.
// PGlite is hosted in a worker thread (pglite-worker-client.ts); `db.$client` is then that
// worker's client, which offers PGlite's query, exec and transaction.
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { installJobSchema, preparedTemplateKey } from './prepared-template.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export async function openDatabase(options: {
  databaseUrl?: string | null;
  pgliteDir: string;
  /**
   * Postgres: an idle pooled connection failed (server restart, connection terminated). The
   * pool drops and replaces it; without a listener node-postgres would throw it out of the
   * process.
   */
  onIdleError?: (error: Error) => void;
}): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on(
      'error',
      options.onIdleError ??
        ((error) => console.error('idle database connection failed:', error.message)),
    );
    const db = drizzle(pool, { schema });
    try {
      await migrate(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }

  const { PGliteWorker } = await import('./pglite-worker-client.js');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const inMemory = options.pgliteDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.pgliteDir, { recursive: true });
  // PGlite runs each query synchronously on its thread: in a worker, so the server's own
  // thread (and the decision endpoint) never waits behind a COPY, an export or a purge.
  // In memory it starts from the prepared template when there is one (prepared-template.ts).
  const client = new PGliteWorker(options.pgliteDir, {
    preparedKey: inMemory ? await preparedTemplateKey(migrationsFolder) : null,
  });
  // The worker client answers the calls drizzle makes of a PGlite (query, transaction).
  const db = drizzle(client as unknown as PGlite, { schema });
  try {
    await client.waitReady;
    // From the prepared template this finds every migration applied, and applies none.
    await migrate(db, { migrationsFolder });
    if (inMemory && !client.fromPreparedTemplate) {
      await installJobSchema(client);
      // Best effort: without a template the next database is prepared the same way.
      await client.savePreparedTemplate().catch(() => false);
    }
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

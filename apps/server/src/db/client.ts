// Opens the database the configuration names — embedded PGlite by default, Postgres when a
// DATABASE_URL is given — and applies the drizzle-kit migrations before anything uses it.
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export async function openDatabase(options: {
  databaseUrl?: string | null;
  pgliteDir: string;
}): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzle(pool, { schema });
    try {
      await migrate(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (!options.pgliteDir.startsWith('memory://')) mkdirSync(options.pgliteDir, { recursive: true });
  const client = new PGlite(options.pgliteDir);
  const db = drizzle(client, { schema });
  try {
    await migrate(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
}

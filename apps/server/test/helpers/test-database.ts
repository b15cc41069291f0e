// A fresh database per test app: PGlite in memory by default, or, when TEST_DATABASE_URL
// names a Postgres server, a new database gh_<random> on it that is dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type OpenedDatabase } from '../../src/db/client.js';

export interface TestDatabase {
  env: Record<string, string>;
  kind: 'pglite' | 'postgres';
  drop: () => Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return { env: { PGLITE_DIR: 'memory://' }, kind: 'pglite', drop: async () => {} };
  }
  const name = `gh_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    kind: 'postgres',
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
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

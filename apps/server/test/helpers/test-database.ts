// A fresh database per test app: PGlite in memory by default, or, when TEST_DATABASE_URL
// names a Postgres server, a new database gh_<random> on it that is dropped afterwards. Both
// start migrated, with the job queue's tables, from a prepared template (PGlite's in
// db/pglite-open.mjs, PostgreSQL's in postgres-template.ts), unless a migration test asks for
// an empty one.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type OpenedDatabase } from '../../src/db/client.js';
import { databaseUrl, preparedTemplate } from './postgres-template.js';

export interface TestDatabase {
  env: Record<string, string>;
  kind: 'pglite' | 'postgres';
  drop: () => Promise<void>;
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

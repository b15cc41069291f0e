// Migration tests' helpers: a database (PGlite in memory, or Postgres with TEST_DATABASE_URL)
// that can be migrated step by step, and copies of the migrations folder that stop before a
// given migration, so a test can store data the old way and then apply the rest.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { migrationsFolder } from '../../src/core/db/client.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export { migrationsFolder };

export interface Migrated {
  execute(query: ReturnType<typeof sql>): Promise<{ rows: Record<string, unknown>[] }>;
  migrateTo(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** Copies of the migrations folder, each stopping before one migration. */
export function createMigrationFolders() {
  const folders: string[] = [];
  return {
    /** A copy that stops before `tag`; throws when there is no such migration. */
    before(tag: string): string {
      const dir = mkdtempSync(join(tmpdir(), 'gatehouse-migrations-'));
      folders.push(dir);
      cpSync(migrationsFolder, dir, { recursive: true });
      const journalPath = join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
        entries: { tag: string }[];
      };
      const end = journal.entries.findIndex((e) => e.tag === tag);
      if (end <= 0) throw new Error(`no migration ${tag} after the first`);
      journal.entries = journal.entries.slice(0, end);
      writeFileSync(journalPath, JSON.stringify(journal));
      return dir;
    },
    removeAll(): void {
      for (const dir of folders) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Opens the database named by a test database's env without migrating it. */
export async function openUnmigrated(env: Record<string, string>): Promise<Migrated> {
  if (env.DATABASE_URL) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: env.DATABASE_URL, max: 2 });
    const d = drizzle(pool);
    return {
      execute: (q) => d.execute(q) as never,
      migrateTo: (folder) => migrate(d, { migrationsFolder: folder }),
      close: () => pool.end(),
    };
  }
  const { PGliteWorker } = await import('../../src/core/db/pglite-worker-client.js');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // As the server opens it, from the template of a fresh database (no preparedKey: unmigrated).
  const client = new PGliteWorker('memory://');
  await client.waitReady;
  const d = drizzle(client as unknown as PGlite);
  return {
    execute: (q) => d.execute(q) as never,
    migrateTo: (folder) => migrate(d, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** Applying every migration to a fresh database takes seconds, and far longer on a busy machine. */
export const MIGRATION_TIMEOUT_MS = 120_000;

/** One migration test file's database, unmigrated until the test migrates it. */
export interface MigrationTestDatabase {
  execute: Migrated['execute'];
  /** Applies the migrations of `folder` not applied yet. */
  migrateTo(folder: string): Promise<void>;
  /** A copy of the migrations that stops before `tag` (e.g. `0011_general_settings`). */
  before(tag: string): string;
  /** A shop written with plain SQL, as every migration's schema has it; its id. */
  addShop(domain: string): Promise<string>;
  /** Where it runs: `pglite`, or `postgres` with TEST_DATABASE_URL. */
  readonly kind: 'pglite' | 'postgres';
}

/** Opens a fresh unmigrated database before the file's tests and drops it after them. */
export function migrationTestDatabase(): MigrationTestDatabase {
  let testDb: TestDatabase | undefined;
  let db: Migrated | undefined;
  const folders = createMigrationFolders();
  beforeAll(async () => {
    testDb = await createTestDatabase({ migrated: false });
    db = await openUnmigrated(testDb.env);
  });
  afterAll(async () => {
    await db?.close();
    await testDb?.drop();
    folders.removeAll();
  });
  const opened = () => {
    if (!db) throw new Error('the migration test database is opened before the tests run');
    return db;
  };
  return {
    execute: (query) => opened().execute(query),
    migrateTo: (folder) => opened().migrateTo(folder),
    before: (tag) => folders.before(tag),
    async addShop(domain) {
      const [shop] = (
        await opened().execute(sql`insert into shops (domain, shopify_shop_id, name)
          values (${domain}, ${domain}, ${domain}) returning id`)
      ).rows;
      return shop!.id as string;
    },
    kind: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
  };
}

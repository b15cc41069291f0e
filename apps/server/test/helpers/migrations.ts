// Migration tests' helpers: a database (PGlite in memory, or Postgres with TEST_DATABASE_URL)
// that can be migrated step by step, and copies of the migrations folder that stop before a
// given migration, so a test can store data the old way and then apply the rest.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { sql } from 'drizzle-orm';
import { migrationsFolder } from '../../src/db/client.js';

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
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite('memory://');
  const d = drizzle(client);
  return {
    execute: (q) => d.execute(q) as never,
    migrateTo: (folder) => migrate(d, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

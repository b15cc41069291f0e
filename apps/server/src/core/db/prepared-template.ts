// How a fresh in-memory PGlite database (tests, benches) is prepared before first use: every
// migration applied and the job queue's tables installed as pg-boss installs them. The first
// one is kept as the prepared template (pglite-open.mjs) and later ones start from a copy, so
// neither the migrations nor pg-boss's install run again: drizzle finds every migration
// applied and pg-boss its schema version current. The template's key changes with anything
// that changes the result: the migrations folder's files, pg-boss's install SQL (its version),
// and the UTC day, since migration 0007 creates the current week's visit partitions and
// pg-boss the current day's queue-stats partitions.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jobSchemaInstallSql } from '../jobs/job-schema.js';
import type { PGliteWorker } from './pglite-worker-client.js';

/** The prepared template's key for these migrations, pg-boss and today (UTC). */
export async function preparedTemplateKey(migrationsFolder: string, now = new Date()) {
  const hash = createHash('sha256');
  const entries = await readdir(migrationsFolder, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(`${file.slice(migrationsFolder.length)}\0`);
    hash.update(await readFile(file));
    hash.update('\0');
  }
  hash.update(jobSchemaInstallSql());
  hash.update(now.toISOString().slice(0, 10));
  return hash.digest('hex').slice(0, 32);
}

/** Installs the job queue's tables; the migrations are applied by the caller. */
export async function installJobSchema(client: PGliteWorker): Promise<void> {
  await client.exec(jobSchemaInstallSql());
}

// The data folder the browser tests' stacks start from: every migration applied and the job
// queue's tables installed, so a server opening a copy finds nothing left to do.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/core/db/client.js';
import { JOB_SCHEMA } from '../../src/core/jobs/job-schema.js';
import { preparePgliteFolder } from '../helpers/prepare-pglite-folder.js';

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-prepared-folder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// PGlite alone: the run on PostgreSQL would only repeat it.
it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'holds every migration and the job queue’s tables',
  { timeout: 120_000 },
  async () => {
    const folder = join(dir, 'pglite');
    await preparePgliteFolder(folder);
    const pg = new PGlite(folder);
    try {
      const journal = JSON.parse(
        readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const applied = await pg.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
      const version = await pg.query<{ version: number }>(
        `select version from ${JOB_SCHEMA}.version`,
      );
      expect(version.rows[0]!.version).toBeGreaterThan(0);
    } finally {
      await pg.close();
    }
  },
);

import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromPglite, PgBoss, type PGliteLike } from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import { JOB_SCHEMA, jobSchemaInstallSql } from '../jobs/job-schema.js';
import { migrationsFolder, openDatabase, type OpenedDatabase } from './client.js';
import type { PGliteWorker } from './pglite-worker-client.js';
import { preparedTemplateKey } from './prepared-template.js';

/** Opening a database takes seconds, and far longer on a busy machine. */
const OPEN_TIMEOUT_MS = 90_000;

const opened: OpenedDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
});

async function openInMemory() {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  opened.push(database);
  return { database, client: (database.db as unknown as { $client: PGliteWorker }).$client };
}

describe('the prepared template’s key', () => {
  const day = new Date('2026-03-04T05:06:07Z');

  it('is the same for the same migrations on the same UTC day', async () => {
    const key = await preparedTemplateKey(migrationsFolder, day);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(await preparedTemplateKey(migrationsFolder, new Date('2026-03-04T23:59:59Z'))).toBe(key);
  });

  it('changes with the day and with any file of the migrations folder', async () => {
    const key = await preparedTemplateKey(migrationsFolder, day);
    expect(await preparedTemplateKey(migrationsFolder, new Date('2026-03-05T00:00:00Z'))).not.toBe(
      key,
    );
    const copy = mkdtempSync(join(tmpdir(), 'gatehouse-migrations-key-'));
    try {
      cpSync(migrationsFolder, copy, { recursive: true });
      expect(await preparedTemplateKey(copy, day)).toBe(key);
      appendFileSync(join(copy, 'meta', '_journal.json'), '\n');
      expect(await preparedTemplateKey(copy, day)).not.toBe(key);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe('a fresh in-memory database', () => {
  it(
    'comes migrated, with the job queue’s tables, from the prepared template',
    async () => {
      await openInMemory();
      // The first one made the template if there was none; this one is a copy of it.
      const { database, client } = await openInMemory();
      expect(client.fromPreparedTemplate).toBe(true);
      const journal = readdirSync(migrationsFolder).filter((name) => name.endsWith('.sql'));
      const applied = await client.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]?.n).toBe(journal.length);
      // The migrated schema is there, and empty.
      const shops = await client.query<{ n: number }>('select count(*)::int as n from shops');
      expect(shops.rows[0]?.n).toBe(0);
      expect(database.kind).toBe('pglite');
    },
    OPEN_TIMEOUT_MS,
  );

  it(
    'has the schema pg-boss expects: pg-boss finds it current, installs nothing and sees no drift',
    async () => {
      const { client } = await openInMemory();
      const statements: string[] = [];
      const recorded: PGliteLike = {
        query: (sql, params) => {
          statements.push(sql);
          return client.query(sql, params);
        },
        exec: (sql) => {
          statements.push(sql);
          return client.exec(sql);
        },
      };
      const boss = new PgBoss({
        db: fromPglite(recorded),
        backend: 'pglite',
        schema: JOB_SCHEMA,
        supervise: false,
        schedule: false,
        registerInstance: false,
        openTelemetry: { enabled: false },
      });
      await boss.start();
      try {
        expect(await boss.isInstalled()).toBe(true);
        expect(statements).not.toContain(jobSchemaInstallSql());
        expect(statements.filter((sql) => /\bcreate\s+(table|schema)\b/i.test(sql))).toEqual([]);
        const drift = await boss.detectSchemaDrift();
        expect(drift.ok, JSON.stringify(drift)).toBe(true);
        // And it works: a queue takes a job.
        await boss.createQueue('prepared-check');
        expect(await boss.send('prepared-check', { n: 1 })).toEqual(expect.any(String));
      } finally {
        await boss.stop({ graceful: false, close: false });
      }
    },
    OPEN_TIMEOUT_MS,
  );
});

// A test's PostgreSQL database (TEST_DATABASE_URL; PGlite's prepared template has its own test
// beside the opener) is a copy of one prepared template: it comes with every migration applied
// and the job queue's tables installed before any server opens it, the template is made once
// and copied after that, a migration test still gets an empty database, and templates of days
// past are dropped; a test database is dropped only once its clients have closed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/core/db/client.js';
import { JOB_SCHEMA } from '../../src/core/jobs/job-schema.js';
import { dropStaleTemplates } from '../helpers/postgres-template.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Runs `query` on the database of `url`. */
async function ask<T extends pg.QueryResultRow>(
  url: string,
  query: string,
  values: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(query, values)).rows;
  } finally {
    await client.end();
  }
}

const templates = (url: string) =>
  ask<{ datname: string }>(
    url,
    `select datname from pg_database where starts_with(datname, 'gh_template_') order by 1`,
  );

describe.skipIf(!serverUrl)('a test database on PostgreSQL', () => {
  const made: TestDatabase[] = [];
  const create = async (options?: { migrated?: boolean }) => {
    const database = await createTestDatabase(options);
    made.push(database);
    return database.env.DATABASE_URL!;
  };
  let first: string;

  beforeAll(async () => {
    first = await create();
  });
  afterAll(async () => {
    await Promise.all(made.map((database) => database.drop()));
  });

  it('comes with every migration applied and the job queue installed', async () => {
    const journal = JSON.parse(
      readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const [applied] = await ask<{ n: number }>(
      first,
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied!.n).toBe(journal.entries.length);
    const [version] = await ask<{ version: string }>(
      first,
      `select version::text from ${JOB_SCHEMA}.version`,
    );
    expect(Number(version!.version)).toBeGreaterThan(0);
    const [shops] = await ask<{ n: number }>(first, 'select count(*)::int as n from shops');
    expect(shops!.n).toBe(0);
  });

  it('is a copy of one template, made once', async () => {
    const before = await templates(serverUrl!);
    expect(before.length).toBeGreaterThan(0);
    await ask(first, `insert into shops (domain, shopify_shop_id, name) values ('a', 'a', 'a')`);
    const second = await create();
    expect(await templates(serverUrl!)).toEqual(before);
    const [shops] = await ask<{ n: number }>(second, 'select count(*)::int as n from shops');
    expect(shops!.n).toBe(0);
  });

  it('is empty when a migration test asks for it unmigrated', async () => {
    const empty = await create({ migrated: false });
    const tables = await ask(
      empty,
      `select 1 from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    expect(tables).toEqual([]);
  });

  it('is dropped only once its clients have closed, never under one still open', async () => {
    const database = await createTestDatabase();
    const url = database.env.DATABASE_URL!;
    const client = new pg.Client({ connectionString: url });
    const cut: unknown[] = [];
    client.on('error', (error) => cut.push(error));
    await client.connect();
    try {
      await expect(database.drop({ withinMs: 300 })).rejects.toThrow(/1 client\(s\).*still open/);
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
    expect(cut).toEqual([]);
    // A pool's end resolves before the server has let its connections go; the drop waits.
    const pool = new pg.Pool({ connectionString: url, max: 3 });
    await Promise.all([1, 2, 3].map(() => pool.query('select pg_sleep(0.05)')));
    await pool.end();
    await database.drop();
    const left = await ask(serverUrl!, 'select 1 from pg_database where datname = $1', [
      new URL(url).pathname.slice(1),
    ]);
    expect(left).toEqual([]);
  });

  it('drops templates made before yesterday, and keeps yesterday’s', async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      for (const name of ['gh_template_20260101_old', 'gh_template_20260309_yesterday']) {
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      }
      await dropStaleTemplates(admin, '2026-03-10');
      const left = (await templates(serverUrl!)).map((row) => row.datname);
      expect(left).not.toContain('gh_template_20260101_old');
      expect(left).toContain('gh_template_20260309_yesterday');
    } finally {
      await admin.query(`ALTER DATABASE gh_template_20260309_yesterday WITH IS_TEMPLATE false`);
      await admin.query(`DROP DATABASE IF EXISTS gh_template_20260309_yesterday`);
      await admin.end();
    }
  });
});

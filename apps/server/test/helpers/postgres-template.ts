// On a PostgreSQL test server a test's database is a copy of one prepared template rather than
// an empty database migrated anew: the template has every migration applied and the job
// queue's tables installed as pg-boss installs them, so the server that opens the copy finds
// nothing to do, and `CREATE DATABASE … TEMPLATE` copies it in a fraction of the time
// migrating takes. The template's name carries the key of PGlite's prepared template (the
// migrations, pg-boss's schema and the UTC day), the day read from the server's own clock,
// since the migrations create the current week's partitions by it. Whichever test file comes
// first makes it, under an advisory lock the others wait on; it is built under a scratch name
// and renamed once complete, so a half-made template is never copied.
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { getConstructionPlans } from 'pg-boss';
import { migrationsFolder } from '../../src/core/db/client.js';
import { preparedTemplateKey } from '../../src/core/db/prepared-template.js';
import { JOB_SCHEMA } from '../../src/core/jobs/job-schema.js';

const PREFIX = 'gh_template_';
/** The advisory lock held while a template is looked for or made. */
const LOCK_NAME = 'gatehouse test database template';
/** Templates of days before yesterday are dropped: no run started since can still copy them. */
const KEEP_DAYS = 1;

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The server's UTC day, as YYYY-MM-DD. */
async function serverDay(admin: pg.Client): Promise<string> {
  const { rows } = await admin.query<{ day: string }>(
    `select to_char(now() at time zone 'utc', 'YYYY-MM-DD') as day`,
  );
  return rows[0]!.day;
}

/** Applies every migration and pg-boss's install to the database at `url`. */
async function prepare(url: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder });
    await pool.query(getConstructionPlans(JOB_SCHEMA));
  } finally {
    await pool.end();
  }
}

/** Drops the templates made before the day before `day` (KEEP_DAYS). */
export async function dropStaleTemplates(admin: pg.Client, day: string): Promise<void> {
  const oldest = new Date(`${day}T00:00:00Z`);
  oldest.setUTCDate(oldest.getUTCDate() - KEEP_DAYS);
  const cutoff = oldest.toISOString().slice(0, 10).replaceAll('-', '');
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where starts_with(datname, $1)`,
    [PREFIX],
  );
  for (const { datname } of rows) {
    const made = datname.slice(PREFIX.length, PREFIX.length + 8);
    if (!/^\d{8}$/.test(made) || made >= cutoff) continue;
    await admin.query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`);
    await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
}

/**
 * The name of today's prepared template on the server `admin` is connected to (as
 * `serverUrl`), made first if there is none.
 */
export async function preparedTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  const day = await serverDay(admin);
  const key = await preparedTemplateKey(migrationsFolder, new Date(`${day}T00:00:00Z`));
  const name = `${PREFIX}${day.replaceAll('-', '')}_${key.slice(0, 24)}`;
  await admin.query('select pg_advisory_lock(hashtext($1))', [LOCK_NAME]);
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    await dropStaleTemplates(admin, day);
    const scratch = `${name}_making`;
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${scratch}`);
    await prepare(databaseUrl(serverUrl, scratch));
    await admin.query(`ALTER DATABASE ${scratch} RENAME TO ${name}`);
    // No one connects to it (a copy is refused while anyone is), and it cannot be dropped by
    // mistake while it is marked a template.
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [LOCK_NAME]);
  }
}

// The job queue's tables: the schema pg-boss keeps them in, and the SQL with which pg-boss
// installs them on PGlite. pg-boss runs that SQL itself at start when its version table is
// missing; a fresh in-memory database has it run beforehand so that it can be kept in the
// database's template (db/client.ts), and pg-boss then finds its schema current.
import { getConstructionPlans } from 'pg-boss';

export const JOB_SCHEMA = 'pgboss';

/** pg-boss's own install of its current schema version, for the embedded PGlite. */
export function jobSchemaInstallSql(): string {
  return getConstructionPlans(JOB_SCHEMA, { backend: 'pglite' });
}

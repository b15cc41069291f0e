// The visit log's weekly partitions (migration 0007): `visits_pYYYYMMDD` holds the UTC week
// starting that Monday, and `visits_default` whatever no week partition covers, so a visit of
// any time is stored. The retention job creates the coming week ahead and drops, whole, the
// weeks that end before the longest retention of any plan: nothing in them is kept by any shop,
// and a dropped table gives its space back at once, where deleted rows would wait for a vacuum
// (PGlite runs no autovacuum). Shorter per-shop retention is still deleted row by row
// (retention.ts). Weeks, not days: a query plans each partition it cannot prune (0.1–0.3 ms a
// partition on PGlite), and 90 days of days would be ~100 partitions (bench/README.md).
import { plans } from '@gatehouse/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { VISIT_COLUMNS } from './visit-record.js';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-01 was a Thursday: weeks start 4 days later, on Mondays (as date_trunc('week')). */
const MONDAY_MS = 4 * DAY_MS;
const NAME = /^visits_p(\d{4})(\d{2})(\d{2})$/;
const COLUMNS = ['id', ...VISIT_COLUMNS].join(', ');

/** How far ahead of now partitions are kept ready. */
export const PARTITION_DAYS_AHEAD = 7;

/** The longest visit-log retention any plan offers (90 days). */
export const LONGEST_RETENTION_MS =
  Math.max(...Object.values(plans).map((p) => p.logRetentionHours)) * 3_600_000;

/** The first millisecond of the UTC week (from Monday) holding `time`. */
export function weekOf(time: Date | number): number {
  return Math.floor((Number(time) - MONDAY_MS) / WEEK_MS) * WEEK_MS + MONDAY_MS;
}

/** The partition of the week starting at `week` (a Monday's first millisecond). */
export function partitionName(week: number): string {
  return `visits_p${new Date(week).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The week partitions that exist, by the first millisecond of their week. */
export async function listVisitPartitions(db: Database): Promise<Map<number, string>> {
  const result = await db.execute(sql`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'visits'::regclass`);
  const weeks = new Map<number, string>();
  for (const { name } of rowsOf<{ name: string }>(result)) {
    const m = NAME.exec(name);
    if (m) weeks.set(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])), name);
  }
  return weeks;
}

/**
 * Creates one week's partition. Visits of that week already stored in the default partition
 * (written before the partition existed) are moved into it: Postgres refuses to create a
 * partition over rows the default partition holds. A partition that exists by then (another
 * server created it) is kept as it is.
 */
async function createPartition(db: Database, week: number): Promise<void> {
  // Identifiers and literals are built here from a number, never from input.
  const name = partitionName(week);
  const from = new Date(week).toISOString();
  const to = new Date(week + WEEK_MS).toISOString();
  await db.transaction(async (tx) => {
    // On Postgres, give up (and retry on the next run) rather than queue the visit writes
    // behind a lock wait.
    await tx.execute(sql`set local lock_timeout = '5s'`);
    await tx.execute(
      sql.raw(`create temp table visits_moving on commit drop as
        with moved as (delete from visits_default
          where time >= '${from}' and time < '${to}' returning *)
        select * from moved`),
    );
    await tx.execute(
      sql.raw(
        `create table if not exists ${name} partition of visits for values from ('${from}') to ('${to}')`,
      ),
    );
    await tx.execute(
      sql.raw(`insert into visits (${COLUMNS}) select ${COLUMNS} from visits_moving`),
    );
  });
}

/** Creates the missing week partitions from `from`'s week to `to`'s; answers their names. */
export async function ensureVisitPartitions(db: Database, from: Date, to: Date): Promise<string[]> {
  const existing = await listVisitPartitions(db);
  const created: string[] = [];
  for (let week = weekOf(from); week <= weekOf(to); week += WEEK_MS) {
    if (existing.has(week)) continue;
    await createPartition(db, week);
    created.push(partitionName(week));
  }
  return created;
}

/** Drops the week partitions that end at or before `before`; answers their names. */
export async function dropVisitPartitionsBefore(db: Database, before: Date): Promise<string[]> {
  const dropped: string[] = [];
  const weeks = [...(await listVisitPartitions(db))].sort(([a], [b]) => a - b);
  for (const [week, name] of weeks) {
    if (week + WEEK_MS > before.getTime()) break;
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '5s'`);
      await tx.execute(sql.raw(`drop table if exists ${name}`));
    });
    dropped.push(name);
  }
  return dropped;
}

/** The retention job's partition work at `now`: the coming week ready, expired weeks gone. */
export async function maintainVisitPartitions(
  db: Database,
  now = new Date(),
): Promise<{ created: string[]; dropped: string[] }> {
  const created = await ensureVisitPartitions(
    db,
    now,
    new Date(now.getTime() + PARTITION_DAYS_AHEAD * DAY_MS),
  );
  const dropped = await dropVisitPartitionsBefore(
    db,
    new Date(now.getTime() - LONGEST_RETENTION_MS),
  );
  return { created, dropped };
}

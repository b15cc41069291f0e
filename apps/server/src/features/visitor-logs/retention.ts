// Visitor-log retention: visits older than the shop's retention (General Settings, never more
// than its plan's logRetentionHours) are deleted, shop by shop, in batches through the
// (shop_id, time, id) primary key so no statement holds the table long; the access requests
// shoppers sent from the block page go at the same cutoff. Before that, the
// weekly partitions: the coming week created, the weeks past the longest retention of any plan
// dropped whole (visit-partitions.ts). Runs in-process at start and then on an interval;
// stop() waits for a running pass to finish. See bench/README.md for the measurements.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../core/db/client.js';
import type { JobDefinition, JobQueue } from '../../core/jobs/job-queue.js';
import { logCutoffs } from '../../protection/log-retention.js';
import { maintainVisitPartitions } from './visit-partitions.js';
import { URL_MINUTE_MS } from './visit-urls.js';

const BATCH = 10_000;

/** Deletes one shop's visits older than `cutoff`; answers how many went. */
export async function purgeShopVisits(db: Database, shopId: string, cutoff: Date): Promise<number> {
  const before = cutoff.toISOString();
  let total = 0;
  for (;;) {
    // The oldest BATCH visits: up to the time of the BATCH-th (all of them when fewer remain),
    // one range of the primary key.
    const result = await db.execute(sql`
      delete from visits
      where shop_id = ${shopId} and time < ${before}::timestamptz
        and time <= coalesce((
          select time from visits
          where shop_id = ${shopId} and time < ${before}::timestamptz
          order by time offset ${BATCH - 1} limit 1), 'infinity')`);
    const n = result as unknown as { affectedRows?: number; rowCount?: number | null };
    const deleted = Number(n.rowCount ?? n.affectedRows ?? 0);
    total += deleted;
    if (deleted < BATCH) break;
  }
  // Access requests go with the visits they name: the shopper's email and message are kept no
  // longer than the log.
  await db.execute(sql`
    delete from access_requests where shop_id = ${shopId} and created_at < ${before}::timestamptz`);
  // The distinct URLs no visit kept holds any more, and the minutes that ended by the cutoff
  // (a minute that straddles it still holds kept visits).
  await db.execute(sql`
    delete from visit_urls where shop_id = ${shopId} and last_seen < ${before}::timestamptz`);
  await db.execute(sql`
    delete from visit_url_minutes where shop_id = ${shopId}
      and minute <= ${new Date(cutoff.getTime() - URL_MINUTE_MS).toISOString()}::timestamptz`);
  return total;
}

/** Every shop's purge; answers visits deleted. */
export async function purgeExpiredVisits(db: Database, now = new Date()): Promise<number> {
  let total = 0;
  for (const { shopId, cutoff } of await logCutoffs(db, now)) {
    total += await purgeShopVisits(db, shopId, cutoff);
  }
  return total;
}

export interface RetentionRun {
  /** Visits deleted by the shops' own retention. */
  deleted: number;
  /** Week partitions created ahead, and dropped past the longest retention. */
  created: string[];
  dropped: string[];
}

/** One pass: partitions first (dropping is cheaper than deleting what they hold), then shops. */
export async function runRetention(
  db: Database,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<RetentionRun> {
  let created: string[] = [];
  let dropped: string[] = [];
  try {
    ({ created, dropped } = await maintainVisitPartitions(db, now));
  } catch (error) {
    // The default partition takes the visits meanwhile; the next pass tries again.
    log.error({ err: error }, 'visitor log partitions could not be maintained');
  }
  const deleted = await purgeExpiredVisits(db, now);
  return { deleted, created, dropped };
}

export const VISIT_RETENTION_JOB = 'visit-retention';

/**
 * The retention pass as a job: sent on the schedule (one job per occurrence, whichever
 * instance takes it) and once when an instance starts (after a long stop this week's partition
 * may be missing), at most once a few minutes however many instances start together.
 */
export function visitRetentionJob(options: {
  db: Database;
  log: FastifyBaseLogger;
  /** A cron expression; null: no schedule and no pass at start (send the job by hand). */
  schedule: string | null;
}): JobDefinition & { sendAtStart: (jobs: JobQueue) => Promise<unknown> } {
  const { db, log } = options;
  return {
    name: VISIT_RETENTION_JOB,
    schedule: options.schedule,
    // The next occurrence tries again; retrying at once would repeat the same failure.
    retryLimit: 0,
    expireInSeconds: 60 * 60,
    async handle(): Promise<RetentionRun> {
      const run = await runRetention(db, log);
      if (run.deleted > 0 || run.created.length > 0 || run.dropped.length > 0) {
        log.info(run, 'visitor log retention');
      }
      return run;
    },
    async sendAtStart(jobs) {
      if (!options.schedule) return null;
      return jobs.send(VISIT_RETENTION_JOB, {}, { singletonKey: 'start', throttleSeconds: 300 });
    },
  };
}

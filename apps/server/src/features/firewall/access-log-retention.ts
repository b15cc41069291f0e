// The access log is kept as long as the shop's visits: its General Settings retention, never
// more than its plan's logRetentionHours. Older entries are deleted shop by shop in bounded
// batches (through the (shop_id, time) index), on the visitor log's retention schedule.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../core/db/client.js';
import type { JobDefinition } from '../../core/jobs/job-queue.js';
import { logCutoffs } from '../../protection/log-retention.js';

const BATCH = 10_000;

/** Deletes the access log entries older than each shop's retention; answers how many went. */
export async function purgeAccessLog(db: Database, now = new Date()): Promise<number> {
  let total = 0;
  for (const { shopId, cutoff } of await logCutoffs(db, now)) {
    for (;;) {
      const result = await db.execute(sql`
        delete from fw_access_log where id in (
          select id from fw_access_log
          where shop_id = ${shopId} and time < ${cutoff.toISOString()}::timestamptz
          limit ${BATCH})`);
      const n = result as unknown as { affectedRows?: number; rowCount?: number | null };
      const deleted = Number(n.rowCount ?? n.affectedRows ?? 0);
      total += deleted;
      if (deleted < BATCH) break;
    }
  }
  return total;
}

export const ACCESS_LOG_RETENTION_JOB = 'fw-access-log-retention';

export function accessLogRetentionJob(options: {
  db: Database;
  log: FastifyBaseLogger;
  /** A cron expression; null: no schedule (send the job by hand). */
  schedule: string | null;
}): JobDefinition {
  return {
    name: ACCESS_LOG_RETENTION_JOB,
    schedule: options.schedule,
    // The next occurrence tries again.
    retryLimit: 0,
    expireInSeconds: 60 * 60,
    async handle() {
      const deleted = await purgeAccessLog(options.db);
      if (deleted > 0) options.log.info({ deleted }, 'firewall access log retention');
      return { deleted };
    },
  };
}

// Visitor-log retention: visits older than the shop's retention (General Settings, never more
// than its plan's logRetentionHours) are deleted, shop by shop, in batches through the
// (shop_id, time, id) primary key so no statement holds the table long. Before that, the
// weekly partitions: the coming week created, the weeks past the longest retention of any plan
// dropped whole (visit-partitions.ts). Runs in-process at start and then on an interval;
// stop() waits for a running pass to finish. See bench/README.md for the measurements.
import { plans } from '@gatehouse/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { protectionSettings } from '../../db/protection-schema.js';
import { shops } from '../../db/schema.js';
import { maintainVisitPartitions } from './visit-partitions.js';

const HOUR_MS = 3_600_000;
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
    if (deleted < BATCH) return total;
  }
}

/** Every shop's purge; answers visits deleted. */
export async function purgeExpiredVisits(db: Database, now = new Date()): Promise<number> {
  const rows = await db
    .select({ id: shops.id, plan: shops.plan, hours: protectionSettings.logRetentionHours })
    .from(shops)
    .leftJoin(protectionSettings, eq(protectionSettings.shopId, shops.id));
  let total = 0;
  for (const shop of rows) {
    const max = plans[shop.plan].logRetentionHours;
    const hours = Math.min(shop.hours ?? max, max);
    total += await purgeShopVisits(db, shop.id, new Date(now.getTime() - hours * HOUR_MS));
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

export interface RetentionJob {
  start(): void;
  /** Runs one pass now (tests); start() runs one at once too. */
  runOnce(): Promise<RetentionRun>;
  stop(): Promise<void>;
}

export function createRetentionJob(options: {
  db: Database;
  log: FastifyBaseLogger;
  /** 0 turns the job off (runOnce still works). */
  intervalMs: number;
}): RetentionJob {
  const { log } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<RetentionRun> | null = null;

  function runOnce(): Promise<RetentionRun> {
    running ??= runRetention(options.db, log)
      .then((run) => {
        if (run.deleted > 0 || run.created.length > 0 || run.dropped.length > 0) {
          log.info(run, 'visitor log retention');
        }
        return run;
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'visitor log retention purge failed');
        return { deleted: 0, created: [], dropped: [] };
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    start() {
      if (timer || options.intervalMs <= 0) return;
      // At once too: after a long stop, today's partition may be missing.
      void runOnce();
      timer = setInterval(() => void runOnce(), options.intervalMs);
      timer.unref();
    },
    runOnce,
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (running) await running;
    },
  };
}

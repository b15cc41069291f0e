// Visitor-log retention: visits older than the shop's retention (General Settings, never more
// than its plan's logRetentionHours) are deleted, shop by shop, in batches through the
// (shop_id, time) index so no statement holds the table long. Runs in-process on an interval;
// stop() waits for a running purge to finish. The table is not partitioned: retention differs
// per shop (24 hours on Free, 90 days on paid plans), so dropping whole time partitions could
// only remove what every shop has outgrown; see bench/README.md for the measurements.
import { plans } from '@gatehouse/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { protectionSettings } from '../../db/protection-schema.js';
import { shops } from '../../db/schema.js';

const HOUR_MS = 3_600_000;
const BATCH = 10_000;

/** Deletes one shop's visits older than `cutoff`; answers how many went. */
export async function purgeShopVisits(db: Database, shopId: string, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from visits where id in (
        select id from visits
        where shop_id = ${shopId} and time < ${cutoff.toISOString()}::timestamptz
        limit ${BATCH})`);
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

export interface RetentionJob {
  start(): void;
  /** Runs one purge now (tests, and the first run after start). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function createRetentionJob(options: {
  db: Database;
  log: FastifyBaseLogger;
  /** 0 turns the interval off (runOnce still works). */
  intervalMs: number;
}): RetentionJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  function runOnce(): Promise<number> {
    running ??= purgeExpiredVisits(options.db)
      .then((n) => {
        if (n > 0) options.log.info({ deleted: n }, 'visitor log retention: old visits deleted');
        return n;
      })
      .catch((error: unknown) => {
        options.log.error({ err: error }, 'visitor log retention purge failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    start() {
      if (timer || options.intervalMs <= 0) return;
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

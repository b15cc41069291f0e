// Every decision becomes a visit record, queued here and written in batches: one multi-row
// INSERT per batch (every flush interval, or as soon as a batch is full), never awaited by the
// decision. The queue is bounded; when it is full new visits are dropped and counted, and the
// drop is logged once per interval. The same flush adds the dashboard's hourly counters
// (ipBlocker, regionBlocker), the IP entries' hit counts and last hit, and the protected page
// views billing meters (recordProtectedViews, which also keeps the pageViews counter).
import type { Decision } from '@gatehouse/engine';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import { visits, type VisitRow } from '../../../db/protection-schema.js';
import { blockerHourlyCounts, type Blocker } from '../../../db/schema.js';

const HOUR_MS = 60 * 60 * 1000;

export interface VisitInput {
  shopId: string;
  time: Date;
  ip: string;
  url: string;
  referrer: string;
  userAgent: string;
  decision: Decision;
}

export interface VisitMetrics {
  /** Visits waiting to be written. */
  queued: number;
  written: number;
  /** Refused because the queue was full. */
  dropped: number;
  /** Lost because their batch could not be written (database down). */
  failed: number;
  flushes: number;
}

export interface VisitBuffer {
  record(visit: VisitInput): void;
  /** Writes everything queued (tests, shutdown). */
  flush(): Promise<void>;
  start(): void;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
  readonly metrics: VisitMetrics;
}

export interface VisitBufferOptions {
  db: Database;
  log: FastifyBaseLogger;
  intervalMs: number;
  batchSize: number;
  maxQueued: number;
  /** Billing's metering of protected page views. */
  recordProtectedViews: (db: Database, shopId: string, n: number, now: Date) => Promise<unknown>;
}

function blockerOf(decision: Decision): Blocker | null {
  if (decision.action === 'allow' || !decision.rule) return null;
  if (decision.rule.kind === 'ip-block') return 'ipBlocker';
  if (decision.rule.kind === 'country') return 'regionBlocker';
  return null;
}

function toRow(v: VisitInput): VisitRow {
  const { decision } = v;
  return {
    shopId: v.shopId,
    time: v.time,
    ip: v.ip,
    country: decision.facts.country,
    region: decision.facts.region,
    city: decision.facts.city,
    asn: decision.facts.asn,
    org: decision.facts.org,
    url: v.url,
    referrer: v.referrer,
    userAgent: v.userAgent,
    action: decision.action,
    ruleId: decision.rule?.id ?? null,
    ruleKind: decision.rule?.kind ?? null,
    monitor: decision.monitor !== undefined,
    monitorRuleId: decision.monitor?.id ?? null,
  };
}

export function createVisitBuffer(options: VisitBufferOptions): VisitBuffer {
  const { db, log } = options;
  let queue: VisitInput[] = [];
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  let soon = false;
  let droppedLogged = 0;
  const metrics: VisitMetrics = { queued: 0, written: 0, dropped: 0, failed: 0, flushes: 0 };

  async function writeBatch(batch: VisitInput[]) {
    const counters = new Map<string, { shopId: string; hour: Date; blocker: Blocker; n: number }>();
    const hits = new Map<string, { n: number; last: Date }>();
    const protectedViews = new Map<string, { n: number; last: Date }>();
    for (const v of batch) {
      const { decision } = v;
      const blocker = blockerOf(decision);
      if (blocker) {
        const hour = new Date(Math.floor(v.time.getTime() / HOUR_MS) * HOUR_MS);
        const key = `${v.shopId}|${hour.getTime()}|${blocker}`;
        const counter = counters.get(key) ?? { shopId: v.shopId, hour, blocker, n: 0 };
        counter.n++;
        counters.set(key, counter);
      }
      for (const ref of [decision.rule, decision.monitor]) {
        if (ref && (ref.kind === 'ip-block' || ref.kind === 'ip-allow')) {
          const hit = hits.get(ref.id) ?? { n: 0, last: v.time };
          hit.n++;
          if (v.time > hit.last) hit.last = v.time;
          hits.set(ref.id, hit);
        }
      }
      if (decision.rule?.kind !== 'app-disabled') {
        const views = protectedViews.get(v.shopId) ?? { n: 0, last: v.time };
        views.n++;
        protectedViews.set(v.shopId, views);
      }
    }

    await db.transaction(async (tx) => {
      await tx.insert(visits).values(batch.map(toRow));
      for (const c of counters.values()) {
        await tx
          .insert(blockerHourlyCounts)
          .values({ shopId: c.shopId, hour: c.hour, blocker: c.blocker, count: c.n })
          .onConflictDoUpdate({
            target: [
              blockerHourlyCounts.shopId,
              blockerHourlyCounts.hour,
              blockerHourlyCounts.blocker,
            ],
            set: { count: sql`${blockerHourlyCounts.count} + ${c.n}` },
          });
      }
      if (hits.size > 0) {
        const values = sql.join(
          [...hits].map(
            ([id, h]) => sql`(${id}::uuid, ${h.n}::bigint, ${h.last.toISOString()}::timestamptz)`,
          ),
          sql`, `,
        );
        // Rule ids of deleted entries simply match nothing.
        await tx.execute(sql`
          update ip_rules set hits = ip_rules.hits + v.n,
            last_hit_at = greatest(ip_rules.last_hit_at, v.last)
          from (values ${values}) as v(id, n, last)
          where ip_rules.id = v.id`);
      }
    });
    for (const [shopId, views] of protectedViews) {
      try {
        await options.recordProtectedViews(db, shopId, views.n, views.last);
      } catch (error) {
        log.error({ err: error, shopId }, 'could not record protected page views');
      }
    }
  }

  async function flushOnce(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, options.batchSize);
      queue = queue.slice(batch.length);
      metrics.queued = queue.length;
      try {
        await writeBatch(batch);
        metrics.written += batch.length;
      } catch (error) {
        metrics.failed += batch.length;
        log.error({ err: error, visits: batch.length }, 'could not write visits');
      }
      metrics.flushes++;
    }
  }

  function flush(): Promise<void> {
    if (!flushing) {
      flushing = flushOnce().finally(() => {
        flushing = null;
      });
      return flushing;
    }
    // A flush is running: wait for it, then write what arrived meanwhile.
    return flushing.then(() => flush());
  }

  function tick() {
    if (metrics.dropped > droppedLogged) {
      log.warn(
        { dropped: metrics.dropped - droppedLogged, total: metrics.dropped },
        'visit queue full: visits dropped',
      );
      droppedLogged = metrics.dropped;
    }
    if (queue.length > 0) void flush();
  }

  return {
    metrics,
    record(visit) {
      if (queue.length >= options.maxQueued) {
        metrics.dropped++;
        return;
      }
      queue.push(visit);
      metrics.queued = queue.length;
      if (queue.length >= options.batchSize && !flushing && !soon) {
        soon = true;
        setImmediate(() => {
          soon = false;
          void flush();
        });
      }
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(tick, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      tick();
      await flush();
    },
  };
}

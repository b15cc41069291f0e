// Every decision becomes a visit record, queued here and written through the bulk visit
// writer (COPY on PGlite, one unnest INSERT on Postgres) every flush interval or as soon as a
// batch is full, never awaited by the decision. The queue is bounded; when it is full new
// visits are dropped and counted, and the drop is logged once per interval. The same
// transaction adds the dashboard's hourly counters (ipBlocker, regionBlocker) and the IP
// entries' hit counts and last hit, one statement each; after it, the protected page views
// billing meters (recordProtectedViews, which also keeps the pageViews counter).
import type { Decision } from '@gatehouse/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import type { Blocker } from '../../../db/schema.js';
import type { VisitRecord } from './visit-record.js';
import { inVisitBatch, type DatabaseKind } from './visit-writer.js';

const HOUR_MS = 60 * 60 * 1000;
/**
 * Visits written in one transaction at most. A flush takes everything queued up to this, not
 * just one batch: under load the visits that arrived while the previous write ran go out in
 * one COPY instead of many small transactions on the server's thread.
 */
const MAX_WRITE = 10_000;

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
  dbKind: DatabaseKind;
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
  if (decision.rule.kind === 'asn') return 'asnBlocker';
  return null;
}

function toRecord(v: VisitInput): VisitRecord {
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

    await inVisitBatch(db, options.dbKind, async (session) => {
      await session.copyVisits(batch.map(toRecord));
      if (counters.size > 0) {
        // All of the batch's counters in one upsert.
        const list = [...counters.values()];
        await session.query(
          `insert into blocker_hourly_counts (shop_id, hour, blocker, count)
           select * from unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::bigint[])
           on conflict (shop_id, hour, blocker)
           do update set count = blocker_hourly_counts.count + excluded.count`,
          [
            list.map((c) => c.shopId),
            list.map((c) => c.hour.toISOString()),
            list.map((c) => c.blocker),
            list.map((c) => c.n),
          ],
        );
      }
      if (hits.size > 0) {
        const list = [...hits];
        // Rule ids of deleted entries simply match nothing.
        await session.query(
          `update ip_rules set hits = ip_rules.hits + v.n,
             last_hit_at = greatest(ip_rules.last_hit_at, v.last)
           from unnest($1::uuid[], $2::bigint[], $3::timestamptz[]) as v(id, n, last)
           where ip_rules.id = v.id`,
          [
            list.map(([id]) => id),
            list.map(([, h]) => h.n),
            list.map(([, h]) => h.last.toISOString()),
          ],
        );
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
      const batch = queue.slice(0, Math.max(options.batchSize, MAX_WRITE));
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

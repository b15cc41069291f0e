// One file past the usual size on purpose: the queue, its chunks and their tallies are one
// bounded structure, read together.
// Every decision becomes a visit record, queued here and written through the bulk visit
// writer (one binary COPY per batch) every flush interval or as soon as a batch is full,
// never awaited by the decision. A visit is queued as the bytes of its COPY row, appended to
// the open chunk as the decision is made, with the chunk's tallies (the dashboard's hourly
// blocker counters and the list entries' hits and last hit, where each blocker says it counts
// them; the protected page views) updated in
// place: the queue holds no object per visit, so a backlog costs its bytes and nothing for
// the garbage collector to trace. The queue is bounded in visits and in bytes; when it is
// full new visits are dropped and counted, and the drop is logged once per interval. A
// chunk's visits and its counters are written in one transaction, one statement each; after
// it, the protected page views billing meters (recordProtectedViews, which also keeps the
// pageViews counter).
import type { Decision } from '@gatehouse/engine';
import { getTableName } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../core/db/client.js';
import type { HourlyCounter } from '../../core/db/schema.js';
import { entryIds, type EntryHitsTable } from '../../protection/blocker.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import type { VisitBuffer, VisitInput, VisitMetrics } from '../../protection/visit-queue.js';
import { VisitCopyBuilder } from './visit-copy.js';
import { inVisitBatch, type BatchSession, type DatabaseKind } from './visit-writer.js';
import { UrlTally } from './visit-urls.js';

const HOUR_MS = 60 * 60 * 1000;
/**
 * Visits in one chunk (one COPY, one transaction) at most. A flush writes the open chunk
 * whatever its size, so under load the visits that arrived while the previous write ran go
 * out in one COPY instead of many small transactions.
 */
const CHUNK_VISITS = 10_000;
/** Bytes of queued visits at most (a visit row is typically 250–400 bytes, at most ~10 KB). */
const MAX_QUEUED_BYTES = 64 * 1024 * 1024;

export interface VisitBufferOptions {
  db: Database;
  dbKind: DatabaseKind;
  log: FastifyBaseLogger;
  intervalMs: number;
  batchSize: number;
  maxQueued: number;
  /** Where each rule kind's decisions are counted. */
  blockers: Pick<BlockerRegistry, 'tally'>;
  /** Billing's metering of protected page views. */
  recordProtectedViews: (db: Database, shopId: string, n: number, now: Date) => Promise<unknown>;
}

/** Per shop, what a chunk's visits add to its counters. */
interface ShopTally {
  /** Visits that count as protected page views (all but those of a disabled app). */
  views: number;
  lastView: number;
  /** Blocked visits by hour (ms) and dashboard counter. */
  blocked: Map<number, Map<HourlyCounter, number>>;
}

/** Visits waiting to be written together, as one COPY document and its tallies. */
interface Chunk {
  copy: VisitCopyBuilder;
  shops: Map<string, ShopTally>;
  /** List entries' hits in this chunk, by the table that counts them: count and last time (ms), by rule id. */
  hits: Map<EntryHitsTable, Map<string, Hit>>;
  /** The chunk's distinct URLs, for the shops' URL lists. */
  urls: UrlTally;
}

interface Hit {
  n: number;
  last: number;
}

function newChunk(): Chunk {
  return { copy: new VisitCopyBuilder(), shops: new Map(), hits: new Map(), urls: new UrlTally() };
}

type Blockers = VisitBufferOptions['blockers'];

function countHit(
  blockers: Blockers,
  chunk: Chunk,
  ref: Decision['rule'] | undefined,
  time: number,
): void {
  if (!ref) return;
  const table = blockers.tally(ref.kind)?.entryHits;
  if (!table) return;
  let hits = chunk.hits.get(table);
  if (hits === undefined) {
    hits = new Map();
    chunk.hits.set(table, hits);
  }
  const hit = hits.get(ref.id);
  if (hit === undefined) hits.set(ref.id, { n: 1, last: time });
  else {
    hit.n++;
    if (time > hit.last) hit.last = time;
  }
}

/** Adds one visit to the chunk's tallies. */
function tally(blockers: Blockers, chunk: Chunk, v: VisitInput): void {
  const { decision } = v;
  let shop = chunk.shops.get(v.shopId);
  if (shop === undefined) {
    shop = { views: 0, lastView: 0, blocked: new Map() };
    chunk.shops.set(v.shopId, shop);
  }
  // Blocked and redirected visits count on the dashboard, in the deciding blocker's count.
  const blocker =
    decision.action !== 'allow' && decision.rule
      ? (blockers.tally(decision.rule.kind)?.counter ?? null)
      : null;
  if (blocker) {
    const hour = Math.floor(v.time / HOUR_MS) * HOUR_MS;
    let counts = shop.blocked.get(hour);
    if (counts === undefined) {
      counts = new Map();
      shop.blocked.set(hour, counts);
    }
    counts.set(blocker, (counts.get(blocker) ?? 0) + 1);
  }
  chunk.urls.add(v.shopId, v.url, v.time);
  countHit(blockers, chunk, decision.rule, v.time);
  countHit(blockers, chunk, decision.monitor, v.time);
  if (decision.rule?.kind !== 'app-disabled') {
    shop.views++;
    if (v.time > shop.lastView) shop.lastView = v.time;
  }
}

/**
 * The hits whose rule ids can be stored entries' ids. A blocker that counts its entries' hits
 * should only decide by its entries' ids; a rule id of another form would fail the uuid
 * comparison and with it the whole batch of visits, so its hits are left out, counted and
 * logged (with a few of the ids) instead.
 */
function storableHits(
  log: FastifyBaseLogger,
  table: EntryHitsTable,
  hits: Map<string, Hit>,
): Map<string, Hit> {
  const kept = entryIds([...hits.keys()]);
  if (kept.length === hits.size) return hits;
  const keep = new Set(kept);
  const odd = [...hits].filter(([id]) => !keep.has(id));
  log.warn(
    {
      table: getTableName(table),
      ruleIds: odd.length,
      hits: odd.reduce((n, [, h]) => n + h.n, 0),
      examples: odd.slice(0, 3).map(([id]) => id.slice(0, 80)),
    },
    'entry hits of rule ids that are not entry ids were not counted',
  );
  return new Map(kept.map((id) => [id, hits.get(id)!]));
}

/** Adds a chunk's hits to its entries' counts and last hit, one statement per table. */
async function addHits(
  session: BatchSession,
  table: EntryHitsTable,
  hits: Map<string, Hit>,
): Promise<void> {
  if (hits.size === 0) return;
  const rows = [...hits];
  const t = `"${getTableName(table)}"`;
  const id = `"${table.id.name}"`;
  const n = `"${table.hits.name}"`;
  const last = `"${table.lastHitAt.name}"`;
  // Rule ids of deleted entries simply match nothing; every id is an entry id (storableHits).
  await session.query(
    `update ${t} set ${n} = ${t}.${n} + v.n, ${last} = greatest(${t}.${last}, v.last)
     from unnest($1::uuid[], $2::bigint[], $3::timestamptz[]) as v(id, n, last)
     where ${t}.${id} = v.id`,
    [
      rows.map(([id]) => id),
      rows.map(([, h]) => h.n),
      rows.map(([, h]) => new Date(h.last).toISOString()),
    ],
  );
}

export function createVisitBuffer(options: VisitBufferOptions): VisitBuffer {
  const { db, log } = options;
  /** Chunks full or cut by a flush, oldest first, waiting for the writer. */
  const sealed: Chunk[] = [];
  let open: Chunk | null = null;
  let queuedBytes = 0;
  let timer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  let soon = false;
  let droppedLogged = 0;
  const metrics: VisitMetrics = { queued: 0, written: 0, dropped: 0, failed: 0, flushes: 0 };

  function seal(): void {
    if (open === null || open.copy.rows === 0) return;
    queuedBytes += open.copy.byteLength;
    sealed.push(open);
    open = null;
  }

  async function writeChunk(chunk: Chunk, document: Uint8Array) {
    const counters: { shopId: string; hour: number; blocker: HourlyCounter; n: number }[] = [];
    for (const [shopId, shop] of chunk.shops) {
      for (const [hour, counts] of shop.blocked) {
        for (const [blocker, n] of counts) counters.push({ shopId, hour, blocker, n });
      }
    }
    await inVisitBatch(db, options.dbKind, async (session) => {
      await session.copyBinary(document);
      await session.storeUrls(chunk.urls);
      if (counters.length > 0) {
        // All of the chunk's counters in one upsert.
        await session.query(
          `insert into blocker_hourly_counts (shop_id, hour, blocker, count)
           select * from unnest($1::uuid[], $2::timestamptz[], $3::text[], $4::bigint[])
           on conflict (shop_id, hour, blocker)
           do update set count = blocker_hourly_counts.count + excluded.count`,
          [
            counters.map((c) => c.shopId),
            counters.map((c) => new Date(c.hour).toISOString()),
            counters.map((c) => c.blocker),
            counters.map((c) => c.n),
          ],
        );
      }
      // Tables in one order on every instance, as concurrent flushes lock rows of each.
      const tables = [...chunk.hits.keys()].sort((a, b) =>
        getTableName(a).localeCompare(getTableName(b)),
      );
      for (const table of tables) {
        await addHits(session, table, storableHits(log, table, chunk.hits.get(table)!));
      }
    });
    for (const [shopId, shop] of chunk.shops) {
      if (shop.views === 0) continue;
      try {
        await options.recordProtectedViews(db, shopId, shop.views, new Date(shop.lastView));
      } catch (error) {
        log.error({ err: error, shopId }, 'could not record protected page views');
      }
    }
  }

  async function flushOnce(): Promise<void> {
    seal();
    for (let chunk = sealed.shift(); chunk !== undefined; chunk = sealed.shift()) {
      const n = chunk.copy.rows;
      const bytes = chunk.copy.byteLength;
      try {
        await writeChunk(chunk, chunk.copy.finish());
        metrics.written += n;
      } catch (error) {
        metrics.failed += n;
        log.error({ err: error, visits: n }, 'could not write visits');
      } finally {
        queuedBytes -= bytes;
        metrics.queued -= n;
      }
      metrics.flushes++;
      // Visits that arrived during the write go out with this flush too.
      if (sealed.length === 0) seal();
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
    if (metrics.queued > 0) void flush();
  }

  return {
    metrics,
    record(visit) {
      const openBytes = open === null ? 0 : open.copy.byteLength;
      if (metrics.queued >= options.maxQueued || queuedBytes + openBytes >= MAX_QUEUED_BYTES) {
        metrics.dropped++;
        return;
      }
      if (open === null) open = newChunk();
      try {
        open.copy.appendDecision(
          visit.shopId,
          visit.time,
          visit.ip,
          visit.url,
          visit.referrer,
          visit.userAgent,
          visit.decision,
          visit.ruleFacts,
          visit.monitorFacts,
        );
      } catch (error) {
        // Not storable (cannot happen with a decision's fields; never thrown at the decision).
        metrics.failed++;
        log.error({ err: error, shopId: visit.shopId }, 'could not queue a visit');
        return;
      }
      tally(options.blockers, open, visit);
      metrics.queued++;
      if (open.copy.rows >= CHUNK_VISITS) seal();
      if (metrics.queued >= options.batchSize && !flushing && !soon) {
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

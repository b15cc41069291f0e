// Bulk visit ingestion for seeding and the benchmark, through the same writer as the live
// visit flush (one binary COPY per batch, on PGlite and on Postgres). Each batch also adds
// its hourly counters (pageViews, and each blocked visit in its blocker's dashboard count) for
// the dashboard, in the same transaction.
import type { Database } from '../core/db/client.js';
import type { BlockerRegistry } from '../protection/blocker-registry.js';
import { NO_RULE_FACTS, type VisitRecord } from '../features/visitor-logs/visit-record.js';
import {
  inVisitBatch,
  type BatchSession,
  type DatabaseKind,
} from '../features/visitor-logs/visit-writer.js';
import type { GeneratedVisit } from './visit-generator.js';

const HOUR_MS = 3_600_000;

// Field by field, not `{ ...r }`: spreading the generated object cost ~8 µs per visit, as much
// as encoding it for COPY.
export function toVisitRecord(shopId: string, r: GeneratedVisit): VisitRecord {
  return {
    shopId,
    time: r.time,
    ip: r.ip,
    country: r.country,
    region: r.region,
    city: r.city,
    asn: r.asn,
    org: r.org,
    url: r.url,
    referrer: r.referrer,
    userAgent: r.userAgent,
    action: r.action,
    ruleId: r.ruleId,
    ruleKind: r.ruleKind,
    monitor: false,
    monitorRuleId: null,
    ...NO_RULE_FACTS,
    ruleLabel: r.ruleLabel,
    ruleMode: r.ruleMode,
    netFlags: r.netFlags,
    botCategory: r.botCategory,
  };
}

/** Writes the visits only (the benchmark's ingest figure). */
export function insertVisits(
  db: Database,
  kind: DatabaseKind,
  shopId: string,
  rows: readonly GeneratedVisit[],
): Promise<void> {
  return inVisitBatch(db, kind, (session) =>
    session.copyVisits(rows.map((r) => toVisitRecord(shopId, r))),
  );
}

/** Where each rule kind's blocked visits are counted. */
export type Counters = Pick<BlockerRegistry, 'tally'>;

async function addHourlyCounts(
  session: BatchSession,
  counters: Counters,
  shopId: string,
  rows: readonly GeneratedVisit[],
): Promise<void> {
  const counts = new Map<string, number>();
  for (const r of rows) {
    const hour = new Date(Math.floor(r.time.getTime() / HOUR_MS) * HOUR_MS).toISOString();
    const add = (blocker: string) =>
      counts.set(`${hour}|${blocker}`, (counts.get(`${hour}|${blocker}`) ?? 0) + 1);
    add('pageViews');
    const counter = r.action !== 'allow' && r.ruleKind ? counters.tally(r.ruleKind)?.counter : null;
    if (counter) add(counter);
  }
  if (counts.size === 0) return;
  const keys = [...counts.keys()];
  await session.query(
    `insert into blocker_hourly_counts (shop_id, hour, blocker, count)
     select $1::uuid, * from unnest($2::timestamptz[], $3::text[], $4::bigint[])
     on conflict (shop_id, hour, blocker)
     do update set count = blocker_hourly_counts.count + excluded.count`,
    [
      shopId,
      keys.map((k) => k.split('|')[0]),
      keys.map((k) => k.split('|')[1]),
      keys.map((k) => counts.get(k)),
    ],
  );
}

/** Writes seeded visits and adds them to the dashboard's hourly counters, in one transaction. */
export function ingestVisits(
  db: Database,
  kind: DatabaseKind,
  counters: Counters,
  shopId: string,
  rows: readonly GeneratedVisit[],
): Promise<void> {
  return inVisitBatch(db, kind, async (session) => {
    await session.copyVisits(rows.map((r) => toVisitRecord(shopId, r)));
    await addHourlyCounts(session, counters, shopId, rows);
  });
}

// Bulk visit ingestion for seeding and the benchmark: one INSERT … SELECT FROM unnest() of
// column arrays per batch (a single statement with 13 parameters, whatever the batch size),
// which both PGlite and Postgres plan once and run at COPY-like speed. Also adds the hourly
// counters the dashboard reads, as the live visit flush does.
import type { GeneratedVisit } from './visit-generator.js';

/** What both the PGlite client and a pg Pool offer. */
export interface QueryClient {
  query(text: string, params?: unknown[]): Promise<unknown>;
}

const INSERT = `
  insert into visits (shop_id, time, ip, country, region, city, asn, org, url, referrer,
    user_agent, action, rule_id, rule_kind)
  select $1::uuid, * from unnest($2::timestamptz[], $3::text[], $4::text[], $5::text[],
    $6::text[], $7::int[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[],
    $13::text[], $14::text[])`;

export async function insertVisits(
  client: QueryClient,
  shopId: string,
  rows: readonly GeneratedVisit[],
): Promise<void> {
  if (rows.length === 0) return;
  await client.query(INSERT, [
    shopId,
    rows.map((r) => r.time.toISOString()),
    rows.map((r) => r.ip),
    rows.map((r) => r.country),
    rows.map((r) => r.region),
    rows.map((r) => r.city),
    rows.map((r) => r.asn),
    rows.map((r) => r.org),
    rows.map((r) => r.url),
    rows.map((r) => r.referrer),
    rows.map((r) => r.userAgent),
    rows.map((r) => r.action),
    rows.map((r) => r.ruleId),
    rows.map((r) => r.ruleKind),
  ]);
}

const HOUR_MS = 3_600_000;

/** Adds the seeded visits to the dashboard's hourly counters (pageViews and blockers). */
export async function addHourlyCounts(
  client: QueryClient,
  shopId: string,
  rows: readonly GeneratedVisit[],
): Promise<void> {
  const counts = new Map<string, number>();
  for (const r of rows) {
    const hour = new Date(Math.floor(r.time.getTime() / HOUR_MS) * HOUR_MS).toISOString();
    const add = (blocker: string) =>
      counts.set(`${hour}|${blocker}`, (counts.get(`${hour}|${blocker}`) ?? 0) + 1);
    add('pageViews');
    if (r.ruleKind === 'ip-block') add('ipBlocker');
    if (r.ruleKind === 'country') add('regionBlocker');
  }
  const keys = [...counts.keys()];
  await client.query(
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

// Visitor-log storage benchmark on PGlite in a temporary folder (the real migrations, weekly
// partitions and indexes): ingests N visits (default 5 000 000) spread over 30 days through the
// seeding path (the visit writer: one binary COPY FROM '/dev/blob' per 10 000 rows) against a
// baseline of one INSERT per row, then times keyset pages — the first page and filtered pages
// (country, IP CIDR, single IP, URL contains, blocked, ASN) — as the median of 20 runs, against
// the OFFSET query for page 1 000 those pages replace; then retention: one day deleted by the
// per-shop purge, and the oldest week's partition dropped. Prints numbers; asserts nothing; not run by
// the tests.
// Run: npx tsx bench/visitor-log.bench.mjs [--visits N] [--max-seconds S]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGeo } from '@gatehouse/engine';
import { openDatabase } from '../apps/server/src/core/db/client.js';
import { purgeShopVisits } from '../apps/server/src/features/visitor-logs/retention.js';
import {
  dropVisitPartitionsBefore,
  ensureVisitPartitions,
  weekOf,
} from '../apps/server/src/features/visitor-logs/visit-partitions.js';
import { findVisits } from '../apps/server/src/features/visitor-logs/visit-query.js';
import { generateVisits } from '../apps/server/src/cli/visit-generator.js';
import { insertVisits } from '../apps/server/src/cli/visit-ingest.js';

const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const REQUESTED = option('--visits', 5_000_000);
// Ingestion stops after the batch that passes this many seconds; the rest runs at that size.
const MAX_SECONDS = option('--max-seconds', Infinity);
const BATCH = 10_000;
const BASELINE_ROWS = 20_000;
const RUNS = 20;

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
const { db, kind, close } = await openDatabase({ pgliteDir: dir });
const client = db.$client;
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

try {
  const shopIds = [];
  for (const handle of ['bench', 'baseline']) {
    const r = await client.query(
      `insert into shops (domain, shopify_shop_id, name) values ($1, $2, $3) returning id`,
      [`${handle}.myshopify.com`, String(shopIds.length + 1), handle],
    );
    shopIds.push(r.rows[0].id);
  }
  const [shopId, baselineShop] = shopIds;
  const geo = await loadGeo({ city: true });
  const to = new Date();
  const from = new Date(to.getTime() - 30 * 24 * 3_600_000);
  // The retention job keeps this week and the next ready; older weeks are the seeder's to add.
  const created = await ensureVisitPartitions(db, from, to);
  const settings = {};
  for (const name of ['synchronous_commit', 'fsync', 'full_page_writes', 'wal_level']) {
    settings[name] = (await client.query(`show ${name}`)).rows[0][name];
  }
  console.log(
    `PGlite settings: ${JSON.stringify(settings)}; ${created.length} week partitions added`,
  );

  // Baseline: one INSERT statement per visit.
  const baseRows = [
    ...generateVisits(BASELINE_ROWS, geo, {
      shopDomain: 'baseline.myshopify.com',
      from,
      to,
      seed: 7,
    }),
  ];
  const insertOne = (r, time = r.time) =>
    client.query(
      `insert into visits (shop_id, time, ip, country, region, city, asn, org, url, referrer,
        user_agent, action, rule_id, rule_kind, rule_label, rule_mode)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)`,
      [
        baselineShop,
        time.toISOString(),
        r.ip,
        r.country,
        r.region,
        r.city,
        r.asn,
        r.org,
        r.url,
        r.referrer,
        r.userAgent,
        r.action,
        r.ruleId,
        r.ruleKind,
        r.ruleLabel,
        r.ruleMode,
      ],
    );
  // Warm-up, untimed, in a year no partition holds (so the default partition, emptied after):
  // a fresh process runs PGlite's WebAssembly unoptimised at first, which would weigh on
  // whichever path is measured first.
  const old = new Date('2001-01-01T00:00:00Z');
  for (const r of baseRows.slice(0, 2_000)) await insertOne(r, old);
  await insertVisits(
    db,
    kind,
    baselineShop,
    baseRows.map((r) => ({ ...r, time: old })),
  );
  await client.query(`delete from visits where time < '2002-01-01'`);
  let t0 = performance.now();
  for (const r of baseRows) await insertOne(r);
  const baselineRate = BASELINE_ROWS / ((performance.now() - t0) / 1000);
  console.log(
    `baseline: one INSERT per visit   ${fmt(baselineRate)} visits/s (${fmt(BASELINE_ROWS)} rows)`,
  );

  // Bulk ingestion; generation time is excluded.
  let ingestMs = 0;
  // CPU time of the whole process (PGlite's worker thread included) while a batch is written.
  let ingestCpuUs = 0;
  const timedInsert = async (rows) => {
    const cpu = process.cpuUsage();
    const s = performance.now();
    await insertVisits(db, kind, shopId, rows);
    ingestMs += performance.now() - s;
    const used = process.cpuUsage(cpu);
    ingestCpuUs += used.user + used.system;
  };
  console.log(`load average at the start of ingestion: ${load()}`);
  let batch = [];
  let done = 0;
  const started = performance.now();
  for (const v of generateVisits(REQUESTED, geo, {
    shopDomain: 'bench.myshopify.com',
    from,
    to,
    seed: 1,
  })) {
    batch.push(v);
    if (batch.length === BATCH) {
      await timedInsert(batch);
      done += batch.length;
      batch = [];
      if (done % 500_000 === 0) {
        console.log(
          `  ${fmt(done)} visits, ${fmt(done / (ingestMs / 1000))} visits/s so far, ${(ingestCpuUs / done).toFixed(1)} µs CPU a visit (load ${load()})`,
        );
      }
      if ((performance.now() - started) / 1000 > MAX_SECONDS) {
        batch = [];
        console.log(`  stopped at ${fmt(done)} visits: --max-seconds ${MAX_SECONDS} reached`);
        break;
      }
    }
  }
  if (batch.length > 0) await timedInsert(batch);
  done += batch.length;
  const N = done;
  const rate = N / (ingestMs / 1000);
  console.log(
    `bulk: binary COPY of ${fmt(BATCH)}   ${fmt(rate)} visits/s (${fmt(N)} rows, ${(ingestMs / 1000).toFixed(1)} s in the database, ${((performance.now() - started) / 1000).toFixed(1)} s in all) — ${(rate / baselineRate).toFixed(1)}× the baseline`,
  );
  console.log(
    `  CPU time ${(ingestCpuUs / N).toFixed(1)} µs a visit (whole process: ${fmt(1e6 / (ingestCpuUs / N))} visits/s if it had a core to itself); load average now ${load()}`,
  );
  // A rare URL: three visits spread over the month, for the URL filter's worst case.
  const rare = [
    ...generateVisits(3, geo, { shopDomain: 'bench.myshopify.com', from, to, seed: 9 }),
  ];
  for (const v of rare) v.url = 'https://bench.myshopify.com/products/gift-card-winter';
  await insertVisits(db, kind, shopId, rare);
  await client.query('analyze visits');

  const median = async (fn) => {
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await fn();
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(RUNS / 2)];
  };
  const page = (filters) => () => findVisits(db, shopId, filters, { limit: 50 });
  const cases = [
    ['first page', {}],
    ['country = DE', { country: 'DE' }],
    ['ip in 81.2.69.0/24', { ip: '81.2.69.0/24' }],
    ['single ip 8.8.8.8', { ip: '8.8.8.8' }],
    ['url contains "canvas-tote"', { url: 'canvas-tote' }],
    ['url contains rare "gift-card"', { url: 'gift-card' }],
    ['url contains absent "no-such"', { url: 'no-such-page' }],
    ['url "no-such", last 24 h', { url: 'no-such-page', range: '24h' }],
    ['action = block', { action: 'block' }],
    ['asn = 15169', { asn: 15169 }],
    // No index: these read the shop's visits newest first until a page is found.
    ['network = hosting', { network: 'hosting' }],
    ['network = tor (none stored)', { network: 'tor' }],
    ['bot = scripts', { bot: 'scripts' }],
  ];
  // One pass first: a fresh process runs PGlite's WebAssembly unoptimised until it warms up,
  // and the server answers pages long after its start.
  const found = [];
  for (const [, filters] of cases) found.push((await page(filters)()).visits.length);
  console.log(`pages of 50 over ${fmt(N)} visits (median of ${RUNS}):`);
  for (const [i, [name, filters]] of cases.entries()) {
    console.log(
      `  keyset ${name.padEnd(31)} ${(await median(page(filters))).toFixed(1)} ms (${found[i]} rows)`,
    );
  }
  // The whole rare-URL search: through the shop's distinct URLs and their minutes (Gatehouse),
  // against the baseline that walks the log page after page of at most URL_SCAN_BUDGET visits
  // examined (what a text matching more than URL_MATCHES_MAX distinct URLs still does).
  const wholeSearch = async (options) => {
    const s = performance.now();
    let requests = 0;
    let matches = 0;
    let cursor;
    do {
      const p = await findVisits(
        db,
        shopId,
        { url: 'gift-card' },
        { limit: 50, cursor, ...options },
      );
      requests++;
      matches += p.visits.length;
      cursor = p.nextCursor ?? undefined;
    } while (cursor);
    return { requests, matches, ms: performance.now() - s };
  };
  const indexed = await wholeSearch({});
  const walked = await wholeSearch({ urlMatchesMax: 0 });
  const distinct = Number(
    (await client.query('select count(*) as n from visit_urls where shop_id = $1', [shopId]))
      .rows[0].n,
  );
  console.log(
    `  whole "gift-card" search, distinct URLs + their minutes: ${indexed.matches} visits in ${indexed.requests} page(s), ${indexed.ms.toFixed(1)} ms in all (${fmt(distinct)} distinct URLs)`,
  );
  console.log(
    `  whole "gift-card" search, baseline walk of ${fmt(20_000)}-visit pages: ${walked.matches} visits in ${walked.requests} pages, ${walked.ms.toFixed(0)} ms in all (${(walked.ms / walked.requests).toFixed(1)} ms a page) — ${(walked.ms / indexed.ms).toFixed(0)}× the time, ${walked.requests}× the clicks`,
  );
  const second = await findVisits(db, shopId, {}, { limit: 50 });
  console.log(
    `  keyset second page               ${(await median(() => findVisits(db, shopId, {}, { limit: 50, cursor: second.nextCursor }))).toFixed(1)} ms`,
  );
  const offset = await median(() =>
    client.query(
      `select * from visits where shop_id = $1 order by time desc, id desc limit 50 offset 49950`,
      [shopId],
    ),
  );
  console.log(`  baseline OFFSET page 1000        ${offset.toFixed(1)} ms`);

  // Retention: delete the oldest day (1/30 of the rows) the way a shop's purge does, then drop
  // the oldest whole week's partition the way the job does past the longest retention.
  t0 = performance.now();
  const deleted = await purgeShopVisits(db, shopId, new Date(from.getTime() + 24 * 3_600_000));
  const purgeS = (performance.now() - t0) / 1000;
  console.log(
    `purge: ${fmt(deleted)} visits older than a day deleted in ${purgeS.toFixed(1)} s (${fmt(deleted / purgeS)} visits/s)`,
  );
  const weekEnd = new Date(weekOf(from) + 7 * 86_400_000);
  const inWeek = Number(
    (
      await client.query(`select count(*) as n from visits where time < $1`, [
        weekEnd.toISOString(),
      ])
    ).rows[0].n,
  );
  t0 = performance.now();
  const dropped = await dropVisitPartitionsBefore(db, weekEnd);
  const dropMs = performance.now() - t0;
  console.log(
    `drop: ${dropped.join(', ')} (${fmt(inWeek)} visits) dropped in ${dropMs.toFixed(1)} ms`,
  );
} finally {
  await close();
  rmSync(dir, { recursive: true, force: true });
}

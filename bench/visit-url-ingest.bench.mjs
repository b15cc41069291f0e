// What "URL contains" costs the visit writer, in CPU time per visit: the same visits written,
// round after round, into three PGlite databases (the real migrations) that differ only in
// how URLs are kept for the search —
//   before:  a `(shop_id, hashtext(url), time, id)` index on visits, and the distinct URLs;
//   minutes: the distinct URLs and the minutes each was seen in (what the writer does now);
//   minutes without the foreign key: the same with no foreign key from the minutes to shops;
//   neither: the distinct URLs alone (what either costs over it).
// CPU time is the whole process's (PGlite's worker threads included) while a batch is written,
// one database at a time, so the figures compare within a run on a busy machine where wall
// time would not. Visits are as dense in time as 5 000 000 a month (the visitor-log bench), or
// --visits-per-minute. Prints numbers; asserts nothing; not run by the tests.
// Run: npx tsx bench/visit-url-ingest.bench.mjs [--rounds 3] [--round-visits 100000]
//   [--visits-per-minute 116]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadGeo } from '@gatehouse/engine';
import { openDatabase } from '../apps/server/src/core/db/client.js';
import { ensureVisitPartitions } from '../apps/server/src/features/visitor-logs/visit-partitions.js';
import { visitsToCopyBinary } from '../apps/server/src/features/visitor-logs/visit-copy.js';
import { UrlTally } from '../apps/server/src/features/visitor-logs/visit-urls.js';
import { inVisitBatch } from '../apps/server/src/features/visitor-logs/visit-writer.js';
import { generateVisits } from '../apps/server/src/cli/visit-generator.js';
import { toVisitRecord } from '../apps/server/src/cli/visit-ingest.js';

const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = option('--rounds', 3);
const ROUND_VISITS = option('--round-visits', 100_000);
const PER_MINUTE = option('--visits-per-minute', 5_000_000 / (30 * 24 * 60));
const BATCH = 10_000;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** Writes a batch as the given variant's writer does. */
const writers = {
  async before(db, kind, rows) {
    await inVisitBatch(db, kind, async (session) => {
      await session.copyBinary(visitsToCopyBinary(rows));
      const urls = new UrlTally();
      for (const v of rows) urls.add(v.shopId, v.url, v.time.getTime());
      const [distinct] = urls.statements();
      await session.query(distinct.text, distinct.params);
    });
  },
  async minutes(db, kind, rows) {
    await inVisitBatch(db, kind, (session) => session.copyVisits(rows));
  },
  async 'minutes-nofk'(db, kind, rows) {
    await writers.minutes(db, kind, rows);
  },
  async neither(db, kind, rows) {
    await writers.before(db, kind, rows);
  },
};

const total = ROUNDS * ROUND_VISITS;
const to = new Date();
const from = new Date(to.getTime() - (total / PER_MINUTE) * 60_000);
const geo = await loadGeo({ city: true });
const opened = {};
const dirs = [];
try {
  for (const name of Object.keys(writers)) {
    const dir = mkdtempSync(join(tmpdir(), `gatehouse-bench-${name}-`));
    dirs.push(dir);
    const o = await openDatabase({ pgliteDir: dir });
    await ensureVisitPartitions(o.db, from, to);
    const r = await o.db.$client.query(
      `insert into shops (domain, shopify_shop_id, name) values ('b.myshopify.com', '1', 'b')
       returning id`,
    );
    if (name === 'before') {
      await o.db.$client.query(
        `create index visits_shop_url_time_idx on visits (shop_id, hashtext(url), time, id)`,
      );
    }
    if (name === 'minutes-nofk') {
      await o.db.$client.query(
        `alter table visit_url_minutes drop constraint visit_url_minutes_shop_id_shops_id_fk`,
      );
    }
    opened[name] = { ...o, shopId: r.rows[0].id, cpuUs: [], written: 0 };
  }
  // Warm-up, untimed: a fresh process runs PGlite's WebAssembly unoptimised at first.
  const warm = [
    ...generateVisits(BATCH, geo, { shopDomain: 'b.myshopify.com', from, to, seed: 3 }),
  ].map((v) => ({ ...v, time: new Date('2001-01-01T00:00:00Z') }));
  for (const [name, o] of Object.entries(opened)) {
    await writers[name](
      o.db,
      o.kind,
      warm.map((v) => toVisitRecord(o.shopId, v)),
    );
    await o.db.$client.query(`delete from visits where time < '2002-01-01'`);
  }
  console.log(
    `${ROUNDS} rounds of ${ROUND_VISITS.toLocaleString('en-US')} visits per variant, ${PER_MINUTE.toFixed(0)} visits a minute, batches of ${BATCH.toLocaleString('en-US')}`,
  );
  const visits = generateVisits(total, geo, {
    shopDomain: 'b.myshopify.com',
    from,
    to,
    seed: 1,
  });
  const names = Object.keys(writers);
  for (let round = 0; round < ROUNDS; round++) {
    const batches = [];
    for (let i = 0; i < ROUND_VISITS / BATCH; i++) {
      const batch = [];
      for (let j = 0; j < BATCH; j++) batch.push(visits.next().value);
      batches.push(batch);
    }
    // A different order each round, so no variant always runs first.
    const order = names.map((_, k) => names[(k + round) % names.length]);
    const line = [];
    for (const name of order) {
      const o = opened[name];
      let cpu = 0;
      for (const batch of batches) {
        const rows = batch.map((v) => toVisitRecord(o.shopId, v));
        const start = process.cpuUsage();
        await writers[name](o.db, o.kind, rows);
        const used = process.cpuUsage(start);
        cpu += used.user + used.system;
      }
      o.cpuUs.push(cpu / ROUND_VISITS);
      line.push(`${name} ${(cpu / ROUND_VISITS).toFixed(1)} µs`);
    }
    console.log(`round ${round + 1} (load ${load()}): ${line.join(', ')} a visit`);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [name, o] of Object.entries(opened)) {
    const rows = await o.db.$client.query(
      `select (select count(*) from visit_urls) as urls, (select count(*) from visit_url_minutes) as minutes`,
    );
    console.log(
      `${name.padEnd(12)} median ${median(o.cpuUs).toFixed(1)} µs CPU a visit (${Math.round(1e6 / median(o.cpuUs)).toLocaleString('en-US')} visits/s on one core), ${rows.rows[0].urls} distinct URLs, ${rows.rows[0].minutes} URL-minute rows`,
    );
  }
} finally {
  for (const o of Object.values(opened)) await o.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

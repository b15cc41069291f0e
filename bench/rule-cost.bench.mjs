// The cost of a rule before it is saved: the replay of a shop's newest 200 000 visits of the
// last 7 days through the rules in force and a draft (a Country Blocker blacklist of 20
// countries on top of 1 000 IP block entries), on PGlite in a temporary folder (the real
// migrations and weekly partitions, the database in its worker thread as the server runs it)
// with the real geo data. In the same run, two baselines over the same rows: a plain count
// (the database's share alone) and the batched read without deciding (the read's share).
// Prints the median of RUNS runs, the visits replayed within the route's 1.5 s budget and the
// heap the replay held at most; asserts nothing; not run by the tests.
// Run: npx tsx bench/rule-cost.bench.mjs [--visits N] [--runs R]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compile, loadGeo } from '@gatehouse/engine';
import { BLOCKERS } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { shops } from '../apps/server/src/db/schema.js';
import { ipRules } from '../apps/server/src/db/protection-schema.js';
import { createBlockerRegistry } from '../apps/server/src/protection/blocker-registry.js';
import { replayVisits } from '../apps/server/src/features/rule-cost/replay.js';
import { visitBatches } from '../apps/server/src/features/rule-cost/visit-batches.js';
import { ensureVisitPartitions } from '../apps/server/src/features/visitor-logs/visit-partitions.js';
import { generateVisits } from '../apps/server/src/cli/visit-generator.js';
import { insertVisits } from '../apps/server/src/cli/visit-ingest.js';

const option = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const VISITS = option('--visits', 250_000);
const RUNS = option('--runs', 5);
const MAX = 200_000;
const DAY = 86_400_000;
const COUNTRIES = 'CN RU KP IR BY VN IN BR ID PK NG UA TR EG BD PH TH MX AR CO'.split(' ');

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
const { db, kind, close } = await openDatabase({ pgliteDir: dir });
const fmt = (n, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  const [shop] = await db
    .insert(shops)
    .values({ domain: 'bench.myshopify.com', shopifyShopId: '1', name: 'bench' })
    .returning();
  const geo = await loadGeo({ city: true });
  const to = new Date();
  const since = new Date(to.getTime() - 7 * DAY);
  await ensureVisitPartitions(db, since, to);
  const t0 = performance.now();
  const rows = [...generateVisits(VISITS, geo, { shopDomain: shop.domain, from: since, to })];
  for (let i = 0; i < rows.length; i += 10_000) {
    await insertVisits(db, kind, shop.id, rows.slice(i, i + 10_000));
  }
  console.log(`${fmt(VISITS)} visits over 7 days stored in ${fmt(performance.now() - t0)} ms`);
  await db.insert(ipRules).values(
    Array.from({ length: 1_000 }, (_, i) => ({
      shopId: shop.id,
      list: 'block',
      ip: `198.18.${i >> 8}.${i & 255}`,
    })),
  );

  const blockers = createBlockerRegistry(BLOCKERS);
  const draft = blockers.draft('saveCountryBlocker');
  const draftRules = await draft.rules(db, shop, {
    mode: 'blacklist',
    countries: COUNTRIES,
    action: { type: 'block' },
    monitor: false,
  });
  const policy = async (change) => {
    const result = compile(await blockers.ruleSet(db, shop, change));
    if (!result.ok) throw new Error(result.errors[0].message);
    return result.policy;
  };
  const current = await policy();
  const drafted = await policy({ blocker: draft.blocker.name, rules: draftRules });
  const kinds = new Set(Object.keys(draft.blocker.ruleKinds));
  const client = db.$client;

  // The same rows as the replay: the shop's visits from the oldest one it replays.
  let oldest = since;
  const count = async () => {
    const r = await client.query(
      `select count(*)::int as n from visits where shop_id = $1 and time >= $2`,
      [shop.id, oldest.toISOString()],
    );
    return r.rows[0].n;
  };
  const lookups = async () => {
    let n = 0;
    for await (const batch of visitBatches(db, shop.id, since, MAX)) {
      for (const v of batch) if (geo.lookup(v.ip).country) n += 1;
    }
    return n;
  };
  const readOnly = async () => {
    let n = 0;
    for await (const batch of visitBatches(db, shop.id, since, MAX)) n += batch.length;
    return n;
  };
  let peakHeap = 0;
  async function* watched(batches) {
    for await (const batch of batches) {
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
      yield batch;
    }
  }
  const replay = (deadline) =>
    replayVisits(watched(visitBatches(db, shop.id, since, MAX)), {
      current,
      draft: drafted,
      geo,
      kinds,
      now: Date.now(),
      deadline,
    });

  // Warm-up, untimed: the WebAssembly database and the geo cache start cold.
  oldest = (await replay(Infinity)).oldest;
  await count();
  const times = { count: [], read: [], geo: [], replay: [] };
  let outcome;
  for (let run = 0; run < RUNS; run++) {
    let t = performance.now();
    const n = await count();
    times.count.push(performance.now() - t);
    t = performance.now();
    const read = await readOnly();
    times.read.push(performance.now() - t);
    t = performance.now();
    await lookups();
    times.geo.push(performance.now() - t);
    globalThis.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    peakHeap = heapBefore;
    t = performance.now();
    outcome = await replay(Infinity);
    times.replay.push(performance.now() - t);
    if (run === 0) {
      console.log(
        `rows: count ${fmt(n)}, read ${fmt(read)}, replayed ${fmt(outcome.replayed)}; ` +
          `heap held by the replay at most ${fmt((peakHeap - heapBefore) / 1024 / 1024, 1)} MB`,
      );
    }
  }
  console.log(
    `baseline: select count(*) over the same rows   ${fmt(median(times.count), 1)} ms (median of ${RUNS})`,
  );
  console.log(`baseline: batched read, no decisions           ${fmt(median(times.read), 1)} ms`);
  console.log(`batched read + geo lookup of each visit          ${fmt(median(times.geo), 1)} ms`);
  console.log(
    `replay: read + 2 decisions per visit           ${fmt(median(times.replay), 1)} ms — ` +
      `${fmt((median(times.replay) / outcome.replayed) * 1000, 2)} µs per visit, ` +
      `${(median(times.replay) / median(times.count)).toFixed(1)}× the count`,
  );
  console.log(
    `  would block ${fmt(outcome.blocked.visits)} visits (${fmt(outcome.blocked.visitors)} visitors)`,
  );
  const budget = await replay(performance.now() + 1_500);
  console.log(
    `within the route's 1.5 s budget: ${fmt(budget.replayed)} visits replayed` +
      (budget.outOfTime ? ' (stopped by the budget)' : ' (all)'),
  );
} finally {
  await close();
  rmSync(dir, { recursive: true, force: true });
}

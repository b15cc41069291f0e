// The cost of a rule before it is saved: the replay of a shop's newest 200 000 visits of the
// last 7 days through the rules in force and a draft (a Country Blocker blacklist of 20
// countries on top of 1 000 IP block entries), on PGlite in a temporary folder (the real
// migrations and weekly partitions, the database in its worker thread as the server runs it)
// with the real geo data (city included) and the network classifier's curated table, as the
// server loads them. In the same run, over the same rows: a plain count (the database's share
// alone), the read without deciding (the read's share), and the replay as it was before (its
// code as committed then: each slice read and sorted whole before the next was asked for,
// every address through the shared geo cache with its city). Prints the median wall time of
// RUNS runs, the process CPU time beside it (every thread, and split into the main thread's
// and the others'), the load average, the visits replayed within the route's 1.5 s budget and
// the heap the replay held at most; asserts nothing; not run by the tests.
// Run: npx tsx bench/rule-cost.bench.mjs [--visits N] [--runs R]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildNetworkClassifier, compile, loadGeo, loadNetworkTable } from '@gatehouse/engine';
import { BLOCKERS } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/core/db/client.js';
import { shops } from '../apps/server/src/core/db/schema.js';
import { ipRules } from '../apps/server/src/protection/protection-schema.js';
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

// The replay as it was before: its two files as committed then, loaded from a folder under
// node_modules (so their imports resolve as they did in place) and removed once loaded.
const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const BEFORE = 'a53d85def2da59bc197e6da310461ed33dbbde74';
const beforeDir = mkdtempSync(join(repo, 'node_modules', '.rule-cost-before-'));
for (const file of ['replay.ts', 'visit-batches.ts']) {
  const text = execFileSync(
    'git',
    ['show', `${BEFORE}:apps/server/src/features/rule-cost/${file}`],
    {
      cwd: repo,
      encoding: 'utf8',
    },
  );
  writeFileSync(join(beforeDir, file), text);
}
const before = {
  replayVisits: (await import(join(beforeDir, 'replay.ts'))).replayVisits,
  visitBatches: (await import(join(beforeDir, 'visit-batches.ts'))).visitBatches,
};
rmSync(beforeDir, { recursive: true, force: true });

const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
const { db, kind, close } = await openDatabase({ pgliteDir: dir });
const fmt = (n, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
/**
 * CPU milliseconds so far of this process's main thread and of its other threads (the
 * database's worker above all), from Linux's per-thread counters: on two free cores the
 * replay takes about the larger of the two, as the database reads while the main thread
 * decides.
 */
const threadCpu = () => {
  const tick = 10; // ms per clock tick (100 Hz)
  let main = 0;
  let others = 0;
  for (const tid of readdirSync('/proc/self/task')) {
    let stat;
    try {
      stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    // Fields after the command name, which is in parentheses: utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * tick;
    if (Number(tid) === process.pid) main += ms;
    else others += ms;
  }
  return { main, others };
};

try {
  const [shop] = await db
    .insert(shops)
    .values({ domain: 'bench.myshopify.com', shopifyShopId: '1', name: 'bench' })
    .returning();
  const geo = await loadGeo({
    city: true,
    classifier: buildNetworkClassifier(loadNetworkTable(), []),
  });
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
  const replay = (deadline, batches = visitBatches(db, shop.id, since, MAX), lookup = geo) =>
    replayVisits(watched(batches), {
      current,
      draft: drafted,
      geo: lookup,
      kinds,
      now: Date.now(),
      deadline,
    });
  const previous = () =>
    before.replayVisits(before.visitBatches(db, shop.id, since, MAX), {
      current,
      draft: drafted,
      geo,
      kinds,
      now: Date.now(),
      deadline: Infinity,
    });

  // Warm-up, untimed: the WebAssembly database and the geo data start cold.
  const first = await replay(Infinity);
  oldest = new Date(first.oldest);
  await count();
  await previous();
  const figures = { count: [], read: [], previous: [], replay: [] };
  const timed = async (name, run) => {
    const cpu = process.cpuUsage();
    const threads = threadCpu();
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const t = performance.now();
    const value = await run();
    loop.disable();
    const used = process.cpuUsage(cpu);
    const after = threadCpu();
    figures[name].push({
      ms: performance.now() - t,
      cpu: (used.user + used.system) / 1000,
      main: after.main - threads.main,
      others: after.others - threads.others,
      held: loop.max / 1e6,
    });
    return value;
  };
  const loads = [];
  let outcome;
  let was;
  for (let run = 0; run < RUNS; run++) {
    loads.push(load());
    const n = await timed('count', count);
    const read = await timed('read', readOnly);
    was = await timed('previous', previous);
    globalThis.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    peakHeap = heapBefore;
    outcome = await timed('replay', () => replay(Infinity));
    if (run === 0) {
      console.log(
        `rows: count ${fmt(n)}, read ${fmt(read)}, replayed ${fmt(outcome.replayed)} ` +
          `(before: ${fmt(was.replayed)}); heap held by the replay at most ` +
          `${fmt((peakHeap - heapBefore) / 1024 / 1024, 1)} MB`,
      );
    }
  }
  loads.push(load());
  const line = (label, name) => {
    const of = (key) => fmt(median(figures[name].map((f) => f[key]))).padStart(6);
    console.log(
      `${label.padEnd(46)} ${of('ms')} ms, CPU ${of('cpu')} ms ` +
        `(main thread ${of('main')}, other threads ${of('others')}), ` +
        `event loop held at most ${of('held')} ms`,
    );
    return median(figures[name].map((f) => f.ms));
  };
  console.log(`median of ${RUNS} runs, load average ${loads.join(', ')}`);
  const countMs = line('baseline: select count(*) over the same rows', 'count');
  line('baseline: the read alone, no decisions', 'read');
  line('before: the replay as it was', 'previous');
  const replayMs = line("replay: read + rules' facts + 2 decisions", 'replay');
  const ratios = figures.replay.map((f, i) => f.ms / figures.previous[i].ms);
  console.log(
    `  ${fmt((replayMs / outcome.replayed) * 1000, 2)} µs per visit, ` +
      `${(replayMs / countMs).toFixed(1)}× the count, ` +
      `${(median(ratios) * 100).toFixed(0)} % of the time before (median of the runs' ratios)`,
  );
  const same = ['blocked', 'released', 'total', 'monitored'].every(
    (k) => JSON.stringify(outcome[k]) === JSON.stringify(was[k]),
  );
  console.log(
    `  would block ${fmt(outcome.blocked.visits)} visits (${fmt(outcome.blocked.visitors)} visitors); ` +
      `the same counts as before: ${same ? 'yes' : 'NO'}`,
  );
  const budget = await replay(performance.now() + 1_500);
  console.log(
    `within the route's 1.5 s budget: ${fmt(budget.replayed)} visits replayed` +
      (budget.outOfTime ? ' (stopped by the budget)' : ' (all)') +
      `, load average ${load()}`,
  );
} finally {
  await close();
  rmSync(dir, { recursive: true, force: true });
}

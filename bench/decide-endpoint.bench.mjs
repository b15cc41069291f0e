// One script on purpose, past the usual file size: it reads top to bottom as the run it
// performs (set-up through the merchant's calls, load rounds, figures); only the merchant's
// calls and sign-in are shared with another bench (merchant-calls.mjs).
// Decision endpoint over HTTP against a bare Fastify route, same run (its budget: the endpoint
// keeps ≥ 70 % of the bare route's throughput). The real server app (buildApp, PGlite in a fresh
// data folder as the server keeps it by default, logger off) signs a shop in through the
// platform emulator and gets its rules through the merchant's own calls: a Country Blocker of
// 200 countries in blacklist mode (every country but US) and 10 000 IP block-list entries
// imported as CSV. Autocannon then runs baseline, Gatehouse, baseline, Gatehouse against the
// same decide URL with X-Forwarded-For rotating through real addresses. Also prints the
// storefront script's gzipped size against its 3 KB budget. Prints figures; asserts nothing.
// With --postgres URL the app uses that Postgres server (as DATABASE_URL would in production)
// instead of PGlite: the bench creates a scratch database on it and drops it at the end.
// The machine may be shared, so runs alternate for several rounds and the figure is the median
// of each round's ratio; beside throughput it prints the server thread's busy time per request
// (event-loop utilisation), which other processes disturb far less, and on Linux the CPU time
// per request of the server thread, the database thread (PGlite) and V8's helper threads
// (garbage collection, compilation), read from /proc: where each request's cost goes.
// Run: npx tsx bench/decide-endpoint.bench.mjs [--seconds 8] [--rounds 3] [--connections 50]
//        [--postgres postgres://postgres@127.0.0.1:55432/postgres]
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { COUNTRY_CODES } from '@gatehouse/engine';
import { merchantCalls } from './merchant-calls.mjs';
import { scratchDatabase, startProduct } from './stack.mjs';

const text = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : undefined;
};
const arg = (name, fallback) => (text(name) === undefined ? fallback : Number(text(name)));
const POSTGRES = text('postgres');
const SECONDS = arg('seconds', 8);
const ROUNDS = arg('rounds', 3);
const CONNECTIONS = arg('connections', 50);
const IP_RULES = 10_000;
// High enough that no visitor address is ever limited; the limiter itself still runs.
const DECIDE_LIMIT = 1_000_000_000;
const SHOP = 'bench-decide.myshopify.com';

// Real addresses: US ones are allowed, the others blocked by country, and 4.2.2.2 (US) by the
// IP list (4.2.2.0/24 is one of the imported entries). Countries are printed from the geo data.
const VISITORS = [
  '8.8.8.8',
  '13.107.21.200',
  '2001:4860:4860::8888',
  '4.2.2.2',
  '88.198.0.1',
  '85.214.132.117',
  '2a01:4f8::1',
  '212.27.48.10',
  '163.172.0.1',
  '81.2.69.142',
  '210.130.0.1',
  '200.160.2.3',
];

// ---------------------------------------------------------------- the database

const scratch = POSTGRES ? await scratchDatabase(POSTGRES) : null;
// PGlite's data in a folder, as the server keeps it by default (memory:// is for tests).
const dataDir = POSTGRES ? null : mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));

// ---------------------------------------------------------------- CPU time per thread

/** CPU time (clock ticks, 100 per second on Linux) of each thread of this process. */
function threadTicks() {
  const ticks = new Map();
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      try {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks.set(tid, Number(fields[11]) + Number(fields[12]));
      } catch {
        // The thread ended meanwhile.
      }
    }
  } catch {
    // Not Linux: no per-thread figures.
  }
  return ticks;
}
const threadsBeforeApp = threadTicks();

// ---------------------------------------------------------------- the servers

const listen = async (app) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${app.server.address().port}`;
};

const product = await startProduct({
  env: {
    PGLITE_DIR: dataDir ?? 'memory://',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    RATE_LIMIT_DECIDE_PER_MINUTE: String(DECIDE_LIMIT),
  },
});
const { app, appUrl } = product;
// Threads started with the app: on PGlite, its database thread (the only busy one).
const appThreads = [...threadTicks().keys()].filter((tid) => !threadsBeforeApp.has(tid));
const mainTid = String(process.pid);
const helperTids = [...threadsBeforeApp.keys()].filter((tid) => tid !== mainTid);

/** CPU µs per request of the server, database and helper threads between two readings. */
function cpuPerRequest(before, after, requests) {
  const us = (tids) =>
    (tids.reduce((sum, tid) => sum + (after.get(tid) ?? 0) - (before.get(tid) ?? 0), 0) * 10_000) /
    Math.max(1, requests);
  return { server: us([mainTid]), database: us(appThreads), helpers: us(helperTids) };
}

const baseline = Fastify({ logger: false });
baseline.get('/api/storefront/decide', async () => ({ action: 'allow' }));
const baselineUrl = await listen(baseline);

const { call, signIn } = merchantCalls(app, appUrl);

// ---------------------------------------------------------------- the shop's rules

let seed = 20260601;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const int = (n) => Math.floor(random() * n);
const hex = () => int(65536).toString(16);
const v4 = () => `${1 + int(222)}.${int(256)}.${int(256)}.${int(256)}`;
const v6 = () => `2${int(4096).toString(16).padStart(3, '0')}:${hex()}:${hex()}:${hex()}::${hex()}`;
const v4Block = () => {
  const prefix = 16 + int(13);
  const size = 2 ** (32 - prefix);
  const base = Math.floor((random() * 2 ** 32) / size) * size;
  return `${[24, 16, 8, 0].map((s) => Math.floor(base / 2 ** s) % 256).join('.')}/${prefix}`;
};
const v6Block = () => `2${int(4096).toString(16).padStart(3, '0')}:${hex()}::/32`;

// 40 % IPv4 addresses, 30 % IPv4 /16–/28 blocks, 20 % IPv6 addresses, 10 % IPv6 /32 blocks.
const entries = new Set(['4.2.2.0/24']);
for (let i = 0; entries.size < IP_RULES; i++) {
  const kind = i % 10;
  entries.add(kind < 4 ? v4() : kind < 7 ? v4Block() : kind < 9 ? v6() : v6Block());
}
const csv = `ip,note\n${[...entries].map((ip, i) => `${ip},bench ${i}`).join('\n')}\n`;

const setupStart = performance.now();
const token = await signIn(SHOP);
// The Free plan caps the block list at 20 entries; support lifts it like for a merchant.
const support = await app.inject({
  method: 'POST',
  url: '/api/support/set',
  headers: { authorization: `bearer ${app.config.supportApiKey}` },
  payload: { shop: SHOP, values: { plan: 'premium' } },
});
if (support.statusCode !== 200) throw new Error(`support set: ${support.body}`);
const blocked = [...COUNTRY_CODES].filter((c) => c !== 'US').slice(0, 200);
await call('saveCountryBlocker', token, {
  mode: 'blacklist',
  countries: blocked,
  action: { type: 'block' },
  monitor: false,
});
const preview = await call('previewIpBlockerImport', token, { csv });
if (!preview.token) throw new Error(`CSV preview: ${preview.problem}`);
const { imported } = await call('commitIpBlockerImport', token, { csv, token: preview.token });
const setupMs = performance.now() - setupStart;

// ---------------------------------------------------------------- the runs

const path = `/api/storefront/decide?shop=${SHOP}&url=${encodeURIComponent(`https://${SHOP}/`)}`;
const requests = VISITORS.map((ip) => ({
  method: 'GET',
  path,
  headers: { 'x-forwarded-for': ip, 'user-agent': 'Mozilla/5.0 (bench)' },
}));

// What each visitor is told (this also builds the shop's policy before the first run).
const geo = await app.protection.geo.ready;
const outcomes = [];
for (const ip of VISITORS) {
  const res = await fetch(`${appUrl}${path}`, { headers: { 'x-forwarded-for': ip } });
  const country = geo?.lookup(ip).country ?? 'unknown country';
  outcomes.push(`${ip} (${country}) ${(await res.json()).action}`);
}

/** autocannon in a worker thread, so the load generator does not share the servers' thread. */
function load(url, duration = SECONDS) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections: CONNECTIONS, duration, requests, workers: 1 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

// Both servers get a short unmeasured run first so neither is measured cold (JIT, caches).
await load(baselineUrl, 2);
await load(appUrl, 2);
const runs = { baseline: [], gatehouse: [] };
for (let round = 1; round <= ROUNDS; round++) {
  for (const [name, url] of [
    ['baseline', baselineUrl],
    ['gatehouse', appUrl],
  ]) {
    const before = performance.eventLoopUtilization();
    const ticksBefore = threadTicks();
    const r = await load(url);
    const busy = performance.eventLoopUtilization(before);
    // Microseconds the server thread was busy per answered request.
    r.busyUsPerRequest = (busy.active * 1000) / Math.max(1, r.requests.total);
    r.cpu = cpuPerRequest(ticksBefore, threadTicks(), r.requests.total);
    runs[name].push(r);
    const cpu = ticksBefore.size
      ? `CPU µs/request: server ${r.cpu.server.toFixed(0)}, database ${r.cpu.database.toFixed(0)}, ` +
        `V8 helpers ${r.cpu.helpers.toFixed(0)}  `
      : '';
    console.log(
      `round ${round} ${name.padEnd(9)} ${r.requests.average.toFixed(0).padStart(6)} req/s  ` +
        `server thread ${r.busyUsPerRequest.toFixed(1)} µs/request (${(busy.utilization * 100).toFixed(0)} % busy)  ` +
        cpu +
        `p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  ` +
        `(${r.requests.total} requests, non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts})`,
    );
  }
}
await app.visits.flush();
const visitMetrics = { ...app.visits.metrics };

await Promise.all([product.close(), baseline.close()]);
await scratch?.drop();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });

// ---------------------------------------------------------------- the storefront script

const script = new URL('../extensions/gatehouse-embed/assets/gatehouse.js', import.meta.url);
if (!existsSync(script)) execSync('npm run build -w @gatehouse/storefront', { stdio: 'inherit' });
const raw = readFileSync(script);
const gzipBytes = gzipSync(raw, { level: 9 }).length;

// ---------------------------------------------------------------- the figures

const mean = (list, pick) => list.reduce((sum, r) => sum + pick(r), 0) / list.length;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const rps = (name) => mean(runs[name], (r) => r.requests.average);
const roundRatios = runs.gatehouse.map(
  (r, i) => r.requests.average / runs.baseline[i].requests.average,
);
const ratio = median(roundRatios);
const busyRatio =
  median(runs.baseline.map((r) => r.busyUsPerRequest)) /
  median(runs.gatehouse.map((r) => r.busyUsPerRequest));
console.log('');
console.log(
  `database: ${scratch ? `Postgres (${new URL(POSTGRES).host}, scratch database)` : 'PGlite in a fresh data folder (its own thread)'}`,
);
console.log(
  `setup: shop signed in through the emulator, ${blocked.length} countries blocked (all but US), ` +
    `${imported} IP block-list entries imported (${(setupMs / 1000).toFixed(1)} s)`,
);
console.log(
  `load: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per server after a 2 s warm-up each, ` +
    `autocannon in a worker thread, ` +
    `${VISITORS.length} X-Forwarded-For addresses in rotation`,
);
console.log(`visitors: ${outcomes.join(', ')}`);
console.log(
  `decide rate limit raised to ${DECIDE_LIMIT} per IP per minute ` +
    `(RATE_LIMIT_DECIDE_PER_MINUTE) so it never answers 429 here; the limiter still runs`,
);
for (const name of ['baseline', 'gatehouse']) {
  console.log(
    `${name.padEnd(9)} mean ${rps(name).toFixed(0)} req/s, ` +
      `p50 ${mean(runs[name], (r) => r.latency.p50).toFixed(1)} ms, ` +
      `p99 ${mean(runs[name], (r) => r.latency.p99).toFixed(1)} ms`,
  );
}
console.log(
  `ratio gatehouse / baseline: ${(ratio * 100).toFixed(1)} % (median of the rounds: ` +
    `${roundRatios.map((x) => (x * 100).toFixed(1)).join(', ')} %; budget ≥ 70 %)`,
);
{
  // How much the machine moved during the run: on a shared machine a ratio is only as good as
  // the spread of its rounds.
  const base = runs.baseline.map((r) => r.requests.average);
  const points = roundRatios.map((x) => x * 100);
  console.log(
    `spread: baseline rounds ${Math.min(...base).toFixed(0)}–${Math.max(...base).toFixed(0)} req/s ` +
      `(${((Math.max(...base) / Math.min(...base) - 1) * 100).toFixed(0)} % apart), round ratios ` +
      `${(Math.max(...points) - Math.min(...points)).toFixed(1)} points apart: ` +
      `differences smaller than that between runs are noise`,
  );
}
console.log(
  `server thread per request: baseline ${median(runs.baseline.map((r) => r.busyUsPerRequest)).toFixed(1)} µs, ` +
    `gatehouse ${median(runs.gatehouse.map((r) => r.busyUsPerRequest)).toFixed(1)} µs ` +
    `(baseline / gatehouse ${(busyRatio * 100).toFixed(1)} %)`,
);
if (threadsBeforeApp.size) {
  const cpu = (name, key) => median(runs[name].map((r) => r.cpu[key])).toFixed(1);
  console.log(
    `CPU per request (median): server thread baseline ${cpu('baseline', 'server')} µs, ` +
      `gatehouse ${cpu('gatehouse', 'server')} µs; database ` +
      `${scratch ? 'in the Postgres server process (not counted)' : `thread ${cpu('gatehouse', 'database')} µs`}; ` +
      `V8 helper threads baseline ${cpu('baseline', 'helpers')} µs, gatehouse ${cpu('gatehouse', 'helpers')} µs ` +
      `(the load generator's thread is not counted)`,
  );
}
console.log(
  `visits: ${visitMetrics.written} written, ${visitMetrics.dropped} dropped (queue full), ` +
    `${visitMetrics.failed} failed`,
);
console.log(
  `storefront script: ${raw.length} bytes, ${gzipBytes} bytes gzipped (budget 3072 = 3 KB)`,
);

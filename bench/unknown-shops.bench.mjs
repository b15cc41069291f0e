// Decisions per second for a known shop against a flood of invented shop names, in one run:
// the real server app (buildApp, PGlite in a fresh data folder as the server keeps it by
// default, logger off) signs one shop in through the platform emulator and blocks 200
// countries; autocannon (in a worker thread) then alternates rounds of decisions for that shop
// and rounds where every request names a shop never seen before (bench/invented-shop-request.cjs).
// Prints decisions/s of each, the server thread's CPU per decision and the policies cached;
// asserts nothing.
// Run: npx tsx bench/unknown-shops.bench.mjs [--seconds 5] [--rounds 3] [--connections 20]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { COUNTRY_CODES } from '@gatehouse/engine';
import { merchantCalls } from './merchant-calls.mjs';
import { startProduct } from './stack.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 5);
const ROUNDS = arg('rounds', 3);
const CONNECTIONS = arg('connections', 20);
const SHOP = 'bench-known.myshopify.com';
const INVENTED = fileURLToPath(new URL('./invented-shop-request.cjs', import.meta.url));

const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-unknown-'));
const product = await startProduct({
  env: { PGLITE_DIR: dataDir, RATE_LIMIT_DECIDE_PER_MINUTE: '1000000000' },
});
const { app, appUrl } = product;

const { call, signIn } = merchantCalls(app, appUrl);

const token = await signIn(SHOP);
await call('saveCountryBlocker', token, {
  mode: 'blacklist',
  countries: [...COUNTRY_CODES].filter((c) => c !== 'US').slice(0, 200),
  action: { type: 'block' },
  monitor: false,
});

const known = {
  method: 'GET',
  path: `/api/storefront/decide?shop=${SHOP}&url=${encodeURIComponent(`https://${SHOP}/`)}`,
  headers: { 'x-forwarded-for': '8.8.8.8', 'user-agent': 'Mozilla/5.0 (bench)' },
};
const invented = { ...known, setupRequest: INVENTED };

function load(request, duration = SECONDS) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: appUrl, connections: CONNECTIONS, duration, requests: [request], workers: 1 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

await load(known, 2);
await load(invented, 2);
const runs = { known: [], invented: [] };
for (let round = 1; round <= ROUNDS; round++) {
  for (const [name, request] of [
    ['known', known],
    ['invented', invented],
  ]) {
    const before = performance.eventLoopUtilization();
    const r = await load(request);
    const busy = performance.eventLoopUtilization(before);
    r.busyUsPerRequest = (busy.active * 1000) / Math.max(1, r.requests.total);
    runs[name].push(r);
    console.log(
      `round ${round} ${name.padEnd(8)} ${r.requests.average.toFixed(0).padStart(6)} decisions/s  ` +
        `server thread ${r.busyUsPerRequest.toFixed(1)} µs/decision  p50 ${r.latency.p50} ms  ` +
        `p99 ${r.latency.p99} ms  (${r.requests.total} requests, non-2xx ${r.non2xx}, errors ${r.errors})`,
    );
  }
}
const cached = app.protection.policies.size();
await app.visits.flush();
await product.close();
rmSync(dataDir, { recursive: true, force: true });

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const rate = (name) => median(runs[name].map((r) => r.requests.average));
console.log('');
console.log(
  `load: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each after a 2 s warm-up, ` +
    `autocannon in a worker thread; PGlite in a fresh data folder`,
);
console.log(
  `known shop: median ${rate('known').toFixed(0)} decisions/s; invented names (a new one per ` +
    `request): median ${rate('invented').toFixed(0)} decisions/s ` +
    `(${((rate('invented') / rate('known')) * 100).toFixed(0)} % of the known shop's)`,
);
console.log(`policies cached at the end: ${cached} (the known shop's only, if nothing evicted it)`);

// How long a network-feed rebuild holds the server's event loop: the stored copies (a relay
// egress list the size of Apple's, Tor exits, crawler ranges) parsed and indexed in place, as
// every rebuild did before, against the same work on a worker thread, in one run. A timer
// ticking every millisecond measures the longest stall of each; the time until the new index
// is ready is printed too (a thread pays its start and the hand-over). Asserts nothing.
// Run: npx tsx bench/feed-refresh.bench.mjs [--relay 300000] [--rounds 3]
import pino from 'pino';
import { runFeedWork } from '../packages/engine/src/network/feed-work.js';
import { runFeedWorkOffThread } from '../packages/engine/src/network/feed-worker-client.js';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
};
const RELAY = arg('relay', 300_000);
const ROUNDS = arg('rounds', 3);

const relay = [];
for (let i = 0; i < RELAY; i++) {
  const a = 100 + ((i * 7919) % 120);
  relay.push(`${a}.${(i >> 12) & 255}.${(i >> 4) & 255}.${(i & 15) << 4}/28,US,US-CA,Los Angeles,`);
}
const tor = Array.from(
  { length: 2000 },
  (_, i) => `185.${220 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`,
);
const crawlers = {
  prefixes: Array.from({ length: 1000 }, (_, i) => ({
    ipv4Prefix: `66.${i >> 8}.${i & 255}.0/27`,
  })),
};
const work = {
  op: 'index',
  feeds: [
    { name: 'icloud-private-relay', body: relay.join('\n') + '\n' },
    { name: 'tor-exits', body: tor.join('\n') + '\n' },
    { name: 'googlebot', body: JSON.stringify(crawlers) },
  ],
};
const log = pino({ level: 'silent' });

/** Runs the work while a 1 ms timer notes the longest gap between its ticks. */
async function measure(run) {
  let last = performance.now();
  let longest = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = performance.now();
  await run();
  const took = performance.now() - started;
  // One more tick, so a stall that ended with the work is counted.
  await new Promise((resolve) => setTimeout(resolve, 5));
  clearInterval(tick);
  return { stallMs: longest, took };
}

const rows = [];
for (let r = 0; r < ROUNDS; r++) {
  const inPlace = await measure(async () => runFeedWork(work));
  const thread = await measure(() => runFeedWorkOffThread(work, log));
  // The machine's own noise: the same timer over a second of doing nothing.
  const idle = await measure(() => new Promise((resolve) => setTimeout(resolve, 1000)));
  rows.push({ inPlace, thread, idle });
  console.log(
    `round ${r + 1}: in place: longest stall ${inPlace.stallMs.toFixed(0)} ms, ready in ${inPlace.took.toFixed(0)} ms; ` +
      `on a thread: longest stall ${thread.stallMs.toFixed(0)} ms, ready in ${thread.took.toFixed(0)} ms; ` +
      `idle: longest gap ${idle.stallMs.toFixed(0)} ms`,
  );
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const a = median(rows.map((r) => r.inPlace.stallMs));
const b = median(rows.map((r) => r.thread.stallMs));
const c = median(rows.map((r) => r.idle.stallMs));
console.log(
  `median longest stall: in place ${a.toFixed(0)} ms, on a thread ${b.toFixed(0)} ms (ratio ${(b / a).toFixed(3)}), idle ${c.toFixed(0)} ms`,
);

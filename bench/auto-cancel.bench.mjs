// Auto-cancel filters: 50 filters of 10 conditions each against one order, through the engine
// (compileMatch once, evaluateFilters per order: the order read into comparable facts, then the
// filters in priority order), against a baseline in the same run: the same 500 checks written
// by hand as one plain function over the same order (its own normalizing included). Every
// filter's first nine conditions hold and its tenth fails, so no filter matches and all 500
// conditions are evaluated: the worst case for one order. Budget: ≤ 50 µs per order (median).
// Prints figures; asserts nothing except that both sides agree that nothing matched.
// Run: npx tsx bench/auto-cancel.bench.mjs [--samples 31] [--per-sample 2000]
import { loadavg } from 'node:os';
import { compileMatch, evaluateFilters } from '@gatehouse/engine';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
};
const SAMPLES = arg('samples', 31);
const PER_SAMPLE = arg('per-sample', 2000);

const order = {
  email: 'Buyer@Example.com',
  phone: '+1 (555) 010-7788',
  firstName: 'Ann',
  lastName: 'Lee',
  browserIp: '203.0.113.7',
  browserIpCountry: 'DE',
  ipNetwork: [],
  billing: { address1: '1 Main St', city: 'Springfield', zip: '62701', countryCode: 'US' },
  shipping: { address1: '9 Rue de Rivoli', city: 'Paris', zip: '75001', countryCode: 'FR' },
  total: 640.5,
  quantity: 3,
  skus: ['SKU-RED-1', 'GIFT-CARD'],
  discountCodes: ['WELCOME10'],
  gateways: ['bogus'],
  tags: ['wholesale'],
  firstOrder: true,
};

const conditionsOf = (i) => [
  { field: 'email', operator: 'contains', value: 'example' },
  { field: 'emailDomain', operator: 'inList', value: ['example.com', `x${i}.com`] },
  { field: 'total', operator: 'greaterThan', value: 100 + i },
  { field: 'quantity', operator: 'lessThan', value: 50 },
  { field: 'shippingCountry', operator: 'inList', value: ['FR', 'DE'] },
  { field: 'browserIp', operator: 'inList', value: ['203.0.113.0/24', '2001:db8::/32'] },
  { field: 'sku', operator: 'startsWith', value: 'sku' },
  { field: 'billingDiffersFromShipping', operator: 'is', value: true },
  { field: 'phone', operator: 'startsWith', value: '1555' },
  { field: 'orderTags', operator: 'equals', value: `blocked-${i}` },
];

const filters = Array.from({ length: 50 }, (_, i) => {
  const result = compileMatch({
    any: false,
    groups: [{ any: false, conditions: conditionsOf(i) }],
  });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return { id: i, compiled: result.match };
});

// The baseline: the same checks by hand, in one function, from the raw order.
const norm = (s) => s.normalize('NFC').trim().toLowerCase();
function baseline(o) {
  const email = norm(o.email);
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const phone = o.phone.replace(/\D+/g, '');
  const skus = o.skus.map(norm);
  const tags = o.tags.map(norm);
  const ship = o.shipping.countryCode.toUpperCase();
  const differs =
    norm(o.billing.address1) !== norm(o.shipping.address1) ||
    norm(o.billing.city) !== norm(o.shipping.city) ||
    o.billing.zip !== o.shipping.zip ||
    o.billing.countryCode !== o.shipping.countryCode;
  const parts = o.browserIp.split('.').map(Number);
  const ip = ((parts[0] << 24) >>> 0) + (parts[1] << 16) + (parts[2] << 8) + parts[3];
  const net = ((203 << 24) >>> 0) + (0 << 16) + (113 << 8);
  for (let i = 0; i < 50; i++) {
    if (!email.includes('example')) continue;
    if (domain !== 'example.com' && domain !== `x${i}.com`) continue;
    if (!(o.total > 100 + i)) continue;
    if (!(o.quantity < 50)) continue;
    if (ship !== 'FR' && ship !== 'DE') continue;
    if (ip < net || ip > net + 255) continue;
    if (!skus.some((s) => s.startsWith('sku'))) continue;
    if (!differs) continue;
    if (!phone.startsWith('1555')) continue;
    if (!tags.includes(`blocked-${i}`)) continue;
    return i;
  }
  return null;
}

if (evaluateFilters(filters, order).filter !== null || baseline(order) !== null) {
  throw new Error('the bench order must match no filter');
}

/**
 * Median µs per order over the samples: wall time, and this process's CPU time (user +
 * system), which the other processes of a shared machine disturb far less.
 */
function medianMicros(run) {
  for (let i = 0; i < PER_SAMPLE; i++) run(); // warm-up
  const wall = [];
  const cpu = [];
  for (let s = 0; s < SAMPLES; s++) {
    const start = process.hrtime.bigint();
    const used = process.cpuUsage();
    for (let i = 0; i < PER_SAMPLE; i++) run();
    const spent = process.cpuUsage(used);
    wall.push(Number(process.hrtime.bigint() - start) / 1000 / PER_SAMPLE);
    cpu.push((spent.user + spent.system) / PER_SAMPLE);
  }
  const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)];
  return { wall: median(wall), cpu: median(cpu) };
}

let sink = 0;
const rounds = [];
for (let round = 0; round < 3; round++) {
  const engine = medianMicros(() => {
    sink += evaluateFilters(filters, order).filter === null ? 1 : 0;
  });
  const hand = medianMicros(() => {
    sink += baseline(order) === null ? 1 : 0;
  });
  rounds.push({ engine, hand });
}
const load = loadavg().map((l) => l.toFixed(2));
console.log('Auto-cancel filters: 50 filters × 10 conditions, one order, all 500 conditions run');
console.log(
  `load average ${load.join(' ')}; ${SAMPLES} samples of ${PER_SAMPLE} orders per figure`,
);
console.log(
  '| round | engine wall | engine CPU | hand-written wall | hand-written CPU | ratio (CPU) |',
);
console.log(
  '| ----- | ----------- | ---------- | ----------------- | ---------------- | ----------- |',
);
const us = (n) => `${n.toFixed(2)} µs`;
rounds.forEach(({ engine, hand }, i) => {
  console.log(
    `| ${i + 1} | ${us(engine.wall)} | ${us(engine.cpu)} | ${us(hand.wall)} | ${us(hand.cpu)} | ${(engine.cpu / hand.cpu).toFixed(2)}× |`,
  );
});
const mid = (key, side) => rounds.map((r) => r[side][key]).sort((a, b) => a - b)[1];
console.log(
  `median engine: ${us(mid('wall', 'engine'))} wall, ${us(mid('cpu', 'engine'))} CPU per order (budget 50 µs); hand-written: ${us(mid('cpu', 'hand'))} CPU`,
);
if (sink === 0) console.log('(nothing evaluated)');

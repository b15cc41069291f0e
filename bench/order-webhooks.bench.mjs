// Order webhooks: (1) webhook intake (HMAC check on the raw body, the delivery recorded and its
// job queued in one transaction, 200) against a bare Fastify route that reads the same body
// and answers 200, same process, same run; (2) Fraud Protect from order to cancel: the
// platform emulator places N high-risk orders (default 1 000), each sends orders/create and
// orders/risk_assessment_changed to the server over HTTP, and the server's jobs cancel,
// refund, restock and tag each one through Admin GraphQL. Prints the time from each order's
// creation to its cancel being recorded done (median, p95, max) and the whole run's
// throughput. The real app (buildApp, logger off) on PGlite in a fresh folder, or with
// --postgres URL on a scratch database created on that server and dropped at the end.
// Prints figures; asserts nothing.
// Run: npx tsx bench/order-webhooks.bench.mjs [--seconds 8] [--orders 1000] [--postgres URL]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { EmulatorControl } from '@gatehouse/platform-emulator';
import { DEFAULT_FRAUD_PROTECT } from '@gatehouse/contracts';
import { freePort } from '@gatehouse/test-support';
import { orderActions } from '../apps/server/src/orders/order-actions-schema.js';
import { shops } from '../apps/server/src/core/db/schema.js';
import { webhookHmac } from '../apps/server/src/core/platform/webhook-hmac.js';
import { merchantCalls } from './merchant-calls.mjs';
import { API_SECRET, scratchDatabase, startProduct } from './stack.mjs';

const text = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : undefined;
};
const POSTGRES = text('postgres');
const SECONDS = Number(text('seconds') ?? 8);
const ORDERS = Number(text('orders') ?? 1000);
const SHOP = 'bench-orders.myshopify.com';

const folder = mkdtempSync(join(tmpdir(), 'gatehouse-bench-orders-'));
const scratch = POSTGRES ? await scratchDatabase(POSTGRES) : null;
const database = scratch
  ? { env: { DATABASE_URL: scratch.url }, drop: scratch.drop }
  : { env: { PGLITE_DIR: join(folder, 'pglite') }, drop: async () => {} };
const product = await startProduct({
  env: {
    NODE_ENV: 'production',
    ADMIN_DIST: '/nonexistent',
    NETWORK_FEEDS_SCHEDULE: '',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
    ...database.env,
  },
});
const { app, appUrl, emulatorUrl } = product;
const barePort = await freePort();

const bare = Fastify({ logger: false });
bare.addContentTypeParser('*', { parseAs: 'buffer' }, (_r, body, done) => done(null, body));
bare.post('/api/webhooks', async (_request, reply) => reply.status(200).send({ ok: true }));
await bare.listen({ port: barePort, host: '127.0.0.1' });

try {
  const { call, signIn } = merchantCalls(app, appUrl);
  const token = await signIn(SHOP);
  await app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.domain, SHOP));
  const [shop] = await app.db.select().from(shops).where(eq(shops.domain, SHOP));

  // ---------------------------------------------------------------- (1) intake
  // An order payload of a realistic size, for a shop with Fraud Protect off: intake only.
  const body = JSON.stringify({
    id: 6_000_000_001,
    name: '#1001',
    email: 'buyer@example.com',
    total_price: '89.00',
    line_items: Array.from({ length: 3 }, (_, i) => ({ sku: `SKU-${i}`, quantity: 1 })),
    note: 'x'.repeat(2000),
  });
  const headers = {
    'content-type': 'application/json',
    'x-shopify-hmac-sha256': webhookHmac(body, API_SECRET),
    'x-shopify-topic': 'orders/create',
    'x-shopify-shop-domain': SHOP,
    'x-shopify-api-version': '2026-10',
  };
  const load = (url) =>
    autocannon({
      url: `${url}/api/webhooks`,
      method: 'POST',
      connections: 20,
      duration: SECONDS,
      headers,
      body,
      // Every delivery has its own id, as the platform's do: none is a duplicate.
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, 'x-shopify-webhook-id': randomUUID() },
          }),
        },
      ],
    });
  const rounds = [];
  for (let round = 0; round < 2; round += 1) {
    const base = await load(`http://127.0.0.1:${barePort}`);
    const real = await load(appUrl);
    rounds.push({
      base: base.requests.average,
      real: real.requests.average,
      p99: real.latency.p99,
      non2xx: real.non2xx,
    });
  }
  console.log(
    `Webhook intake, ${SECONDS} s rounds, 20 connections (${POSTGRES ? 'PostgreSQL' : 'PGlite'}):`,
  );
  for (const r of rounds) {
    console.log(
      `  bare route ${r.base.toFixed(0)} req/s; /api/webhooks ${r.real.toFixed(0)} req/s (${((100 * r.real) / r.base).toFixed(1)} %), p99 ${r.p99} ms, non-2xx ${r.non2xx}`,
    );
  }

  // ---------------------------------------------------------------- (2) order to cancel
  await call('saveFraudProtect', token, { ...DEFAULT_FRAUD_PROTECT, enabled: true });
  const control = new EmulatorControl(emulatorUrl);
  const started = Date.now();
  const created = new Map();
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < ORDERS) {
        next += 1;
        const order = await control.placeOrder(SHOP, {
          email: `buyer${next}@example.com`,
          lines: [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }],
          risk: { level: 'HIGH' },
        });
        created.set(String(order.id), new Date(order.createdAt).getTime());
      }
    }),
  );
  const placedMs = Date.now() - started;
  const done = () =>
    app.db
      .select({ orderId: orderActions.orderId, updatedAt: orderActions.updatedAt })
      .from(orderActions)
      .where(
        and(
          eq(orderActions.shopId, shop.id),
          eq(orderActions.action, 'cancel'),
          eq(orderActions.status, 'done'),
        ),
      );
  let rows = [];
  const deadline = Date.now() + 30 * 60 * 1000;
  while (Date.now() < deadline) {
    rows = await done();
    if (rows.length >= ORDERS) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const totalMs = Date.now() - started;
  const latencies = rows
    .map((row) => row.updatedAt.getTime() - (created.get(row.orderId) ?? NaN))
    .filter((n) => Number.isFinite(n))
    .sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  const orders = await control.orders(SHOP);
  const refunds = orders.reduce((n, o) => n + o.refunds.length, 0);
  console.log(
    `Order to cancel, ${ORDERS} high-risk orders (${POSTGRES ? 'PostgreSQL' : 'PGlite'}): placed in ${(placedMs / 1000).toFixed(1)} s, all cancelled after ${(totalMs / 1000).toFixed(1)} s (${((1000 * rows.length) / totalMs).toFixed(1)} orders/s); order created → cancel recorded: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${latencies.at(-1)} ms; ${rows.length} cancelled, ${refunds} refunds on the platform`,
  );
} finally {
  await product.close();
  await bare.close();
  await database.drop();
  rmSync(folder, { recursive: true, force: true });
}

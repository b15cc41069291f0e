// A server killed (SIGKILL) while its cancel of a risky order hangs on the platform: once a
// fresh server starts, the order is cancelled within two minutes, once. Nothing is shortened:
// the takeover queued with the dead attempt's claim runs just after the claim's lease, reads
// the order and cancels it. Meanwhile the order log says the attempt was interrupted and when
// Gatehouse retries. The servers are real
// processes (src/server.ts) on one PostgreSQL database (TEST_DATABASE_URL; skipped on PGlite,
// which one process owns); the test's own app only signs in, receives the webhooks and reads
// the log, and works no jobs.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@gatehouse/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cancelEntry,
  expectCancelledOnSecondAttempt,
  fraudProtectShop,
} from '../helpers/fraud-protect-shop.js';
import {
  API_KEY,
  API_SECRET,
  createTestApp,
  type SignedIn,
  type TestApp,
} from '../helpers/test-app.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
const APP_SECRET = 'gatehouse-test-app-secret-0123456789';
const RECOVERY_BOUND_MS = 2 * 60 * 1000;

let t: TestApp;
let owner: SignedIn;
const children: ChildProcess[] = [];

/** Attempts at a port another process takes between its choice and the server's listen. */
const PORT_ATTEMPTS = 5;

/**
 * Starts src/server.ts on the test's database and platform; resolves once it answers. Its
 * address is part of its settings, so its port is chosen before it starts: when another
 * process takes that port first, it is started again on a fresh one.
 */
async function startServer(): Promise<ChildProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const started = await startServerOn(await freePort());
    if (started !== 'port taken') return started;
    if (attempt === PORT_ATTEMPTS)
      throw new Error(`the server found its port taken ${PORT_ATTEMPTS} times`);
  }
}

async function startServerOn(port: number): Promise<ChildProcess | 'port taken'> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      PLATFORM_URL: t.emulatorUrl,
      SHOPIFY_API_KEY: API_KEY,
      SHOPIFY_API_SECRET: API_SECRET,
      APP_SECRET,
      DATABASE_URL: t.config.databaseUrl!,
      ADMIN_DIST: '/nonexistent/admin-dist',
      // Errors only: the one that says why it could not start (its port taken, say).
      LOG_LEVEL: 'error',
      NETWORK_FEEDS_SCHEDULE: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<'port taken'>((resolve, reject) =>
    child.once('exit', (code) => {
      if (log.includes('EADDRINUSE')) resolve('port taken');
      else reject(new Error(`the server exited (${code}): ${log}`));
    }),
  );
  const up = (async () => {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) return;
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return child;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the server did not start within a minute');
  })();
  const result = await Promise.race([up, exited]);
  return result ?? exited;
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe.skipIf(!onPostgres)('a server killed while cancelling a risky order', () => {
  beforeAll(async () => {
    // The test's app never supervises the queue in the test's time: a fresh server does.
    t = await createTestApp({ APP_SECRET, JOB_SUPERVISE_INTERVAL_SECONDS: '3600' });
    ({ owner } = await fraudProtectShop(t, 'killed-worker'));
    await t.app.jobs.stopWorking();
  });
  afterAll(async () => {
    for (const child of children) await kill(child);
    await t?.close();
  });

  it('is cancelled once, within two minutes of a fresh server starting', async () => {
    // The first server waits long enough on the platform for the kill to find it mid-call.
    const first = await startServer();
    const hang = await t.emulator.addFault({
      kind: 'hang',
      shop: owner.shop,
      operation: 'GatehouseOrderCancel',
    });
    const placed = await t.emulator.placeOrder(owner.shop, {
      email: 'killed@example.com',
      lines: [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }],
      risk: { level: 'HIGH' },
    });
    const orderId = String(placed.id);
    await expect
      .poll(async () => (await t.emulator.faults()).find((f) => f.id === hang.id)?.hits, {
        timeout: 30_000,
        interval: 50,
      })
      .toBe(1);
    await kill(first);
    // The platform drops the held request unanswered: the cancel never reached the order.
    await t.emulator.removeFault(hang.id);
    expect(await cancelEntry(t, owner, orderId)).toMatchObject({ status: 'sending', attempts: 1 });

    const restartedAt = Date.now();
    await startServer();
    // While the dead attempt's claim holds, the log says so and when Gatehouse retries.
    await expect
      .poll(async () => (await cancelEntry(t, owner, orderId))?.retryAt ?? null, {
        timeout: RECOVERY_BOUND_MS,
        interval: 1000,
      })
      .not.toBeNull();
    const waiting = await cancelEntry(t, owner, orderId);
    expect(waiting?.status).toBe('sending');
    expect(new Date(waiting!.retryAt!).getTime() - restartedAt).toBeLessThan(RECOVERY_BOUND_MS);

    await expect
      .poll(async () => (await cancelEntry(t, owner, orderId))?.status, {
        timeout: RECOVERY_BOUND_MS - (Date.now() - restartedAt),
        interval: 500,
      })
      .toBe('done');
    expect(Date.now() - restartedAt).toBeLessThan(RECOVERY_BOUND_MS);
    await expectCancelledOnSecondAttempt(t, owner, placed);
  }, 200_000);
});

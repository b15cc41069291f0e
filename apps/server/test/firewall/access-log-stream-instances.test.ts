// Two server instances on one PostgreSQL (TEST_DATABASE_URL; skipped on PGlite, which one
// process owns): a live tail of the Realtime Access Log open on one instance ends at once when
// its session logs out through the other, whose notice reaches it over the notification hub
// (well before the stream's own check every minute would).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import {
  accessRecord,
  ANNOUNCED_WITHIN_MS,
  firewallOn,
  openTail,
  sendAccessLog,
  waitFor,
} from './access-log-tail.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let a: TestApp;
let b: TestApp;
let alice: SignedIn;
let aliceId: string;

describe.skipIf(!onPostgres)('a live tail on another instance', () => {
  beforeAll(async () => {
    a = await createTestApp();
    alice = await a.signIn('alice-two-tails');
    const [row] = await a.app.db
      .update(shops)
      .set({ plan: 'premium' })
      .where(eq(shops.domain, alice.shop))
      .returning();
    aliceId = row!.id;
    b = await createTestApp({ DATABASE_URL: a.config.databaseUrl! });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  // Each wait may take most of its bound on a loaded machine.
  it('ends at once on a logout through this one', { timeout: 90_000 }, async () => {
    const saved = await a.call(
      'saveFirewallSettings',
      alice.token,
      firewallOn(alice.shop, 'alice-two-tails.example.com'),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const tail = await openTail(b.config.appUrl, alice.token);
    expect(tail.response.status).toBe(200);
    const stored = await sendAccessLog(a, [accessRecord(aliceId, '/seen-on-b')]);
    expect(stored.statusCode, stored.body).toBe(200);
    await waitFor(() => tail.events.flat().length === 1, ANNOUNCED_WITHIN_MS);

    expect((await a.call('logout', alice.token)).statusCode).toBe(200);
    await waitFor(() => tail.ended, ANNOUNCED_WITHIN_MS);
    await tail.close();
  });
});

// The Realtime Access Log through the API: firewalls send batches with the firewall key (401
// without it, 400 for a bad batch that stores nothing, entries of shops whose Firewall is off
// ignored); the merchant reads the shop's own history newest first a page at a time under
// filters (403 on Free, 400 for bad filters, never another shop's entries); and the live tail
// streams a batch to an open stream, under its filters, over server-sent
// events with the session as bearer (401 without, 406 without Accept: text/event-stream),
// batches that commit out of id order included.
import {
  FIREWALL_ACCESS_LOG_PATH,
  firewallAccessMessages,
  type FirewallSettings,
  type FirewallAccessPage,
  type FirewallAccessRecord,
} from '@gatehouse/contracts';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { purgeAccessLog } from '../../src/features/firewall/access-log-retention.js';
import { BATCH_LOCK } from '../../src/features/firewall/access-log-store.js';
import { FIREWALL_LOG_CHANNEL } from '../../src/features/firewall/access-log-routes.js';
import { UPGRADE_MESSAGE } from '../../src/core/plan-gates.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { openTail, waitFor } from './access-log-tail.js';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let aliceId: string;
let bobId: string;

const settings = (host: string): FirewallSettings => ({
  enabled: true,
  origin: `https://${alice.shop}`,
  hosts: [host],
  enforce: [],
  rateLimit: { enabled: false, max: 300, windowSeconds: 60, action: 'challenge' },
});

const shopId = async (domain: string) => {
  const [row] = await t.app.db.select({ id: shops.id }).from(shops).where(eq(shops.domain, domain));
  return row!.id;
};

let clock = Date.now() - 60_000;
const record = (shop: string, over: Partial<FirewallAccessRecord> = {}): FirewallAccessRecord => ({
  shopId: shop,
  time: (clock += 1),
  ip: '8.8.8.8',
  country: 'US',
  asn: 15169,
  method: 'GET',
  url: '/products/hat',
  status: 200,
  action: 'allow',
  rule: null,
  bytes: 512,
  durationMs: 3.25,
  ...over,
});

function ingest(entries: unknown, key: string | null = t.config.firewall.key) {
  return t.app.inject({
    method: 'POST',
    url: FIREWALL_ACCESS_LOG_PATH,
    headers: {
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    payload: JSON.stringify({ entries }),
  });
}

async function count(shop: string): Promise<number> {
  const result = await t.app.db.execute(
    sql`select count(*)::int as n from fw_access_log where shop_id = ${shop}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

const page = (token: string, query: Record<string, string> = {}) =>
  t.call('getFirewallAccessLog', token, query);

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-fwlog');
  bob = await t.signIn('bob-fwlog');
  aliceId = await shopId(alice.shop);
  bobId = await shopId(bob.shop);
});

afterAll(async () => {
  await t?.close();
});

describe('the batches firewalls send', () => {
  it('are refused without the firewall key', async () => {
    expect((await ingest([record(aliceId)], null)).statusCode).toBe(401);
    expect((await ingest([record(aliceId)], 'x'.repeat(64))).statusCode).toBe(401);
  });

  it('are stored for shops whose Firewall is on, and ignored for the others', async () => {
    await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.id, aliceId));
    expect(
      (await t.call('saveFirewallSettings', alice.token, settings('alice-log.example.com')))
        .statusCode,
    ).toBe(200);
    const res = await ingest([
      record(aliceId),
      record(bobId),
      record('00000000-0000-4000-8000-000000000000'),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ stored: 1 });
    expect(await count(aliceId)).toBe(1);
    expect(await count(bobId)).toBe(0);
  });

  it.each([
    ['an address that is not one', { ip: 'not-an-ip' }],
    ['a lower-case method', { method: 'get' }],
    ['a status out of range', { status: 99 }],
    ['an unknown action', { action: 'maybe' }],
    ['a URL with a direction override', { url: '/a\u202Eb' }],
  ])('refuse %s as a whole and store nothing', async (_name, over) => {
    const before = await count(aliceId);
    const res = await ingest([record(aliceId), { ...record(aliceId), ...over }]);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['Message', 'code', 'issues']);
    expect(await count(aliceId)).toBe(before);
  });

  it('refuses an empty batch and one too large', async () => {
    expect((await ingest([])).statusCode).toBe(400);
    expect((await ingest(Array.from({ length: 501 }, () => record(aliceId)))).statusCode).toBe(400);
  });
});

describe('the history', () => {
  it('is a Premium feature', async () => {
    const res = await page(bob.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
    await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.id, bobId));
  });

  it("shows the shop's own entries, newest first, a page at a time", async () => {
    const batch = Array.from({ length: 59 }, (_, n) => record(aliceId, { url: `/p/${n}` }));
    expect((await ingest(batch)).json()).toEqual({ stored: 59 });
    const first = (await page(alice.token)).json<FirewallAccessPage>();
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]).toMatchObject({
      url: '/p/58',
      ip: '8.8.8.8',
      country: 'US',
      asn: 15169,
      method: 'GET',
      status: 200,
      action: 'allow',
      rule: null,
      bytes: 512,
      durationMs: 3.3,
    });
    expect(first.next).not.toBeNull();
    const second = (await page(alice.token, { before: first.next! })).json<FirewallAccessPage>();
    expect(second.entries).toHaveLength(10);
    expect(second.next).toBeNull();
    const ids = [...first.entries, ...second.entries].map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(60);
    expect((await page(bob.token)).json()).toMatchObject({ entries: [], next: null });
  });

  it('filters by address, country, status and blocked only, and names the rule', async () => {
    await ingest([
      record(aliceId, {
        ip: '88.198.0.1',
        country: 'DE',
        asn: 24940,
        status: 403,
        action: 'block',
        rule: 'country',
      }),
      record(aliceId, { ip: '2001:db8::1', country: null, asn: null, status: 404 }),
    ]);
    const read = async (query: Record<string, string>) =>
      (await page(alice.token, query)).json<FirewallAccessPage>().entries;
    const blocked = await read({ blocked: 'true' });
    expect(blocked).toHaveLength(1);
    expect(blocked[0]).toMatchObject({
      ip: '88.198.0.1',
      action: 'block',
      rule: 'Country Blocker',
    });
    expect(await read({ country: 'de' })).toHaveLength(1);
    expect(await read({ status: '404' })).toMatchObject([{ ip: '2001:db8::1' }]);
    expect(await read({ ip: '2001:db8::1' })).toHaveLength(1);
    expect(await read({ ip: '88.198.0.1', status: '200' })).toEqual([]);
  });

  it.each([
    [{ ip: 'nope' }, firewallAccessMessages.ip],
    [{ country: 'Germany' }, firewallAccessMessages.country],
    [{ status: '42' }, firewallAccessMessages.status],
    [{ blocked: 'yes' }, firewallAccessMessages.blocked],
    [{ before: '-1' }, firewallAccessMessages.cursor],
  ])('refuses the filters %o', async (query, message) => {
    const res = await page(alice.token, query as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
  });
});

/**
 * Inserts an entry for `url` in a transaction of its own (PostgreSQL only), as a batch is
 * stored (under the batch lock), runs `meanwhile` while it is not committed, then commits it:
 * a batch whose commit is slow.
 */
async function whileUncommitted(url: string, meanwhile: () => Promise<unknown>) {
  const slow = new pg.Client({ connectionString: t.config.databaseUrl! });
  await slow.connect();
  try {
    await slow.query('begin');
    await slow.query('select pg_advisory_xact_lock_shared($1::int, $2::int)', [
      BATCH_LOCK.space,
      BATCH_LOCK.key,
    ]);
    await slow.query(
      `insert into fw_access_log (shop_id, time, ip, method, url, status, action, bytes, duration_ms)
       values ($1, now(), '8.8.8.8', 'GET', $2, 200, 'allow', 1, 1)`,
      [aliceId, url],
    );
    await meanwhile();
    await slow.query('commit');
  } finally {
    await slow.end();
  }
}

describe('the live tail', () => {
  // How soon a batch reaches the stream is not bounded here: a loaded machine stretches it.
  it('streams a batch to open streams, under their filters', async () => {
    const all = await openTail(t.config.appUrl, alice.token);
    const blockedOnly = await openTail(t.config.appUrl, alice.token, { blocked: 'true' });
    const other = await openTail(t.config.appUrl, bob.token);
    expect(all.response.status).toBe(200);
    expect(all.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await ingest([
      record(aliceId, { url: '/live/1' }),
      record(aliceId, { url: '/wp-login.php', status: 403, action: 'block', rule: 'url' }),
    ]);
    await waitFor(() => all.events.flat().length >= 2 && blockedOnly.events.length >= 1, 10_000);
    expect(all.events.flat().map((e) => e.url)).toEqual(['/live/1', '/wp-login.php']);
    expect(blockedOnly.events.flat()).toMatchObject([
      { url: '/wp-login.php', action: 'block', rule: 'URL Blocker' },
    ]);
    expect(other.events).toEqual([]);
    await Promise.all([all.close(), blockedOnly.close(), other.close()]);
  });

  it('starts after the entry the caller already shows', async () => {
    const first = (await page(alice.token)).json<FirewallAccessPage>();
    const third = first.entries[2]!;
    const tail = await openTail(t.config.appUrl, alice.token, { after: third.id });
    await waitFor(() => tail.events.flat().length >= 2, 2000);
    expect(tail.events.flat().map((e) => e.id)).toEqual([
      first.entries[1]!.id,
      first.entries[0]!.id,
    ]);
    await tail.close();
  });

  it("starts from the history page's tail: what was stored after the page was read is sent", async () => {
    const read = (await page(alice.token)).json<FirewallAccessPage>();
    expect(read.tail).toMatch(/^\d+$/);
    await ingest([record(aliceId, { url: '/after-the-page' })]);
    const tail = await openTail(t.config.appUrl, alice.token, { from: read.tail });
    await waitFor(() => tail.events.flat().some((e) => e.url === '/after-the-page'), 5000);
    // Entries the page already showed are sent only while their transaction may not have
    // ended when it was read: none of them here, on one connection.
    const shown = new Set(read.entries.map((e) => e.id));
    if (!process.env.TEST_DATABASE_URL) {
      expect(tail.events.flat().filter((e) => shown.has(e.id))).toEqual([]);
    }
    await tail.close();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'from the history page, sends a batch whose transaction began before one the page shows and committed after the read',
    async () => {
      let read: FirewallAccessPage | undefined;
      await whileUncommitted('/began-first', async () => {
        await ingest([record(aliceId, { url: '/committed-first' })]);
        read = (await page(alice.token)).json<FirewallAccessPage>();
      });
      if (!read) throw new Error('the page was not read');
      expect(read.entries.map((e) => e.url)).toContain('/committed-first');
      expect(read.entries.map((e) => e.url)).not.toContain('/began-first');
      const tail = await openTail(t.config.appUrl, alice.token, { from: read.tail });
      await waitFor(() => tail.events.flat().some((e) => e.url === '/began-first'), 5000);
      await tail.close();
    },
  );

  it('sends a batch that became visible after one with higher ids', async () => {
    const tail = await openTail(t.config.appUrl, alice.token);
    // The late batch's id is handed out first, as for a batch whose commit is slow.
    const reserved = await t.app.db.execute(
      sql`select nextval(pg_get_serial_sequence('fw_access_log', 'id'))::bigint as id`,
    );
    const lateId = Number((reserved as unknown as { rows: { id: string }[] }).rows[0]!.id);
    await ingest([record(aliceId, { url: '/early' })]);
    await waitFor(() => tail.events.flat().length >= 1, 5000);
    await t.app.db.execute(sql`
      insert into fw_access_log
        (id, shop_id, time, ip, method, url, status, action, bytes, duration_ms)
      overriding system value
      values (${lateId}, ${aliceId}, now(), '8.8.8.8', 'GET', '/late', 200, 'allow', 1, 1)`);
    await t.app.notify.publish(FIREWALL_LOG_CHANNEL, aliceId);
    await waitFor(() => tail.events.flat().length >= 2, 5000);
    expect(tail.events.flat().map((e) => [e.url, Number(e.id) > lateId])).toEqual([
      ['/early', true],
      ['/late', false],
    ]);
    await tail.close();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'sends both of two batches that commit out of id order, in commit-safe order',
    async () => {
      const tail = await openTail(t.config.appUrl, alice.token);
      // A later batch, with higher ids, commits and is announced first.
      await whileUncommitted('/slow', () => ingest([record(aliceId, { url: '/fast' })]));
      await t.app.notify.publish(FIREWALL_LOG_CHANNEL, aliceId);
      await waitFor(() => tail.events.flat().length >= 2, 5000);
      const sent = tail.events.flat();
      expect(sent.map((e) => e.url)).toEqual(['/slow', '/fast']);
      expect(Number(sent[0]!.id)).toBeLessThan(Number(sent[1]!.id));
      await tail.close();
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is not held back by other work of the database, however long it runs',
    async () => {
      const tail = await openTail(t.config.appUrl, alice.token);
      const other = new pg.Client({ connectionString: t.config.databaseUrl! });
      await other.connect();
      try {
        // A transaction that writes (it has an id) and stays open, as a long purge would.
        await other.query('begin');
        await other.query('select pg_current_xact_id()');
        await ingest([record(aliceId, { url: '/while-other-work-runs' })]);
        await waitFor(
          () => tail.events.flat().some((e) => e.url === '/while-other-work-runs'),
          10_000,
        );
        await other.query('rollback');
      } finally {
        await other.end();
      }
      await tail.close();
    },
  );

  it('is refused without a session, without the event-stream Accept, or with bad filters', async () => {
    const anonymous = await openTail(t.config.appUrl, null);
    expect(anonymous.response.status).toBe(401);
    const plain = await openTail(t.config.appUrl, alice.token, {}, false);
    expect(plain.response.status).toBe(406);
    expect(await plain.response.json()).toMatchObject({ Message: firewallAccessMessages.stream });
    const bad = await openTail(t.config.appUrl, alice.token, { status: 'x' });
    expect(bad.response.status).toBe(400);
    expect(await bad.response.json()).toMatchObject({ Message: firewallAccessMessages.status });
    const badStart = await openTail(t.config.appUrl, alice.token, {
      from: '99999999999999999999999',
    });
    expect(badStart.response.status).toBe(400);
    expect(await badStart.response.json()).toMatchObject({
      Message: firewallAccessMessages.cursor,
    });
    await Promise.all([anonymous.close(), plain.close(), bad.close(), badStart.close()]);
  });
});

describe('a verified signed agent', () => {
  it('is kept with its request and shown by its host; a request without one shows none', async () => {
    const ip = '192.0.2.77';
    const batch = [
      record(aliceId, { ip, url: '/signed', signedAgent: 'chatgpt.com' }),
      record(aliceId, { ip, url: '/unsigned' }),
    ];
    expect((await ingest(batch)).json()).toEqual({ stored: 2 });
    const { entries } = (await page(alice.token, { ip })).json<FirewallAccessPage>();
    expect(entries.map((e) => [e.url, e.signedAgent])).toEqual([
      ['/unsigned', null],
      ['/signed', 'chatgpt.com'],
    ]);
  });

  it('that is not a host name refuses the batch', async () => {
    const before = await count(aliceId);
    const res = await ingest([record(aliceId, { signedAgent: 'Chat GPT <b>' })]);
    expect(res.statusCode).toBe(400);
    expect(await count(aliceId)).toBe(before);
  });
});

describe('retention', () => {
  it("deletes entries older than the shop's retention", async () => {
    const before = await count(aliceId);
    expect(before).toBeGreaterThan(0);
    expect(await purgeAccessLog(t.app.db, new Date())).toBe(0);
    expect(await purgeAccessLog(t.app.db, new Date(Date.now() + 400 * 24 * 3_600_000))).toBe(
      before,
    );
    expect(await count(aliceId)).toBe(0);
  });
});

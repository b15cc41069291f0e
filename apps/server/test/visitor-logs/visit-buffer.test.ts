// The live visit queue against a real database (PGlite, or Postgres with TEST_DATABASE_URL):
// decisions queued as COPY rows are stored with their fields, the chunk's hourly blocker
// counters and list entries' hits land in the same transaction, each where the deciding rule's
// blocker says (the app's own blockers; a rule id that is no entry's id is skipped, counted
// and logged, never failing the batch), protected page views are
// metered per shop; a full queue drops and counts (and logs once); a batch the database
// refuses is counted as failed and the queue goes on; visits queued during a write are
// written by the same flush.
import type { Decision } from '@gatehouse/engine';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKERS } from '../../src/app.js';
import { asnRules } from '../../src/features/asn-blocker/asn-schema.js';
import type { OpenedDatabase } from '../../src/core/db/client.js';
import { ipRules, visits } from '../../src/protection/protection-schema.js';
import { referrerRules } from '../../src/features/referrer-blocker/referrer-schema.js';
import { blockerHourlyCounts, shops } from '../../src/core/db/schema.js';
import {
  createVisitBuffer,
  type VisitBufferOptions,
} from '../../src/features/visitor-logs/visit-buffer.js';
import { createBlockerRegistry } from '../../src/protection/blocker-registry.js';
import type { VisitInput } from '../../src/protection/visit-queue.js';
import { openTestDatabase } from '../helpers/test-database.js';

let opened: OpenedDatabase;
let shopA: string;
let shopB: string;
let entryId: string;

const HOUR = Date.UTC(2026, 10, 20, 9);
const FACTS = { country: 'DE', region: 'Saxony', city: 'Falkenstein', asn: 24940, org: 'Hetzner' };

function visit(shopId: string, decision: Partial<Decision>, over: Partial<VisitInput> = {}) {
  return {
    shopId,
    time: HOUR + 1000,
    ip: '88.198.0.1',
    url: 'https://shop.example/products/hat',
    referrer: '',
    userAgent: 'test/1.0',
    decision: { action: 'allow', rule: null, facts: FACTS, ...decision } as Decision,
    ruleFacts: null,
    monitorFacts: null,
    ...over,
  } satisfies VisitInput;
}

function recordingLog() {
  const warnings: unknown[] = [];
  const errors: unknown[] = [];
  const log = {
    warn: (obj: unknown) => warnings.push(obj),
    error: (obj: unknown) => errors.push(obj),
  } as unknown as FastifyBaseLogger;
  return { log, warnings, errors };
}

function buffer(over: Partial<VisitBufferOptions> = {}) {
  const views: [string, number][] = [];
  const { log, warnings, errors } = recordingLog();
  const b = createVisitBuffer({
    db: opened.db,
    dbKind: opened.kind,
    log,
    intervalMs: 60_000,
    batchSize: 1_000_000,
    maxQueued: 1000,
    blockers: createBlockerRegistry(BLOCKERS),
    recordProtectedViews: async (_db, shopId, n) => {
      views.push([shopId, n]);
    },
    ...over,
  });
  return { b, views, warnings, errors };
}

const stored = (shopId: string) => opened.db.select().from(visits).where(eq(visits.shopId, shopId));

beforeAll(async () => {
  opened = await openTestDatabase();
  const rows = await opened.db
    .insert(shops)
    .values([
      { domain: 'queue-a.myshopify.com', shopifyShopId: '11', name: 'a' },
      { domain: 'queue-b.myshopify.com', shopifyShopId: '12', name: 'b' },
    ])
    .returning({ id: shops.id });
  shopA = rows[0]!.id;
  shopB = rows[1]!.id;
  const [entry] = await opened.db
    .insert(ipRules)
    .values({ shopId: shopA, list: 'block', ip: '88.198.0.1' })
    .returning({ id: ipRules.id });
  entryId = entry!.id;
});

afterAll(async () => {
  await opened?.close();
});

describe(`visit queue (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('stores each decision with its counters, hits and protected views', async () => {
    const { b, views } = buffer();
    const ipBlock = { action: 'block', rule: { kind: 'ip-block', id: entryId } } as const;
    const country = { action: 'block', rule: { kind: 'country', id: 'country' } } as const;
    b.record(visit(shopA, ipBlock, { time: HOUR + 5000 }));
    b.record(visit(shopA, ipBlock, { time: HOUR + 9000 }));
    b.record(visit(shopA, country, { ip: '2a01:4f8::1', referrer: 'https://google.com/' }));
    b.record(visit(shopA, { rule: { kind: 'app-disabled', id: 'app-disabled' } }));
    b.record(
      visit(shopB, {
        monitor: { kind: 'country', id: 'country' },
      } as Partial<Decision>),
    );
    expect(b.metrics.queued).toBe(5);
    await b.flush();
    expect(b.metrics).toMatchObject({ queued: 0, written: 5, dropped: 0, failed: 0 });

    const a = await stored(shopA);
    expect(a).toHaveLength(4);
    const blocked = a.find((v) => v.ip === '2a01:4f8::1');
    expect(blocked).toMatchObject({
      ...FACTS,
      action: 'block',
      ruleId: 'country',
      ruleKind: 'country',
      referrer: 'https://google.com/',
      userAgent: 'test/1.0',
      url: 'https://shop.example/products/hat',
      monitor: false,
    });
    expect(blocked!.time.getTime()).toBe(HOUR + 1000);
    const [b1] = await stored(shopB);
    expect(b1).toMatchObject({ action: 'allow', monitor: true, monitorRuleId: 'country' });

    const counts = await opened.db
      .select()
      .from(blockerHourlyCounts)
      .where(eq(blockerHourlyCounts.shopId, shopA));
    expect(counts.map((c) => [c.blocker, Number(c.count), c.hour.getTime()]).sort()).toEqual(
      [
        ['ipBlocker', 2, HOUR],
        ['regionBlocker', 1, HOUR],
      ].sort(),
    );
    const [entry] = await opened.db.select().from(ipRules).where(eq(ipRules.id, entryId));
    expect(entry).toMatchObject({ hits: 2 });
    expect(entry!.lastHitAt?.getTime()).toBe(HOUR + 9000);
    // The disabled app's visit is logged but is not a protected view.
    expect(new Map(views)).toEqual(
      new Map([
        [shopA, 3],
        [shopB, 1],
      ]),
    );
    expect(views).toHaveLength(2);
  });

  it('counts each blocker’s blocks in its dashboard count and its entries’ hits in its table', async () => {
    const [shop] = await opened.db
      .insert(shops)
      .values({ domain: 'queue-c.myshopify.com', shopifyShopId: '13', name: 'c' })
      .returning({ id: shops.id });
    const shopC = shop!.id;
    const [referrer] = await opened.db
      .insert(referrerRules)
      .values({ shopId: shopC, domain: 'spam.example' })
      .returning({ id: referrerRules.id });
    const [asn] = await opened.db
      .insert(asnRules)
      .values({ shopId: shopC, asn: 24940, key: 'as:24940' })
      .returning({ id: asnRules.id });
    const [allow] = await opened.db
      .insert(ipRules)
      .values({ shopId: shopC, list: 'allow', ip: '198.51.100.7' })
      .returning({ id: ipRules.id });
    const { b } = buffer();
    const byReferrer = { action: 'redirect', rule: { kind: 'referrer', id: referrer!.id } };
    b.record(visit(shopC, byReferrer as Partial<Decision>, { time: HOUR + 2000 }));
    b.record(visit(shopC, byReferrer as Partial<Decision>, { time: HOUR + 3000 }));
    // A monitored ISP/ASN entry counts a hit, not a block; an allow-list entry counts a hit.
    b.record(
      visit(
        shopC,
        { monitor: { kind: 'asn', id: asn!.id, action: 'block' } },
        { time: HOUR + 4000 },
      ),
    );
    b.record(visit(shopC, { rule: { kind: 'ip-allow', id: allow!.id } }, { time: HOUR + 6000 }));
    await b.flush();

    const counts = await opened.db
      .select()
      .from(blockerHourlyCounts)
      .where(eq(blockerHourlyCounts.shopId, shopC));
    expect(counts.map((c) => [c.blocker, Number(c.count)])).toEqual([['referrerBlocker', 2]]);
    const hitsOf = async (table: typeof referrerRules | typeof asnRules | typeof ipRules) =>
      (await opened.db.select().from(table).where(eq(table.shopId, shopC))).map((r) => [
        r.hits,
        r.lastHitAt?.getTime(),
      ]);
    expect(await hitsOf(referrerRules)).toEqual([[2, HOUR + 3000]]);
    expect(await hitsOf(asnRules)).toEqual([[1, HOUR + 4000]]);
    expect(await hitsOf(ipRules)).toEqual([[1, HOUR + 6000]]);
  });

  it('skips, counts and logs hits of rule ids that are not entry ids, and keeps the batch', async () => {
    const [shop] = await opened.db
      .insert(shops)
      .values({ domain: 'queue-d.myshopify.com', shopifyShopId: '14', name: 'd' })
      .returning({ id: shops.id });
    const shopD = shop!.id;
    const [entry] = await opened.db
      .insert(ipRules)
      .values({ shopId: shopD, list: 'block', ip: '192.0.2.9' })
      .returning({ id: ipRules.id });
    const { b, warnings, errors } = buffer();
    // A blocker whose entries count their hits, deciding by a rule id that is not an entry's.
    const odd = { action: 'block', rule: { kind: 'ip-block', id: 'ip-block:legacy-7' } } as const;
    const listed = { action: 'block', rule: { kind: 'ip-block', id: entry!.id } } as const;
    b.record(visit(shopD, odd, { url: 'https://shop.example/odd' }));
    b.record(visit(shopD, odd, { url: 'https://shop.example/odd-again' }));
    b.record(visit(shopD, listed, { url: 'https://shop.example/listed', time: HOUR + 7000 }));
    await b.flush();

    expect(b.metrics).toMatchObject({ queued: 0, written: 3, failed: 0 });
    expect(errors).toEqual([]);
    expect((await stored(shopD)).map((v) => v.url).sort()).toEqual([
      'https://shop.example/listed',
      'https://shop.example/odd',
      'https://shop.example/odd-again',
    ]);
    const [counted] = await opened.db.select().from(ipRules).where(eq(ipRules.id, entry!.id));
    expect(counted).toMatchObject({ hits: 1 });
    expect(counted!.lastHitAt?.getTime()).toBe(HOUR + 7000);
    expect(warnings).toEqual([
      expect.objectContaining({
        table: 'ip_rules',
        ruleIds: 1,
        hits: 2,
        examples: ['ip-block:legacy-7'],
      }),
    ]);
  });

  it('drops and counts what does not fit, and logs the drop once per interval', async () => {
    const { b, warnings } = buffer({ maxQueued: 3, intervalMs: 10 });
    b.start();
    for (let i = 0; i < 5; i++) b.record(visit(shopB, {}, { url: `https://shop.example/d${i}` }));
    expect(b.metrics).toMatchObject({ queued: 3, dropped: 2 });
    await b.stop();
    expect(b.metrics).toMatchObject({ queued: 0, written: 3, dropped: 2 });
    expect(warnings).toEqual([expect.objectContaining({ dropped: 2, total: 2 })]);
    const rows = await opened.db
      .select()
      .from(visits)
      .where(and(eq(visits.shopId, shopB), eq(visits.url, 'https://shop.example/d2')));
    expect(rows).toHaveLength(1);
  });

  it('counts a batch the database refuses as failed and keeps going', async () => {
    const { b, errors } = buffer();
    // A time before 4713 BC: JavaScript has it, PostgreSQL refuses the whole batch.
    b.record(visit(shopB, {}, { url: 'https://shop.example/lost', time: -8.64e15 }));
    await b.flush();
    expect(b.metrics).toMatchObject({ queued: 0, written: 0, failed: 1 });
    expect(errors).toHaveLength(1);
    b.record(visit(shopB, {}, { url: 'https://shop.example/kept' }));
    await b.flush();
    expect(b.metrics).toMatchObject({ written: 1, failed: 1 });
    const urls = (await stored(shopB)).map((v) => v.url);
    expect(urls).toContain('https://shop.example/kept');
    expect(urls).not.toContain('https://shop.example/lost');
  });

  it('never throws at the decision: an unstorable visit is counted as failed', () => {
    const { b, errors } = buffer();
    b.record(visit('not-a-shop-id', {}));
    expect(b.metrics).toMatchObject({ queued: 0, failed: 1 });
    expect(errors).toHaveLength(1);
  });

  it('writes the visits that arrive during a write with the same flush', async () => {
    const { b } = buffer({ batchSize: 1 });
    const before = (await stored(shopB)).length;
    b.record(visit(shopB, {}, { url: 'https://shop.example/first' }));
    const flushing = b.flush();
    for (let i = 0; i < 50; i++) b.record(visit(shopB, {}, { url: `https://shop.example/m${i}` }));
    await flushing;
    await b.flush();
    expect(b.metrics).toMatchObject({ queued: 0, written: 51 });
    expect((await stored(shopB)).length).toBe(before + 51);
  });
});

// The bulk visit writer against a real database (PGlite COPY, or the Postgres unnest INSERT
// with TEST_DATABASE_URL): hostile text survives the round trip exactly (NUL bytes removed),
// NULL stays distinct from the empty string, and a failing batch writes nothing.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../src/db/client.js';
import { visits } from '../../src/db/protection-schema.js';
import { blockerHourlyCounts, shops } from '../../src/db/schema.js';
import type { VisitRecord } from '../../src/features/protection/visits/visit-csv.js';
import { writeVisits } from '../../src/features/protection/visits/visit-writer.js';
import { ingestVisits } from '../../src/support/visit-ingest.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.js';

let testDb: TestDatabase;
let opened: OpenedDatabase;
let shopId: string;

const NASTY = [
  'a,b,c',
  'say "hi" ""',
  '"',
  'one\ntwo\r\nthree\rfour',
  'C:\\path\\N',
  '\\N',
  '\\.',
  'line\n\\.\nafter',
  '\t tabs and spaces ',
  'émoji 🛡️ ü 中文',
  ',',
  '',
];

function record(i: number, over: Partial<VisitRecord> = {}): VisitRecord {
  return {
    shopId,
    time: new Date(Date.UTC(2026, 0, 1, 0, 0, i, 123)),
    ip: `203.0.113.${i}`,
    country: 'DE',
    region: null,
    city: null,
    asn: 3320,
    org: null,
    url: 'https://shop.example/',
    referrer: '',
    userAgent: '',
    action: 'allow',
    ruleId: null,
    ruleKind: null,
    monitor: false,
    monitorRuleId: null,
    ...over,
  };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  opened = await openDatabase({
    databaseUrl: testDb.env.DATABASE_URL ?? null,
    pgliteDir: testDb.env.PGLITE_DIR ?? 'memory://',
  });
  const [shop] = await opened.db
    .insert(shops)
    .values({ domain: 'writer.myshopify.com', shopifyShopId: '1', name: 'writer' })
    .returning({ id: shops.id });
  shopId = shop!.id;
});

afterAll(async () => {
  await opened?.close();
  await testDb?.drop();
});

describe(`visit writer (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('stores hostile text in every text column exactly as given', async () => {
    const rows = NASTY.map((text, i) =>
      record(i, {
        region: text,
        city: text,
        org: text,
        url: text,
        referrer: text,
        userAgent: text,
        ruleId: text,
        ruleKind: text,
        monitorRuleId: text,
        monitor: i % 2 === 1,
        asn: i % 3 === 0 ? null : i,
      }),
    );
    await writeVisits(opened.db, opened.kind, rows);
    const stored = await opened.db
      .select()
      .from(visits)
      .where(eq(visits.shopId, shopId))
      .orderBy(asc(visits.time));
    expect(stored).toHaveLength(NASTY.length);
    stored.forEach((row, i) => {
      const text = NASTY[i]!;
      expect(row.time.toISOString()).toBe(rows[i]!.time.toISOString());
      expect(row.ip).toBe(`203.0.113.${i}`);
      expect(row.country).toBe('DE');
      for (const column of [
        'region',
        'city',
        'org',
        'url',
        'referrer',
        'userAgent',
        'ruleId',
        'ruleKind',
        'monitorRuleId',
      ] as const) {
        expect(row[column], `${column} of ${JSON.stringify(text)}`).toBe(text);
      }
      expect(row.monitor).toBe(i % 2 === 1);
      expect(row.asn).toBe(i % 3 === 0 ? null : i);
    });
  });

  it('keeps NULL apart from the empty string and removes NUL bytes', async () => {
    await writeVisits(opened.db, opened.kind, [
      record(100, { region: null, city: '', org: 'nul\0in\0side', url: '\0' }),
    ]);
    const [row] = await opened.db.select().from(visits).where(eq(visits.ip, '203.0.113.100'));
    expect(row).toMatchObject({ region: null, city: '', org: 'nulinside', url: '' });
  });

  it('writes nothing of a batch that fails, and nothing for an empty batch', async () => {
    const count = async () =>
      (await opened.db.select().from(visits).where(eq(visits.shopId, shopId))).length;
    const before = await count();
    await expect(
      writeVisits(opened.db, opened.kind, [
        record(200),
        record(201, { shopId: '00000000-0000-4000-8000-000000000000' }),
      ]),
    ).rejects.toThrow();
    await writeVisits(opened.db, opened.kind, []);
    expect(await count()).toBe(before);
  });

  it('ingests seeded visits with their hourly counters in one batch', async () => {
    const [other] = await opened.db
      .insert(shops)
      .values({ domain: 'writer-seed.myshopify.com', shopifyShopId: '2', name: 'seed' })
      .returning({ id: shops.id });
    const hour = Date.UTC(2026, 0, 2, 5);
    const seeded = [0, 1, 2].map((i) => ({
      time: new Date(hour + i * 60_000),
      ip: '198.51.100.1',
      country: 'FR',
      region: null,
      city: null,
      asn: null,
      org: null,
      url: 'https://shop.example/a,"b"',
      referrer: '',
      userAgent: 'UA',
      action: i === 0 ? ('block' as const) : ('allow' as const),
      ruleId: i === 0 ? 'country' : null,
      ruleKind: i === 0 ? 'country' : null,
    }));
    await ingestVisits(opened.db, opened.kind, other!.id, seeded);
    const stored = await opened.db.select().from(visits).where(eq(visits.shopId, other!.id));
    expect(stored.map((v) => v.url)).toEqual(Array(3).fill('https://shop.example/a,"b"'));
    const counts = await opened.db
      .select()
      .from(blockerHourlyCounts)
      .where(eq(blockerHourlyCounts.shopId, other!.id));
    expect(
      Object.fromEntries(counts.map((c) => [c.blocker, [c.hour.toISOString(), Number(c.count)]])),
    ).toEqual({
      pageViews: [new Date(hour).toISOString(), 3],
      regionBlocker: [new Date(hour).toISOString(), 1],
    });
  });
});

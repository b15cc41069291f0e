// The bulk visit writer against a real database (binary COPY into PGlite, or into Postgres
// with TEST_DATABASE_URL): hostile text survives the round trip exactly (NUL bytes
// removed), NULL stays distinct from the empty string, addresses are stored as inet, a visit of
// any time is stored (in its week's partition or the default one), and a failing batch writes
// nothing.
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKERS } from '../../src/app.js';
import type { OpenedDatabase } from '../../src/core/db/client.js';
import { visits } from '../../src/protection/protection-schema.js';
import { blockerHourlyCounts, shops } from '../../src/core/db/schema.js';
import {
  NO_NETWORK_FACTS,
  NO_RULE_FACTS,
  type VisitRecord,
} from '../../src/features/visitor-logs/visit-record.js';
import { writeVisits } from '../../src/features/visitor-logs/visit-writer.js';
import { partitionName, weekOf } from '../../src/features/visitor-logs/visit-partitions.js';
import { ingestVisits } from '../../src/cli/visit-ingest.js';
import { createBlockerRegistry } from '../../src/protection/blocker-registry.js';
import { openTestDatabase } from '../helpers/test-database.js';

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
    ...NO_RULE_FACTS,
    ...NO_NETWORK_FACTS,
    ...over,
  };
}

beforeAll(async () => {
  opened = await openTestDatabase();
  const [shop] = await opened.db
    .insert(shops)
    .values({ domain: 'writer.myshopify.com', shopifyShopId: '1', name: 'writer' })
    .returning({ id: shops.id });
  shopId = shop!.id;
});

afterAll(async () => {
  await opened?.close();
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
        ruleLabel: text,
        ruleMode: text,
        monitorRuleKind: text,
        monitorLabel: text,
        monitorMode: text,
        monitorAction: i % 2 === 1 ? 'redirect' : null,
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
        'ruleLabel',
        'ruleMode',
        'monitorRuleKind',
        'monitorLabel',
        'monitorMode',
      ] as const) {
        expect(row[column], `${column} of ${JSON.stringify(text)}`).toBe(text);
      }
      expect(row.monitorAction).toBe(i % 2 === 1 ? 'redirect' : null);
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
    // A time before 4713 BC: JavaScript has it, PostgreSQL refuses it.
    await expect(
      writeVisits(opened.db, opened.kind, [record(200), record(201, { time: new Date(-8.64e15) })]),
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
      ruleLabel: i === 0 ? 'Country Blocker (blacklist)' : null,
      ruleMode: i === 0 ? 'blacklist' : null,
      netFlags: i === 0 ? 1 : 0,
      botCategory: i === 0 ? 'scripts' : null,
    }));
    await ingestVisits(opened.db, opened.kind, createBlockerRegistry(BLOCKERS), other!.id, seeded);
    const stored = await opened.db.select().from(visits).where(eq(visits.shopId, other!.id));
    expect(stored.map((v) => v.url)).toEqual(Array(3).fill('https://shop.example/a,"b"'));
    // The network facts go through the binary COPY in their own columns.
    const byTime = [...stored].sort((a, b) => a.time.getTime() - b.time.getTime());
    expect(byTime.map((v) => [v.netFlags, v.botCategory])).toEqual([
      [1, 'scripts'],
      [0, null],
      [0, null],
    ]);
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
  it('stores addresses as inet: canonical text, NULL for what is not an address', async () => {
    await writeVisits(opened.db, opened.kind, [
      record(300, { ip: '2001:0DB8:0:0::7' }),
      record(301, { ip: '::ffff:198.51.100.3' }),
      record(302, { ip: 'unknown' }),
      record(303, { ip: '198.51.100.4', asn: 4_200_000_000 }),
    ]);
    const rows = await opened.db.execute(sql`
      select host(ip) as ip, asn from visits where shop_id = ${shopId}
        and time >= ${new Date(Date.UTC(2026, 0, 1, 0, 0, 300)).toISOString()}::timestamptz
      order by time`);
    expect(
      (rows as unknown as { rows: { ip: string | null; asn: unknown }[] }).rows.map((r) => [
        r.ip,
        r.asn === null ? null : Number(r.asn),
      ]),
    ).toEqual([
      ['2001:db8::7', 3320],
      ['198.51.100.3', 3320],
      [null, 3320],
      ['198.51.100.4', 4_200_000_000],
    ]);
  });

  it('stores a visit of any time, in its week partition or else the default one', async () => {
    const times = [new Date(), new Date('1999-12-31T23:59:59.999Z'), new Date('2300-01-01Z')];
    await writeVisits(
      opened.db,
      opened.kind,
      times.map((time, i) => record(400 + i, { time, ip: `192.0.2.${i}` })),
    );
    const rows = await opened.db.execute(sql`
      select v.time, c.relname as partition from visits v join pg_class c on c.oid = v.tableoid
      where v.shop_id = ${shopId} and v.ip << '192.0.2.0/24'::inet order by v.time`);
    const stored = (rows as unknown as { rows: { time: Date | string; partition: string }[] }).rows;
    expect(stored.map((r) => [new Date(r.time).toISOString(), r.partition])).toEqual([
      [times[1]!.toISOString(), 'visits_default'],
      [times[0]!.toISOString(), partitionName(weekOf(times[0]!))],
      [times[2]!.toISOString(), 'visits_default'],
    ]);
  });
});

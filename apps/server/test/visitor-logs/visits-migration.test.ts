// Migrations 0006–0007 on a visit log that already holds visits (PGlite, or Postgres with
// TEST_DATABASE_URL): every visit is kept with its id, addresses become inet (NULL for text that
// is not an address), each week that holds visits gets its partition, and new visits take ids
// after the old ones.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MIGRATION_TIMEOUT_MS,
  migrationsFolder,
  migrationTestDatabase,
} from '../helpers/migrations.js';

const db = migrationTestDatabase();

describe(`migrating a stored visit log (${db.kind})`, () => {
  it(
    'keeps every visit, converts addresses and partitions by week',
    async () => {
      await db.migrateTo(db.before('0006_visits_storage'));
      const shopId = await db.addShop('migrated.myshopify.com');
      const old = [
        ['2026-03-04T05:06:07.123456Z', '203.0.113.9', 3320],
        ['2026-03-04T05:06:08Z', '2001:db8::1', null],
        ['2026-03-11T00:00:00Z', 'not an address', 15169],
        ['2026-05-20T12:00:00Z', '198.51.100.1', 15169],
      ] as const;
      for (const [time, ip, asn] of old) {
        await db.execute(sql`insert into visits (shop_id, time, ip, asn, url, action)
        values (${shopId}, ${time}::timestamptz, ${ip}, ${asn}, 'https://shop.example/', 'allow')`);
      }
      const before = (await db.execute(sql`select id, time from visits order by id`)).rows;

      await db.migrateTo(migrationsFolder);

      const rows = (
        await db.execute(sql`
        select v.id, v.time, host(v.ip) as ip, v.asn, c.relname as partition
        from visits v join pg_class c on c.oid = v.tableoid order by v.id`)
      ).rows;
      expect(rows.map((r) => String(r.id))).toEqual(before.map((r) => String(r.id)));
      expect(rows.map((r) => new Date(r.time as string).getTime())).toEqual(
        before.map((r) => new Date(r.time as string).getTime()),
      );
      expect(rows.map((r) => [r.ip, r.asn === null ? null : Number(r.asn), r.partition])).toEqual([
        ['203.0.113.9', 3320, 'visits_p20260302'],
        ['2001:db8::1', null, 'visits_p20260302'],
        [null, 15169, 'visits_p20260309'],
        ['198.51.100.1', 15169, 'visits_p20260518'],
      ]);

      const [next] = (
        await db.execute(sql`insert into visits (shop_id, time, ip, url, action)
        values (${shopId}, now(), '192.0.2.1', 'https://shop.example/', 'allow') returning id`)
      ).rows;
      expect(Number(next!.id)).toBeGreaterThan(Math.max(...before.map((r) => Number(r.id))));
      const gone = await db.execute(
        sql`select count(*)::int as n from pg_proc where proname = 'visit_inet'`,
      );
      expect(gone.rows[0]!.n).toBe(0);
    },
    MIGRATION_TIMEOUT_MS,
  );
});

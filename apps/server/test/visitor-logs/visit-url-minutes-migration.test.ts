// Migration 0029 on a visit log that already holds visits (PGlite, or Postgres with
// TEST_DATABASE_URL): the per-visit URL index goes, and the minutes each stored URL was visited
// in are added, so a "URL contains" search finds the visits stored before it.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MIGRATION_TIMEOUT_MS,
  migrationsFolder,
  migrationTestDatabase,
} from '../helpers/migrations.js';

const db = migrationTestDatabase();

describe(`adding the URL minutes of a stored visit log (${db.kind})`, () => {
  it(
    "adds the minutes of the stored visits' URLs, so a URL search still finds them",
    async () => {
      await db.migrateTo(db.before('0029_visit_url_minutes'));
      const shopId = await db.addShop('minutes.myshopify.com');
      for (const [time, url] of [
        ['2026-04-01T10:00:05Z', 'https://shop.example/a'],
        ['2026-04-01T10:00:55Z', 'https://shop.example/a'],
        ['2026-04-01T10:01:00Z', 'https://shop.example/a'],
        ['2026-04-02T08:30:00Z', 'https://shop.example/b'],
      ]) {
        await db.execute(sql`insert into visits (shop_id, time, ip, url, action)
          values (${shopId}, ${time}::timestamptz, '192.0.2.1', ${url}, 'allow')`);
      }

      await db.migrateTo(migrationsFolder);

      const rows = (
        await db.execute(sql`
          select url_hash = md5('https://shop.example/a') as a,
            to_char(minute at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as minute
          from visit_url_minutes where shop_id = ${shopId} order by minute`)
      ).rows;
      expect(rows).toEqual([
        { a: true, minute: '2026-04-01 10:00' },
        { a: true, minute: '2026-04-01 10:01' },
        { a: false, minute: '2026-04-02 08:30' },
      ]);
      const index = await db.execute(
        sql`select count(*)::int as n from pg_indexes where indexname = 'visits_shop_url_time_idx'`,
      );
      expect(index.rows[0]!.n).toBe(0);
    },
    MIGRATION_TIMEOUT_MS,
  );
});

// Migration 0009 on shops that already saved blocker settings (PGlite, or Postgres with
// TEST_DATABASE_URL): the Country Blocker's action, redirect and monitor mode (then columns of
// protection_settings) and the ISP/ASN Blocker's (then their own table) end up in
// blocker_settings under each blocker's name, and General Settings keep their values.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATION_TIMEOUT_MS, migrationTestDatabase } from '../helpers/migrations.js';

const db = migrationTestDatabase();

describe(`moving blocker settings into one table (${db.kind})`, () => {
  it(
    'keeps every shop’s Country Blocker and ISP/ASN Blocker settings and its General Settings',
    async () => {
      await db.migrateTo(db.before('0009_blocker_settings'));
      const redirecting = await db.addShop('redirecting.myshopify.com');
      const monitoring = await db.addShop('monitoring.myshopify.com');
      const untouched = await db.addShop('untouched.myshopify.com');
      await db.execute(sql`insert into protection_settings
      (shop_id, country_action, country_redirect_url, country_monitor, block_title, timeout_ms)
      values (${redirecting}, 'redirect', 'https://example.com/away', false, 'Closed', 4000),
             (${monitoring}, 'block', null, true, null, 2500)`);
      await db.execute(sql`insert into asn_blocker_settings (shop_id, action, redirect_url, monitor)
      values (${monitoring}, 'redirect', 'https://example.com/isp', true)`);

      // Up to the migration that renames protection_settings (its own test follows it).
      await db.migrateTo(db.before('0011_general_settings'));

      const rows = (
        await db.execute(sql`select shop_id, blocker, action, redirect_url, monitor, scope
        from blocker_settings order by blocker, action`)
      ).rows;
      expect(rows).toEqual([
        {
          shop_id: monitoring,
          blocker: 'asn-blocker',
          action: 'redirect',
          redirect_url: 'https://example.com/isp',
          monitor: true,
          scope: null,
        },
        {
          shop_id: monitoring,
          blocker: 'country-blocker',
          action: 'block',
          redirect_url: null,
          monitor: true,
          scope: null,
        },
        {
          shop_id: redirecting,
          blocker: 'country-blocker',
          action: 'redirect',
          redirect_url: 'https://example.com/away',
          monitor: false,
          scope: null,
        },
      ]);
      expect(rows.some((r) => r.shop_id === untouched)).toBe(false);

      const general = (
        await db.execute(sql`select shop_id, block_title, timeout_ms from protection_settings
        where shop_id = ${redirecting}`)
      ).rows;
      expect(general).toEqual([{ shop_id: redirecting, block_title: 'Closed', timeout_ms: 4000 }]);
      const leftovers = (
        await db.execute(sql`select
        (select count(*)::int from information_schema.tables
          where table_name = 'asn_blocker_settings') as tables,
        (select count(*)::int from information_schema.columns
          where table_name = 'protection_settings' and column_name like 'country_%') as columns`)
      ).rows;
      expect(leftovers).toEqual([{ tables: 0, columns: 0 }]);
    },
    MIGRATION_TIMEOUT_MS,
  );
});

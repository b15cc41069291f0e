// Migration 0011 on shops that already saved General Settings (PGlite, or Postgres with
// TEST_DATABASE_URL): protection_settings becomes general_settings with every row and value
// kept, its primary key and its link to shops renamed with it and still enforced.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MIGRATION_TIMEOUT_MS,
  migrationsFolder,
  migrationTestDatabase,
} from '../helpers/migrations.js';

const db = migrationTestDatabase();

const tableNamed = async (name: string) =>
  (
    await db.execute(sql`select count(*)::int as n from information_schema.tables
      where table_schema = 'public' and table_name = ${name}`)
  ).rows[0]!.n;

describe(`renaming General Settings' table (${db.kind})`, () => {
  it(
    'keeps every shop’s settings, its key and its link to the shop',
    async () => {
      await db.migrateTo(db.before('0011_general_settings'));
      const branded = await db.addShop('branded.myshopify.com');
      const plain = await db.addShop('plain.myshopify.com');
      const updatedAt = '2026-11-01T10:00:00.000Z';
      await db.execute(sql`insert into protection_settings (shop_id, block_title, block_message,
        block_background_color, block_text_color, block_logo_url, timeout_ms,
        log_retention_hours, updated_at)
        values (${branded}, 'Closed', 'Not from here', '#000000', '#ffffff',
          'https://cdn.example/logo.png', 4000, 48, ${updatedAt}),
          (${plain}, null, null, null, null, null, 2500, null, ${updatedAt})`);

      await db.migrateTo(migrationsFolder);

      expect(await tableNamed('protection_settings')).toBe(0);
      const rows = (
        await db.execute(sql`select shop_id, block_title, block_message, block_background_color,
          block_text_color, block_logo_url, timeout_ms, log_retention_hours,
          to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as updated_at
          from general_settings order by timeout_ms desc`)
      ).rows;
      expect(rows).toEqual([
        {
          shop_id: branded,
          block_title: 'Closed',
          block_message: 'Not from here',
          block_background_color: '#000000',
          block_text_color: '#ffffff',
          block_logo_url: 'https://cdn.example/logo.png',
          timeout_ms: 4000,
          log_retention_hours: 48,
          updated_at: '2026-11-01T10:00:00',
        },
        {
          shop_id: plain,
          block_title: null,
          block_message: null,
          block_background_color: null,
          block_text_color: null,
          block_logo_url: null,
          timeout_ms: 2500,
          log_retention_hours: null,
          updated_at: '2026-11-01T10:00:00',
        },
      ]);

      const constraints = (
        await db.execute(sql`select conname, contype from pg_constraint
          where conrelid = 'general_settings'::regclass and contype in ('p', 'f')
          order by conname`)
      ).rows;
      expect(constraints).toEqual([
        { conname: 'general_settings_pkey', contype: 'p' },
        { conname: 'general_settings_shop_id_shops_id_fk', contype: 'f' },
      ]);

      // Still one row per shop, only for shops that exist, and gone with its shop.
      await expect(
        db.execute(sql`insert into general_settings (shop_id) values (${plain})`),
      ).rejects.toThrow();
      await expect(
        db.execute(
          sql`insert into general_settings (shop_id) values ('00000000-0000-4000-8000-000000000000')`,
        ),
      ).rejects.toThrow();
      await db.execute(sql`delete from shops where id = ${plain}`);
      const left = (await db.execute(sql`select shop_id from general_settings`)).rows;
      expect(left).toEqual([{ shop_id: branded }]);
    },
    MIGRATION_TIMEOUT_MS,
  );
});

// Migration 0042 on stored access requests (PGlite, or Postgres with TEST_DATABASE_URL): where a
// store holds a visit reference more than once, the earliest request is kept and the later
// copies go; other stores and other references are untouched, and from then on a reference is
// stored once per store.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MIGRATION_TIMEOUT_MS,
  migrationsFolder,
  migrationTestDatabase,
} from '../helpers/migrations.js';

const db = migrationTestDatabase();

describe(`one access request per visit reference on stored requests (${db.kind})`, () => {
  it(
    'keeps the earliest request of a reference and refuses a copy afterwards',
    async () => {
      await db.migrateTo(db.before('0042_access_requests_one_per_reference'));
      const alice = await db.addShop('alice-refs.myshopify.com');
      const bob = await db.addShop('bob-refs.myshopify.com');
      const store = (shopId: string, reference: string, email: string, createdAt: string) =>
        db.execute(sql`insert into access_requests
          (shop_id, reference, visit_time, ip, email, message, created_at)
          values (${shopId}, ${reference}, now(), '192.0.2.1', ${email}, 'let me in',
            ${createdAt}::timestamptz)`);
      await store(alice, 'AAAAA-00001', 'second@example.com', '2026-11-02T10:00:01Z');
      await store(alice, 'AAAAA-00001', 'first@example.com', '2026-11-02T10:00:00Z');
      await store(alice, 'AAAAA-00001', 'third@example.com', '2026-11-02T10:00:02Z');
      await store(alice, 'BBBBB-00002', 'other-visit@example.com', '2026-11-02T10:00:03Z');
      await store(bob, 'AAAAA-00001', 'other-store@example.com', '2026-11-02T10:00:04Z');

      await db.migrateTo(migrationsFolder);

      const rows = await db.execute(sql`select email from access_requests order by email`);
      expect(rows.rows.map((r) => r.email)).toEqual([
        'first@example.com',
        'other-store@example.com',
        'other-visit@example.com',
      ]);
      await expect(
        store(alice, 'AAAAA-00001', 'again@example.com', '2026-11-02T10:00:05Z'),
      ).rejects.toThrow();
    },
    MIGRATION_TIMEOUT_MS,
  );
});

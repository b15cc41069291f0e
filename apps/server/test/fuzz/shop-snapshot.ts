// Everything stored for one shop, to compare before and after a request: every row of every
// table with a shop_id column (found in the catalogue, so a new table is covered by itself),
// plus the shop's own row. Session and one-time-token tables are left out: signing in is
// allowed to touch them; so are the checkout block list's sync state and the app embed's last
// known state, which background jobs write after an earlier request's answer.
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/core/db/client.js';

const SKIPPED = new Set([
  'sessions',
  'login_tokens',
  'personate_tokens',
  'oauth_states',
  'checkout_block_sync',
  'app_embed_states',
]);

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function shopTables(db: Database): Promise<string[]> {
  const result = await db.execute(sql`
    select c.table_name as name
    from information_schema.columns c
    join pg_class k on k.relname = c.table_name and not k.relispartition
    where c.column_name = 'shop_id' and c.table_schema = 'public'
    order by 1`);
  return rowsOf<{ name: string }>(result)
    .map((r) => r.name)
    .filter((name) => !SKIPPED.has(name));
}

export async function snapshotShop(
  db: Database,
  tables: string[],
  shopId: string,
): Promise<Record<string, unknown>> {
  // One statement for all tables: a snapshot per request stays cheap.
  const columns = tables.map(
    (table) =>
      sql`(select coalesce(json_agg(r order by r::text), '[]') from ${sql.identifier(table)} r where r.shop_id = ${shopId}) as ${sql.identifier(table)}`,
  );
  const result = await db.execute(
    sql`select (select row_to_json(s) from shops s where s.id = ${shopId}) as shops, ${sql.join(columns, sql`, `)}`,
  );
  return JSON.parse(JSON.stringify(rowsOf<Record<string, unknown>>(result)[0])) as Record<
    string,
    unknown
  >;
}

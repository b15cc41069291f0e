import { messages, PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { DrizzleQueryError, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteWorker } from './pglite-worker-client.js';

// Results and errors are compared with those of PGlite running in-process, the API the
// worker client stands in for.
let worker: PGliteWorker;
let local: PGlite;

const bothRun = async (sql: string, params?: unknown[], options?: QueryOptions) => {
  const [ours, theirs] = await Promise.all([
    worker.query(sql, params, options),
    local.query(sql, params, options),
  ]);
  return { ours, theirs };
};

// What drizzle-orm/pglite passes with every query: dates and intervals kept as Postgres text.
const keepText = (value: string) => value;
const drizzleOptions = (rowMode: 'array' | 'object'): QueryOptions => ({
  rowMode,
  parsers: {
    [types.TIMESTAMP]: keepText,
    [types.TIMESTAMPTZ]: keepText,
    [types.INTERVAL]: keepText,
    [types.DATE]: keepText,
    1231: keepText,
    1115: keepText,
    1185: keepText,
    1187: keepText,
    1182: keepText,
  },
});

const TYPES_SQL = `select $1::timestamptz as at, $2::int8 as small, $3::int8 as big, $4::jsonb as doc,
  $5::int[] as ints, $6::text[] as words, $7::bytea as bytes, $8::text as nothing,
  $9::bool as flag, $10::numeric as amount, $11::uuid as id, $12::date as day,
  $13::timestamptz[] as moments`;
const TYPES_PARAMS = [
  '2024-05-06T07:08:09.123Z',
  42,
  9007199254740993n,
  { a: [1, { b: null }], c: 'é' },
  [1, 2, null],
  ['a', 'b,c'],
  new Uint8Array([0, 1, 255]),
  null,
  true,
  '12.50',
  '0b6f2a4e-7c1d-4f8a-9e3b-5d2c8a1f6e90',
  '2024-05-06',
  ['2024-01-01T00:00:00Z'],
];

beforeAll(async () => {
  worker = new PGliteWorker('memory://');
  local = new PGlite('memory://');
  await Promise.all([worker.waitReady, local.waitReady]);
  for (const db of [worker, local]) {
    await db.exec(`create table items (id int primary key, name text not null unique, note text)`);
  }
});

afterAll(async () => {
  await Promise.all([worker?.close(), local?.close()]);
});

describe('PGlite in a worker thread: results', () => {
  it('returns every type as PGlite does, with and without drizzle options', async () => {
    for (const options of [undefined, drizzleOptions('array'), drizzleOptions('object')]) {
      const { ours, theirs } = await bothRun(TYPES_SQL, TYPES_PARAMS, options);
      expect(ours).toEqual(theirs);
    }
    const { ours } = await bothRun(TYPES_SQL, TYPES_PARAMS, drizzleOptions('object'));
    expect(ours.rows[0]).toEqual({
      at: '2024-05-06 07:08:09.123+00',
      small: 42,
      big: 9007199254740993n,
      doc: { a: [1, { b: null }], c: 'é' },
      ints: [1, 2, null],
      words: ['a', 'b,c'],
      bytes: new Uint8Array([0, 1, 255]),
      nothing: null,
      flag: true,
      amount: '12.50',
      id: '0b6f2a4e-7c1d-4f8a-9e3b-5d2c8a1f6e90',
      day: '2024-05-06',
      moments: '{"2024-01-01 00:00:00+00"}',
    });
    const plain = await worker.query<{ at: Date }>(TYPES_SQL, TYPES_PARAMS);
    expect(plain.rows[0]?.at).toEqual(new Date('2024-05-06T07:08:09.123Z'));
  });

  it('reports writes as PGlite does (command, affected rows, row count)', async () => {
    const statements: [string, unknown[]][] = [
      [`insert into items (id, name) values (1, 'one'), (2, 'two'), (3, 'three')`, []],
      [`update items set note = $1 where id > $2`, ['n', 1]],
      [`delete from items where id = $1 returning name`, [3]],
      [`select * from items order by id`, []],
      [`create index items_note on items (note)`, []],
    ];
    for (const [sql, params] of statements) {
      const { ours, theirs } = await bothRun(sql, params);
      expect(ours).toEqual(theirs);
    }
  });

  it('runs several statements with exec, one result each', async () => {
    const sql = `create temp table t (x int); insert into t values (1), (2); select sum(x) as s from t;`;
    const [ours, theirs] = await Promise.all([worker.exec(sql), local.exec(sql)]);
    expect(ours).toHaveLength(3);
    expect(ours).toEqual(theirs);
  });

  it('applies the caller’s parsers on the caller’s side, to text, never to NULL', async () => {
    const calls: [string, number][] = [];
    const parsers = {
      [types.INT4]: (value: string, type?: number) => {
        calls.push([value, type ?? -1]);
        return `int:${value}`;
      },
    };
    const sql = `select 7 as a, null::int as b, 'x' as c, 8 as a`;
    const objects = await worker.query(sql, [], { parsers });
    // Object rows keep the last of two same-named columns, parsed once.
    expect(objects.rows).toEqual([{ a: 'int:8', b: null, c: 'x' }]);
    expect(calls).toEqual([['8', types.INT4]]);
    const arrays = await worker.query(sql, [], { parsers, rowMode: 'array' });
    expect(arrays.rows).toEqual([['int:7', null, 'x', 'int:8']]);
  });

  it('copies CSV from a blob and to a blob', async () => {
    const csv = '10,ten,"a, b"\n11,eleven,\n';
    const copy = `copy items (id, name, note) from '/dev/blob' with (format csv)`;
    const { ours, theirs } = await bothRun(copy, [], { blob: new Blob([csv]) });
    expect(ours).toEqual(theirs);
    expect(ours.affectedRows).toBe(2);
    const back = await worker.query(
      `copy (select id, name, note from items where id >= 10 order by id) to '/dev/blob' with (format csv)`,
    );
    expect(await back.blob?.text()).toBe(csv);
  });
});

describe('PGlite in a worker thread: errors', () => {
  it('rejects with PGlite’s DatabaseError and all of its fields', async () => {
    const sql = `insert into items (id, name) values ($1, $2)`;
    const options: QueryOptions = { rowMode: 'array' };
    await bothRun(sql, [20, 'twenty']);
    const [ours, theirs] = await Promise.all([
      worker.query(sql, [21, 'twenty'], options).catch((e: unknown) => e),
      local.query(sql, [21, 'twenty'], options).catch((e: unknown) => e),
    ]);
    expect(ours).toBeInstanceOf(messages.DatabaseError);
    expect(ours).toMatchObject({
      code: '23505',
      constraint: 'items_name_key',
      table: 'items',
      schema: 'public',
      severity: 'ERROR',
      detail: 'Key (name)=(twenty) already exists.',
      query: sql,
      params: [21, 'twenty'],
      queryOptions: options,
    });
    const fields = (e: unknown) => ({ ...(e as object), message: (e as Error).message });
    expect(fields(ours)).toEqual(fields(theirs));
    expect(String(ours)).toBe(String(theirs));
  });

  it('reports where a syntax error is', async () => {
    const [ours, theirs] = await Promise.all(
      [worker, local].map((db) => db.query('select * fron items').catch((e: unknown) => e)),
    );
    expect(ours).toMatchObject({ code: '42601', position: expect.any(String) });
    expect((ours as { position: string }).position).toBe((theirs as { position: string }).position);
  });

  it('keeps drizzle’s DrizzleQueryError with the Postgres error as its cause', async () => {
    const items = pgTable('items', {
      id: integer('id').primaryKey(),
      name: text('name').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }),
    });
    await worker.exec(`alter table items add column created_at timestamptz`);
    const db = drizzle(worker as unknown as PGlite);
    const at = new Date('2024-02-03T04:05:06.789Z');
    await db.insert(items).values({ id: 30, name: 'thirty', createdAt: at });
    const [row] = await db.select().from(items).where(eq(items.id, 30));
    expect(row).toEqual({ id: 30, name: 'thirty', createdAt: at });
    const error = await db
      .insert(items)
      .values({ id: 31, name: 'thirty' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect((error as DrizzleQueryError).cause).toMatchObject({
      code: '23505',
      constraint: 'items_name_key',
    });
  });

  it('refuses options that cannot cross to the worker, and parameters that cannot be copied', async () => {
    await expect(
      worker.query('select 1', [], { serializers: { [types.INT4]: String } }),
    ).rejects.toThrow(/serializers/);
    await expect(worker.query('select $1::text', [() => 1])).rejects.toThrow(/could not be cloned/);
    expect((await worker.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});

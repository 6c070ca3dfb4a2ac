import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, numeric, date as pgDate, interval as pgInterval, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forDrizzle } from './pglite-client.ts';
import { STATEMENTS_MAX } from './pglite-statements.ts';

const sample = pgTable('parser_sample', {
  id: integer('id').primaryKey(),
  at: timestamp('at'),
  atZone: timestamp('at_zone', { withTimezone: true }),
  atZoneAsDate: timestamp('at_zone_date', { withTimezone: true, mode: 'date' }),
  day: pgDate('day'),
  dayAsDate: pgDate('day_date', { mode: 'date' }),
  span: pgInterval('span'),
  amount: numeric('amount'),
});

const CREATE = `create table parser_sample (id int primary key, at timestamp, at_zone timestamptz,
  at_zone_date timestamptz, day date, day_date date, span interval, amount numeric)`;
const ROW = sql`insert into parser_sample values (1, '2026-11-25 19:08:33.123', '2026-11-25 19:08:33.123+00',
  '2026-03-01 10:00:00+00', '2026-11-25', '2026-02-28', '1 day 02:03:04', 12.50)`;
/** Every type Drizzle's parsers name, raw (rows as objects) and as arrays. */
const RAW = sql`select now()::timestamp(0) > '2000-01-01' as later, '2026-11-25 19:08:33'::timestamp as ts,
  '2026-11-25 19:08:33+00'::timestamptz as tz, '1 day'::interval as iv, '2026-11-25'::date as d,
  array['2026-11-25'::date] as ds, array['2026-11-25 19:08:33'::timestamp] as tss,
  array['2026-11-25 19:08:33+00'::timestamptz] as tzs, array['1 day'::interval] as ivs,
  array[1.50::numeric, 2] as ns, array[1, 2] as ints, '{"a": 1}'::jsonb as j, 7::bigint as big`;

describe('Drizzle on PGlite with its parsers installed once', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create('memory://');
    await client.exec(CREATE);
    const plain = drizzle(client);
    await plain.execute(ROW);
  });
  afterAll(() => client.close());

  it('reads every row exactly as Drizzle alone reads it (selects, raw SQL, in a transaction)', async () => {
    const plain = drizzle(client);
    const before = {
      typed: await plain.select().from(sample),
      raw: (await plain.execute(RAW)).rows,
      inTx: await plain.transaction((tx) => tx.select().from(sample)),
    };
    const fast = drizzle(forDrizzle(client));
    const after = {
      typed: await fast.select().from(sample),
      raw: (await fast.execute(RAW)).rows,
      inTx: await fast.transaction((tx) => tx.select().from(sample)),
    };
    expect(after).toEqual(before);
    // and what that is: PGlite hands over the text, Drizzle makes the columns' own values of it
    expect(after.typed[0]).toMatchObject({ at: new Date('2026-11-25T19:08:33.123Z'), day: '2026-11-25' });
    expect(after.typed[0]).toMatchObject({ span: '1 day 02:03:04', amount: '12.50' });
    expect(after.typed[0]?.dayAsDate).toEqual(new Date('2026-02-28T00:00:00Z'));
    expect(after.raw[0]).toMatchObject({ ts: '2026-11-25 19:08:33', tz: '2026-11-25 19:08:33+00', iv: '1 day' });
    expect(after.raw[0]).toMatchObject({ ds: '{2026-11-25}', ns: '{1.50,2}', ints: [1, 2], j: { a: 1 } });
  });

  it("still applies parsers other than Drizzle's own", async () => {
    const other = { 1082: (v: string) => `day ${v}` };
    const { rows } = await forDrizzle(client).query<{ d: string }>(`select '2026-11-25'::date as d`, [], {
      parsers: other,
    });
    expect(rows[0]?.d).toBe('day 2026-11-25');
  });
});

describe('PGlite queries as named prepared statements', () => {
  let client: PGlite;
  const named = async () =>
    (await client.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0]?.n;
  beforeEach(async () => {
    client = await PGlite.create('memory://');
    await client.exec(`create table thing (id int primary key, label text, at timestamptz, tags jsonb, ok boolean)`);
  });
  afterEach(() => client.close());

  it('prepares a statement once and runs it again by name', async () => {
    const db = drizzle(forDrizzle(client));
    const before = await named();
    for (let i = 0; i < 3; i++) await db.execute(sql`select ${i}::int as i`);
    expect((await named()) ?? 0).toBe((before ?? 0) + 1);
  });

  it('writes and reads every kind of value as PGlite itself does', async () => {
    const fast = forDrizzle(client);
    const values = [
      [1, 'it\'s "quoted" \\ and ünïcode ⛷', new Date('2026-11-25T19:08:33.123Z'), { a: [1, 'b'], c: null }, true],
      [2, null, null, null, false],
      [3, '', new Date(0), [], null],
    ];
    for (const v of values) await fast.query('insert into thing values ($1, $2, $3, $4, $5)', v);
    const mine = await fast.query('select * from thing where id = any($1::int[]) order by id', [[1, 2, 3]]);
    const theirs = await client.query('select * from thing where id = any($1::int[]) order by id', [[1, 2, 3]]);
    expect(mine.rows).toEqual(theirs.rows);
    expect(mine.fields).toEqual(theirs.fields);
    expect(mine.rows).toHaveLength(3);
    const arrays = await fast.query('select $1::int[] as a, $2::text as t', [[1, 2], 42], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[[1, 2], '42']]);
  });

  it("answers a failed statement with PGlite's error, and a rolled-back transaction keeps nothing but its statements", async () => {
    const db = drizzle(forDrizzle(client));
    const insert = (id: number) => sql`insert into thing (id, label) values (${id}, 'x')`;
    await db.execute(insert(1));
    const failed = await db.execute(insert(1)).catch((e: unknown) => e);
    expect((failed as { cause?: { code?: string; query?: string } }).cause).toMatchObject({
      code: '23505',
      query: expect.stringContaining('insert into thing'),
    });
    const inTx = await db
      .transaction(async (tx) => {
        await tx.execute(insert(2));
        await tx.execute(insert(1));
      })
      .catch((e: unknown) => e);
    expect((inTx as { cause?: { code?: string } }).cause?.code).toBe('23505');
    const ids = await db.execute<{ id: number }>(sql`select id from thing order by id`);
    expect(ids.rows.map((r) => r.id)).toEqual([1]);
    // the statements prepared inside the rolled-back transaction still run
    await db.execute(insert(2));
    await db.transaction(async (tx) => tx.execute(insert(3)));
    expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from thing`)).rows[0]?.n).toBe(3);
  });

  it("never runs a query inside another caller's transaction: it waits for the commit", async () => {
    const db = drizzle(forDrizzle(client));
    let release = () => {};
    const paused = new Promise<void>((r) => {
      release = r;
    });
    const order: string[] = [];
    const tx = db.transaction(async (t) => {
      await t.execute(sql`insert into thing (id, label) values (7, 'inside')`);
      order.push('inserted');
      await paused;
      order.push('committing');
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.execute<{ n: number }>(sql`select count(*)::int as n from thing`).then((r) => {
      order.push('read');
      return r.rows[0]?.n;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['inserted']);
    release();
    await tx;
    expect(await outside).toBe(1);
    expect(order).toEqual(['inserted', 'committing', 'read']);
  });

  it('runs a statement once more, prepared afresh, when its table changed shape behind its back', async () => {
    const db = drizzle(forDrizzle(client));
    await db.execute(sql`insert into thing (id, label) values (1, 'one')`);
    const all = sql`select * from thing`;
    expect((await db.execute(all)).rows).toHaveLength(1);
    // changed on the raw client, unseen by the cache: PostgreSQL refuses the old plan (0A000)
    await client.exec('alter table thing add column extra int');
    expect((await db.execute(all)).rows[0]).toMatchObject({ id: 1, label: 'one', extra: null });
    // inside a transaction the refusal cannot be retried (it aborted the transaction): it surfaces
    await client.exec('alter table thing add column more int');
    const inTx = await db.transaction((tx) => tx.execute(all)).catch((e: unknown) => e);
    expect((inTx as { cause?: { code?: string } }).cause?.code).toBe('0A000');
    expect((await db.execute(all)).rows[0]).toMatchObject({ extra: null, more: null });
  });

  it('prepares every statement afresh after a change of a table through it, so parameters take the new types', async () => {
    const fast = forDrizzle(client);
    const db = drizzle(fast);
    await db.execute(sql`insert into thing (id, label) values (1, 'one')`);
    const setId = (id: number) => sql`update thing set id = ${id} where label = 'one'`;
    await db.execute(setId(2));
    // through Drizzle (as a migration runs) and through exec
    await db.execute(sql`alter table thing alter column id type bigint`);
    await db.execute(setId(3_000_000_000));
    await fast.exec('alter table thing alter column label type varchar(10)');
    await db.execute(setId(4_000_000_000));
    expect((await db.execute<{ id: string }>(sql`select id::text from thing`)).rows).toEqual([{ id: '4000000000' }]);
    // and a DO block, which may run anything
    await db.execute(sql`alter table thing add column v int`);
    const setV = (v: number) => sql`update thing set v = ${v}`;
    await db.execute(setV(1));
    await db.execute(sql.raw(`do $$ begin execute 'alter table thing alter column v type bigint'; end $$`));
    await db.execute(setV(5_000_000_000));
    expect((await db.execute<{ v: string }>(sql`select v::text from thing`)).rows).toEqual([{ v: '5000000000' }]);
  });

  it("refuses a transaction's handle after its transaction, never running it inside the next one", async () => {
    const db = drizzle(forDrizzle(client));
    let leaked: { execute: typeof db.execute } | undefined;
    await db.transaction(async (tx) => {
      leaked = tx;
      await tx.execute(sql`insert into thing (id, label) values (1, 'first')`);
    });
    let release = () => {};
    const paused = new Promise<void>((r) => {
      release = r;
    });
    const next = db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thing (id, label) values (2, 'second')`);
        await paused;
        throw new Error('rolled back');
      })
      .catch(() => 'rolled back');
    await new Promise((r) => setTimeout(r, 20));
    const late = await leaked?.execute(sql`insert into thing (id, label) values (3, 'late')`).catch((e: unknown) => e);
    expect(String((late as { cause?: unknown })?.cause ?? late)).toContain('Transaction is closed');
    release();
    expect(await next).toBe('rolled back');
    expect((await db.execute<{ id: number }>(sql`select id from thing order by id`)).rows).toEqual([{ id: 1 }]);
  });

  it('leaves COPY to its blob device and parameter types asked for to PGlite', async () => {
    const fast = forDrizzle(client);
    await fast.query(`insert into thing (id, label) values (1, 'one')`);
    const copied = await fast.query(`copy (select id, label from thing) to '/dev/blob'`);
    expect(await copied.blob?.text()).toBe('1\tone\n');
    const asInt = await fast.query<{ x: number }>('select $1 as x', ['1'], { paramTypes: [23] });
    const asText = await fast.query<{ x: string }>('select $1 as x', ['abc']);
    expect([asInt.rows[0]?.x, asText.rows[0]?.x]).toEqual([1, 'abc']);
  });

  it(`keeps at most ${STATEMENTS_MAX} statements, closing the least recently used`, async () => {
    const db = drizzle(forDrizzle(client));
    for (let i = 0; i < STATEMENTS_MAX + 20; i++) await db.execute(sql.raw(`select ${i} as n`));
    expect(await named()).toBeLessThanOrEqual(STATEMENTS_MAX + 1);
    expect((await db.execute<{ n: number }>(sql.raw('select 3 as n'))).rows[0]?.n).toBe(3);
  });
});

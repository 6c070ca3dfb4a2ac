import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, numeric, date as pgDate, interval as pgInterval, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forDrizzle } from './pglite-parsers.ts';

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

  it('sends a Drizzle query without its parsers, and any other parsers as given', async () => {
    const seen: unknown[] = [];
    const spy = new Proxy(client, {
      get(object, property) {
        if (property === 'query')
          return (q: string, params?: unknown[], options?: { parsers?: unknown }) => {
            seen.push(options?.parsers);
            return object.query(q, params, options as never);
          };
        const value: unknown = Reflect.get(object, property, object);
        return typeof value === 'function' ? value.bind(object) : value;
      },
    });
    const fast = drizzle(forDrizzle(spy));
    await fast.select().from(sample);
    await fast.execute(sql`select 1`);
    expect(seen).toEqual([undefined, undefined]);
    const other = { 1082: (v: string) => `day ${v}` };
    const [row] = (await forDrizzle(spy).query<{ d: string }>(`select '2026-11-25'::date as d`, [], { parsers: other }))
      .rows;
    expect(seen[2]).toBe(other);
    expect(row?.d).toBe('day 2026-11-25');
  });
});

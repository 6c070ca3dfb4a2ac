import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../csv.ts';
import { moneyBuckets, type PaymentFacts } from './money-by-race.ts';
import {
  MONEY_CSV_HEADERS,
  MONEY_MSG,
  MoneyQuerySchema,
  moneyByRaceRecord,
  moneyCsvName,
  moneyCsvRows,
  periodLabel,
  periodOf,
} from './money-records.ts';

const payment = (over: Partial<PaymentFacts>): PaymentFacts => ({
  userId: 1,
  provider: 'stripe',
  status: 'succeeded',
  amountPence: 2500,
  paidAmountPence: null,
  lines: [{ id: 1, eventId: 5, pricePence: 2500, refundId: null }],
  refunds: [],
  ...over,
});

const races = new Map([
  [5, { name: '=Late Slalom', date: '2026-03-01' }],
  [6, { name: 'Early GS', date: '2026-01-20' }],
]);

describe('the period', () => {
  it('a season is its calendar year; dates as given; nothing given is the current season', () => {
    expect(periodOf({ season: 2025 }, '2026-06-01')).toEqual({ season: 2025, from: '2025-01-01', to: '2025-12-31' });
    expect(periodOf({}, '2026-06-01')).toEqual({ season: 2026, from: '2026-01-01', to: '2026-12-31' });
    expect(periodOf({ from: '2026-01-01', to: '2026-03-31' }, '2026-06-01')).toEqual({
      season: null,
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(periodLabel({ season: 2026, from: null, to: null })).toBe('Season 2026');
    expect(periodLabel({ season: null, from: '2026-01-01', to: null })).toBe('From 2026-01-01');
    expect(moneyCsvName({ season: 2026, from: '2026-01-01', to: '2026-12-31' })).toBe('money-by-race-2026.csv');
    expect(moneyCsvName({ season: null, from: null, to: '2026-03-31' })).toBe('money-by-race-start-to-2026-03-31.csv');
  });

  it('the query is checked: a four-digit season, real dates in order, not both', () => {
    expect(MoneyQuerySchema.parse({ season: '2026' })).toEqual({ season: 2026 });
    const message = (query: object) => MoneyQuerySchema.safeParse(query).error?.issues[0]?.message;
    expect(message({ season: '26' })).toBe(MONEY_MSG.season);
    expect(message({ from: '2026-02-30' })).toBe(MONEY_MSG.date);
    expect(message({ from: '2026-03-01', to: '2026-02-01' })).toBe(MONEY_MSG.order);
    expect(message({ season: '2026', from: '2026-01-01' })).toBe(MONEY_MSG.both);
  });
});

describe('the records and the CSV', () => {
  const buckets = moneyBuckets([
    payment({}),
    payment({ provider: 'paypal' }),
    payment({ lines: [{ id: 2, eventId: 6, pricePence: 2500, refundId: null }] }),
    payment({
      status: 'canceled',
      paidAmountPence: 2400,
      refunds: [
        {
          id: 9,
          amountPence: 2400,
          cause: 'amount_mismatch',
          status: 'succeeded',
          attempts: 1,
          requestedBy: null,
        },
      ],
    }),
  ]);

  it('races by date, the money not tied to a race last, providers and total in pounds', () => {
    const record = moneyByRaceRecord(buckets, races, { season: 2026, from: '2026-01-01', to: '2026-12-31' }, [2026]);
    expect(record.races.map((r) => [r.race, r.date, r.entries_paid, r.taken, r.net])).toEqual([
      ['Early GS', '2026-01-20', 1, '25.00', '25.00'],
      ['=Late Slalom', '2026-03-01', 2, '50.00', '50.00'],
      [MONEY_MSG.notTied, null, 0, '24.00', '0.00'],
    ]);
    expect(record.providers.map((p) => [p.provider, p.taken])).toEqual([
      ['stripe', '74.00'],
      ['paypal', '25.00'],
    ]);
    expect(record.total).toMatchObject({ taken: '99.00', refunded_amount_mismatch: '24.00', refunded: '24.00' });
    expect(record.period.label).toBe('Season 2026');
  });

  it('a row per race and provider, then the total; formula-safe', () => {
    const rows = Papa.parse<string[]>(toCsv(MONEY_CSV_HEADERS, moneyCsvRows(buckets, races))).data;
    expect(rows[0]).toEqual([...MONEY_CSV_HEADERS]);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[4], r[r.length - 1]])).toEqual([
      ['Early GS', 'stripe', '25.00', '25.00'],
      ["'=Late Slalom", 'stripe', '25.00', '25.00'],
      ["'=Late Slalom", 'paypal', '25.00', '25.00'],
      [MONEY_MSG.notTied, 'stripe', '24.00', '0.00'],
      [MONEY_MSG.total, 'all', '99.00', '75.00'],
    ]);
  });
});

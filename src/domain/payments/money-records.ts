import { z } from 'zod';
import { formatPrice } from '../money.ts';
import { textField } from '../text.ts';
import { PAYMENT_PROVIDERS } from './index.ts';
import {
  byProvider,
  byRace,
  type MoneyBucket,
  type MoneyPence,
  netOf,
  REFUND_KIND_LABEL,
  REFUND_KINDS,
  refundedTotal,
  totalOf,
} from './money-by-race.ts';

/**
 * Money by race as the API sends it and as the treasurer's CSV writes it (issue 35): the period
 * asked for, the figures in pounds with two decimals (as every amount the API sends), one row per
 * race, the money not tied to a race, the providers and the total.
 */
export const MONEY_MSG = {
  season: 'season must be a year written in four digits, e.g. 2026.',
  date: 'from and to must be dates written YYYY-MM-DD.',
  order: 'from must not be after to.',
  both: 'Ask for a season or for dates from and to, not both.',
  notTied: 'Not tied to a race',
  total: 'Total',
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const isDate = (v: string) => {
  const m = DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === v;
};
const day = (label: string) =>
  textField({ label, max: 10, format: MONEY_MSG.date }).pipe(z.string().refine(isDate, MONEY_MSG.date)).optional();

/** `?season=2026`, or `?from=2026-01-01&to=2026-03-31` (either end may be left open): the payments
 * made in that time, London dates. Nothing given: the current season. */
export const MoneyQuerySchema = z
  .object({
    season: textField({ label: 'Season', max: 4, format: MONEY_MSG.season })
      .pipe(
        z
          .string()
          .regex(/^(19|20)\d\d$/, MONEY_MSG.season)
          .transform(Number),
      )
      .optional(),
    from: day('From'),
    to: day('To'),
  })
  .refine((q) => q.season === undefined || (q.from === undefined && q.to === undefined), {
    message: MONEY_MSG.both,
    path: ['season'],
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: MONEY_MSG.order, path: ['from'] });
export type MoneyQuery = z.infer<typeof MoneyQuerySchema>;

/** The period the figures cover: a season (a calendar year, as the app's seasons are) or dates. */
export interface MoneyPeriod {
  season: number | null;
  /** First and last London day, inclusive; null: open. */
  from: string | null;
  to: string | null;
}

/** The period a query asks for; `today` (London) gives the current season when it names none. */
export function periodOf(query: MoneyQuery, today: string): MoneyPeriod {
  if (query.from || query.to) return { season: null, from: query.from ?? null, to: query.to ?? null };
  const season = query.season ?? Number(today.slice(0, 4));
  return { season, from: `${season}-01-01`, to: `${season}-12-31` };
}

/** "Season 2026", "From 2026-01-01 to 2026-03-31", "Until 2026-03-31". */
export function periodLabel(p: MoneyPeriod): string {
  if (p.season !== null) return `Season ${p.season}`;
  if (p.from && p.to) return `From ${p.from} to ${p.to}`;
  if (p.from) return `From ${p.from}`;
  return p.to ? `Until ${p.to}` : 'All payments';
}

/** The CSV's file name for the period. */
export function moneyCsvName(p: MoneyPeriod): string {
  if (p.season !== null) return `money-by-race-${p.season}.csv`;
  return `money-by-race-${p.from ?? 'start'}-to-${p.to ?? 'now'}.csv`;
}

const money = z.string();
export const MoneyFiguresSchema = z.object({
  entries_paid: z.number().int(),
  taken: money,
  refunded_place_lost: money,
  refunded_line_removed: money,
  refunded_event_cancelled: money,
  refunded_amount_mismatch: money,
  refunded_family: money,
  refunded_admin: money,
  refunded_by_hand: money,
  /** Every refund made: the causes' columns and by hand. */
  refunded: money,
  fees_kept: money,
  /** Refunds waiting for an administrator (the queue). */
  owed: money,
  on_its_way: money,
  net: money,
});
export type MoneyFigures = z.infer<typeof MoneyFiguresSchema>;

export const MoneyByRaceSchema = z.object({
  period: z.object({
    season: z.number().int().nullable(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    label: z.string(),
  }),
  /** The seasons with payments, newest first (what the page offers). */
  seasons: z.array(z.number().int()),
  /** One row per race by date, then the money not tied to a race (event_id null), if any. */
  races: z.array(
    MoneyFiguresSchema.extend({ event_id: z.number().int().nullable(), race: z.string(), date: z.string().nullable() }),
  ),
  providers: z.array(MoneyFiguresSchema.extend({ provider: z.enum(PAYMENT_PROVIDERS) })),
  total: MoneyFiguresSchema,
});
export type MoneyByRace = z.infer<typeof MoneyByRaceSchema>;
export type MoneyRaceRow = MoneyByRace['races'][number];

/** The figures in pence as the API writes them. */
export function figuresOf(m: MoneyPence): MoneyFigures {
  return {
    entries_paid: m.entries,
    taken: formatPrice(m.taken),
    refunded_place_lost: formatPrice(m.refunded.place_lost),
    refunded_line_removed: formatPrice(m.refunded.line_removed),
    refunded_event_cancelled: formatPrice(m.refunded.event_cancelled),
    refunded_amount_mismatch: formatPrice(m.refunded.amount_mismatch),
    refunded_family: formatPrice(m.refunded.family),
    refunded_admin: formatPrice(m.refunded.admin),
    refunded_by_hand: formatPrice(m.byHand),
    refunded: formatPrice(refundedTotal(m)),
    fees_kept: formatPrice(m.feesKept),
    owed: formatPrice(m.owed),
    on_its_way: formatPrice(m.onItsWay),
    net: formatPrice(netOf(m)),
  };
}

export interface RaceName {
  name: string;
  date: string;
}

/** Races by date then name then id; the money not tied to a race last. */
function raceOrder(races: ReadonlyMap<number, RaceName>) {
  return (a: number | null, b: number | null) => {
    if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1;
    const ra = races.get(a);
    const rb = races.get(b);
    return (ra?.date ?? '').localeCompare(rb?.date ?? '') || (ra?.name ?? '').localeCompare(rb?.name ?? '') || a - b;
  };
}

/** The API's answer from the period's buckets and the names of their races. */
export function moneyByRaceRecord(
  buckets: readonly MoneyBucket[],
  races: ReadonlyMap<number, RaceName>,
  period: MoneyPeriod,
  seasons: number[],
): MoneyByRace {
  const perRace = byRace(buckets);
  const ids = [...perRace.keys()].sort(raceOrder(races));
  return {
    period: { ...period, label: periodLabel(period) },
    seasons,
    races: ids.map((id) => ({
      event_id: id,
      race: id === null ? MONEY_MSG.notTied : (races.get(id)?.name ?? `Race ${id}`),
      date: id === null ? null : (races.get(id)?.date ?? null),
      ...figuresOf(perRace.get(id) as MoneyPence),
    })),
    providers: byProvider(buckets).map((p) => ({ provider: p.provider, ...figuresOf(p.money) })),
    total: figuresOf(totalOf(buckets)),
  };
}

export const MONEY_CSV_HEADERS = [
  'Race',
  'Race date',
  'Provider',
  'Entries paid',
  'Money taken',
  ...REFUND_KINDS.map((k) => `Refunded: ${REFUND_KIND_LABEL[k].toLowerCase()}`),
  'Refunded by hand',
  'Refunded',
  'Fees kept',
  'Still owed (queue)',
  'On its way',
  'Net',
] as const;

/** A sum of money as a CSV cell: pounds with two decimals, as payments.csv writes them (a negative
 * sum, which should never be, as a number, so that the formula guard does not quote it). */
const cell = (pence: number) => (pence < 0 ? pence / 100 : formatPrice(pence));

function csvFigures(m: MoneyPence): (string | number)[] {
  return [
    m.entries,
    cell(m.taken),
    ...REFUND_KINDS.map((k) => cell(m.refunded[k])),
    cell(m.byHand),
    cell(refundedTotal(m)),
    cell(m.feesKept),
    cell(m.owed),
    cell(m.onItsWay),
    cell(netOf(m)),
  ];
}

/** The treasurer's CSV rows: one per race and provider (races by date, the money not tied to a
 * race last), then the total of them all (provider "all"). */
export function moneyCsvRows(
  buckets: readonly MoneyBucket[],
  races: ReadonlyMap<number, RaceName>,
): (string | number | null)[][] {
  const order = raceOrder(races);
  const sorted = [...buckets].sort(
    (a, b) =>
      order(a.eventId, b.eventId) || PAYMENT_PROVIDERS.indexOf(a.provider) - PAYMENT_PROVIDERS.indexOf(b.provider),
  );
  return [
    ...sorted.map((b) => [
      b.eventId === null ? MONEY_MSG.notTied : (races.get(b.eventId)?.name ?? `Race ${b.eventId}`),
      b.eventId === null ? '' : (races.get(b.eventId)?.date ?? ''),
      b.provider,
      ...csvFigures(b.money),
    ]),
    [MONEY_MSG.total, '', 'all', ...csvFigures(totalOf(buckets))],
  ];
}

import { and, asc, exists, gte, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { toCsv } from '../../domain/csv.ts';
import { LONDON, londonToday } from '../../domain/dates.ts';
import { londonMoment } from '../../domain/events/registration.ts';
import { moneyBuckets, type PaymentFacts } from '../../domain/payments/money-by-race.ts';
import {
  MONEY_CSV_HEADERS,
  type MoneyByRace,
  type MoneyPeriod,
  type MoneyQuery,
  moneyByRaceRecord,
  moneyCsvName,
  moneyCsvRows,
  periodOf,
  type RaceName,
} from '../../domain/payments/money-records.ts';
import type { AppContext } from '../context.ts';
import { events, paymentLines, payments, refunds } from '../db/schema.ts';

/**
 * Money by race (issue 35, the treasurer's view): the payments made in a period (London dates, by
 * when each was started, as payments.csv's Created column) with their lines and refunds, summed
 * by race and provider in domain/payments/money-by-race.ts. A payment's refunds count with it,
 * whenever they were made, as payments.csv counts them.
 */

/** The day after a London date (YYYY-MM-DD). */
function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The payments made in the period: from its first London midnight to the one after its last day. */
function inPeriod(period: MoneyPeriod): SQL | undefined {
  return and(
    period.from ? gte(payments.createdAt, londonMoment(period.from, '00:00')) : undefined,
    period.to ? lt(payments.createdAt, londonMoment(nextDay(period.to), '00:00')) : undefined,
  );
}

/** Those of them that moved money: settled, or taken by the provider all the same (an amount
 * mismatch), or refunded. */
function movedMoney(period: MoneyPeriod): SQL | undefined {
  return and(
    inPeriod(period),
    or(
      sql`${payments.status} = 'succeeded'`,
      isNotNull(payments.paidAmountPence),
      exists(sql`(select 1 from ${refunds} where ${refunds.paymentId} = ${payments.id})`),
    ),
  );
}

async function loadFacts(db: AppContext['db'], period: MoneyPeriod) {
  const ids = db.select({ id: payments.id }).from(payments).where(movedMoney(period));
  const [rows, lines, given] = await Promise.all([
    db
      .select({
        id: payments.id,
        userId: payments.userId,
        provider: payments.provider,
        status: payments.status,
        amountPence: payments.amountPence,
        paidAmountPence: payments.paidAmountPence,
      })
      .from(payments)
      .where(movedMoney(period))
      .orderBy(asc(payments.id)),
    db
      .select({
        id: paymentLines.id,
        paymentId: paymentLines.paymentId,
        eventId: paymentLines.eventId,
        pricePence: paymentLines.pricePence,
        refundId: paymentLines.refundId,
      })
      .from(paymentLines)
      .where(inArray(paymentLines.paymentId, ids))
      .orderBy(asc(paymentLines.id)),
    db
      .select({
        id: refunds.id,
        paymentId: refunds.paymentId,
        amountPence: refunds.amountPence,
        cause: refunds.cause,
        status: refunds.status,
        attempts: refunds.attempts,
        requestedBy: refunds.requestedBy,
      })
      .from(refunds)
      .where(inArray(refunds.paymentId, ids))
      .orderBy(asc(refunds.id)),
  ]);
  const facts = new Map<number, PaymentFacts>(
    rows.map((r) => [r.id, { ...r, lines: [], refunds: [] } satisfies PaymentFacts]),
  );
  for (const line of lines) facts.get(line.paymentId)?.lines.push(line);
  for (const refund of given) facts.get(refund.paymentId)?.refunds.push(refund);
  const buckets = moneyBuckets([...facts.values()]);
  const eventIds = [...new Set(buckets.flatMap((b) => (b.eventId === null ? [] : [b.eventId])))];
  const named = eventIds.length
    ? await db
        .select({ id: events.id, name: events.name, date: events.date })
        .from(events)
        .where(inArray(events.id, eventIds))
    : [];
  const races = new Map<number, RaceName>(named.map((e) => [e.id, { name: e.name, date: e.date }]));
  return { buckets, races };
}

/** The seasons (London years) in which payments were made, newest first. */
async function paymentSeasons(db: AppContext['db']): Promise<number[]> {
  const year = sql<number>`extract(year from ${payments.createdAt} at time zone ${LONDON})::int`;
  const rows = await db.selectDistinct({ year }).from(payments).orderBy(sql`1 desc`);
  return rows.map((r) => Number(r.year));
}

/** GET /admin/payments/money-by-race/: the period's figures by race, by provider and in total. */
export async function moneyByRace(ctx: AppContext, query: MoneyQuery): Promise<MoneyByRace> {
  const period = periodOf(query, londonToday(ctx.now()));
  const [{ buckets, races }, seasons] = await Promise.all([loadFacts(ctx.db, period), paymentSeasons(ctx.db)]);
  return moneyByRaceRecord(buckets, races, period, seasons);
}

/** GET /admin/payments/money-by-race/export-csv/: the treasurer's CSV (one row per race and
 * provider, then the total), formula-safe, and its file name. */
export async function moneyByRaceCsv(ctx: AppContext, query: MoneyQuery): Promise<{ name: string; csv: string }> {
  const period = periodOf(query, londonToday(ctx.now()));
  const { buckets, races } = await loadFacts(ctx.db, period);
  return { name: moneyCsvName(period), csv: toCsv(MONEY_CSV_HEADERS, moneyCsvRows(buckets, races)) };
}

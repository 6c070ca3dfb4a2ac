import { and, count, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import { toCsv } from '../../domain/csv.ts';
import { formatPrice } from '../../domain/money.ts';
import type { PaymentRecord } from '../../domain/payments/records.ts';
import type { AppContext } from '../context.ts';
import { paymentLines, payments, users } from '../db/schema.ts';

export const PAYMENT_FILTERS = ['all', 'succeeded', 'started', 'canceled', 'refunded'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];
export const PAYMENTS_PAGE_SIZE = 50;

function where(filter: { search: string; status: PaymentFilter }): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.status === 'refunded') parts.push(gt(payments.refundDuePence, 0));
  else if (filter.status !== 'all') parts.push(eq(payments.status, filter.status));
  const search = filter.search.trim();
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(
      or(
        ilike(payments.reference, like),
        ilike(users.username, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      ),
    );
  }
  return and(...parts);
}

function select(ctx: AppContext) {
  const lines = (state: 'booked' | 'lost') =>
    sql<number>`(select count(*)::int from ${paymentLines} where ${paymentLines.paymentId} = ${payments.id} and ${paymentLines.state} = ${state})`;
  return ctx.db
    .select({
      payment: payments,
      username: users.username,
      first: users.firstName,
      last: users.lastName,
      booked: lines('booked'),
      lost: lines('lost'),
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId));
}

function toRecord(r: Awaited<ReturnType<ReturnType<typeof select>['where']>>[number]): PaymentRecord {
  const p = r.payment;
  return {
    id: p.id,
    created_at: p.createdAt.toISOString(),
    settled_at: p.settledAt?.toISOString() ?? null,
    provider: p.provider,
    reference: p.reference ?? '',
    payer: `${r.first} ${r.last}`.trim(),
    username: r.username,
    amount: formatPrice(p.amountPence),
    refunded: formatPrice(p.refundedPence),
    refund_due: formatPrice(p.refundDuePence - p.refundedPence),
    net: formatPrice(p.status === 'succeeded' ? p.amountPence - p.refundedPence : 0),
    status: p.status,
    entries_booked: r.booked,
    entries_lost: r.lost,
  };
}

/** GET /admin/payments/: newest first, 50 a page, searched by reference, username or name. */
export async function listPayments(
  ctx: AppContext,
  filter: { search: string; status: PaymentFilter; page: number },
): Promise<{ count: number; results: PaymentRecord[] }> {
  const condition = where(filter);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(condition);
  const rows = await select(ctx)
    .where(condition)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(PAYMENTS_PAGE_SIZE)
    .offset((filter.page - 1) * PAYMENTS_PAGE_SIZE);
  return { count: total?.n ?? 0, results: rows.map(toRecord) };
}

export const PAYMENTS_CSV_HEADERS = [
  'Created',
  'Settled',
  'Provider',
  'Reference',
  'Payer',
  'Username',
  'Amount',
  'Refunded',
  'Refund due',
  'Net',
  'Status',
  'Entries booked',
  'Entries refunded',
] as const;

/** GET /admin/payments/export-csv/: every payment the filter selects, for reconciling against the
 * provider's payouts (formula-safe cells). */
export async function paymentsCsv(ctx: AppContext, filter: { search: string; status: PaymentFilter }): Promise<string> {
  const rows = (await select(ctx).where(where(filter)).orderBy(desc(payments.createdAt), desc(payments.id))).map(
    toRecord,
  );
  return toCsv(
    PAYMENTS_CSV_HEADERS,
    rows.map((r) => [
      r.created_at,
      r.settled_at ?? '',
      r.provider,
      r.reference,
      r.payer,
      r.username,
      r.amount,
      r.refunded,
      r.refund_due,
      r.net,
      r.status,
      r.entries_booked,
      r.entries_lost,
    ]),
  );
}

import { and, count, desc, eq, exists, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { toCsv } from '../../domain/csv.ts';
import { formatPrice } from '../../domain/money.ts';
import type { PaymentRecord } from '../../domain/payments/records.ts';
import { attentionLabel } from '../../domain/payments/trail.ts';
import type { AppContext } from '../context.ts';
import { paymentLines, payments, refunds, users } from '../db/schema.ts';

export const PAYMENT_FILTERS = ['all', 'succeeded', 'started', 'canceled', 'refunded'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];
export const PAYMENTS_PAGE_SIZE = 50;

export interface PaymentsFilter {
  search: string;
  status: PaymentFilter;
  /** Only the payments that need attention (`?attention=1`). */
  attention: boolean;
}

function where(filter: PaymentsFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.status === 'refunded') {
    parts.push(exists(sql`(select 1 from ${refunds} where ${refunds.paymentId} = ${payments.id})`));
  } else if (filter.status !== 'all') parts.push(eq(payments.status, filter.status));
  if (filter.attention) parts.push(isNotNull(payments.attention));
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

/** Payments that need attention first (the newest mark first), then the newest. */
const ORDER = [
  sql`(${payments.attention} is null)`,
  sql`${payments.attentionAt} desc nulls last`,
  desc(payments.createdAt),
  desc(payments.id),
] as const;

function select(db: AppContext['db']) {
  const lines = (state: 'booked' | 'lost') =>
    sql<number>`(select count(*)::int from ${paymentLines} where ${paymentLines.paymentId} = ${payments.id} and ${paymentLines.state} = ${state})`;
  const refunded = (done: boolean) =>
    sql<number>`(select coalesce(sum(${refunds.amountPence}), 0)::int from ${refunds} where ${refunds.paymentId} = ${payments.id} and ${done ? sql`${refunds.status} in ('succeeded', 'manual')` : sql`${refunds.status} not in ('succeeded', 'manual')`})`;
  return db
    .select({
      payment: payments,
      username: users.username,
      first: users.firstName,
      last: users.lastName,
      booked: lines('booked'),
      lost: lines('lost'),
      refundedPence: refunded(true),
      refundDuePence: refunded(false),
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId));
}

export type PaymentListRow = Awaited<ReturnType<ReturnType<typeof select>['where']>>[number];

/** One payment as the administrators' list and its detail show it. */
export async function paymentRecord(db: AppContext['db'], paymentId: number): Promise<PaymentRecord | null> {
  const [row] = await select(db).where(eq(payments.id, paymentId));
  return row ? toRecord(row) : null;
}

function toRecord(r: PaymentListRow): PaymentRecord {
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
    refunded: formatPrice(r.refundedPence),
    refund_due: formatPrice(r.refundDuePence),
    net: formatPrice(p.status === 'succeeded' ? p.amountPence - r.refundedPence : 0),
    status: p.status,
    entries_booked: r.booked,
    entries_lost: r.lost,
    attention: p.attention,
    attention_at: p.attentionAt?.toISOString() ?? null,
    paid_amount: p.paidAmountPence === null ? null : formatPrice(p.paidAmountPence),
    paid_currency: p.paidCurrency,
  };
}

/** GET /admin/payments/: those that need attention first, then newest first, 50 a page, searched
 * by reference, username or name. */
export async function listPayments(
  ctx: AppContext,
  filter: PaymentsFilter & { page: number },
): Promise<{ count: number; results: PaymentRecord[] }> {
  const condition = where(filter);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(condition);
  const rows = await select(ctx.db)
    .where(condition)
    .orderBy(...ORDER)
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
  'Needs attention',
  'Attention since',
  'Provider took',
] as const;

/** GET /admin/payments/export-csv/: every payment the filter selects, for reconciling against the
 * provider's payouts (formula-safe cells). */
export async function paymentsCsv(ctx: AppContext, filter: PaymentsFilter): Promise<string> {
  const rows = (
    await select(ctx.db)
      .where(where(filter))
      .orderBy(...ORDER)
  ).map(toRecord);
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
      r.attention ? attentionLabel(r.attention) : '',
      r.attention_at ?? '',
      r.paid_amount === null ? '' : `${r.paid_amount} ${r.paid_currency ?? ''}`.trim(),
    ]),
  );
}

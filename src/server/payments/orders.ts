import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatPrice } from '../../domain/money.ts';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import type { Order } from '../../domain/payments/records.ts';
import { refundProgress } from '../../domain/payments/refund-schedule.ts';
import type { AppContext } from '../context.ts';
import { events, paymentLines, payments, refunds, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { cancelOffer, refundsEnabled } from './cancel-entry.ts';
import type { PaymentRow } from './start.ts';

async function ordersOf(ctx: AppContext, rows: PaymentRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const { db } = ctx;
  const enabled = await refundsEnabled(ctx);
  const now = ctx.now();
  const lines = await db
    .select({
      id: paymentLines.id,
      paymentId: paymentLines.paymentId,
      event: {
        cancelUntil: events.cancelUntil,
        cancelUntilTime: events.cancelUntilTime,
        cancelFeePence: events.cancelFeePence,
        cancelledAt: events.cancelledAt,
        date: events.date,
      },
      refund: { id: refunds.id, status: refunds.status, attempts: refunds.attempts, pence: refunds.amountPence },
      product: paymentLines.eventId,
      product_name: events.name,
      product_event_date: events.date,
      participant: users.username,
      first: users.firstName,
      last: users.lastName,
      pence: paymentLines.pricePence,
      state: paymentLines.state,
    })
    .from(paymentLines)
    .innerJoin(events, eq(events.id, paymentLines.eventId))
    .innerJoin(users, eq(users.id, paymentLines.participantId))
    .leftJoin(refunds, eq(refunds.id, paymentLines.refundId))
    .where(
      inArray(
        paymentLines.paymentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(paymentLines.id));
  // what has gone back to the payer: the refunds the provider confirmed
  const given = await db
    .select({ paymentId: refunds.paymentId, pence: sql<number>`sum(${refunds.amountPence})::int` })
    .from(refunds)
    .where(
      and(
        inArray(
          refunds.paymentId,
          rows.map((r) => r.id),
        ),
        inArray(refunds.status, ['succeeded', 'manual']),
      ),
    )
    .groupBy(refunds.paymentId);
  // a refund of one line gives back its own amount (less a fee); of several, each line's price
  const linesOfRefund = new Map<number, number>();
  for (const l of lines) if (l.refund) linesOfRefund.set(l.refund.id, (linesOfRefund.get(l.refund.id) ?? 0) + 1);
  return rows.map((p) => ({
    reference: p.reference ?? '',
    provider: p.provider,
    status: p.status,
    amount: formatPrice(p.amountPence),
    refunded: formatPrice(given.find((g) => g.paymentId === p.id)?.pence ?? 0),
    created_at: p.createdAt.toISOString(),
    held_until: p.heldUntil.toISOString(),
    settled_at: p.settledAt?.toISOString() ?? null,
    lines: lines
      .filter((l) => l.paymentId === p.id)
      .map(({ paymentId: _, first, last, pence, event, refund, ...l }) => ({
        ...l,
        participant_name: `${first} ${last}`.trim(),
        amount: formatPrice(pence),
        cancel:
          p.status === 'succeeded' && l.state === 'booked' && !refund ? cancelOffer(enabled, event, pence, now) : null,
        // still an entry when its race was cancelled (one the family had cancelled keeps its own words)
        race_cancelled: event.cancelledAt !== null && l.state === 'booked',
        refund: refund
          ? {
              progress: refundProgress(refund),
              amount: formatPrice(linesOfRefund.get(refund.id) === 1 ? refund.pence : pence),
            }
          : null,
      })),
  }));
}

/** GET /payment/{reference}/: the user's own payment (anyone else's answers 404). */
export async function orderOf(ctx: AppContext, userId: number, reference: string): Promise<Order> {
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.reference, reference), eq(payments.userId, userId)));
  const [order] = await ordersOf(ctx, rows);
  if (!order) throw AppError.notFound(PAYMENT_MSG.notFound);
  return order;
}

/** GET /my-entries/: the user's completed orders, newest first. */
export async function myOrders(ctx: AppContext, userId: number): Promise<Order[]> {
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.settledAt))
    .limit(200);
  return ordersOf(ctx, rows);
}

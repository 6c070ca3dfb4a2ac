import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatPrice } from '../../domain/money.ts';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import type { PaymentTrail } from '../../domain/payments/trail.ts';
import type { AppContext } from '../context.ts';
import { events, paymentLines, paymentLog, refunds, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { paymentRecord } from './admin.ts';

const person = (first: string | null, last: string | null, username: string | null) =>
  username === null ? null : `${`${first ?? ''} ${last ?? ''}`.trim()} (${username})`;

/**
 * GET /admin/payments/{id}/ (issue 24): one payment's trail for the association: the payment as
 * the list shows it, its lines, every change of its state from the payment log (by time, then id:
 * two changes in one transaction share a time) and its refunds with who started them. 404 when
 * there is no such payment.
 */
export async function paymentTrail(ctx: AppContext, paymentId: number): Promise<PaymentTrail> {
  const payment = await paymentRecord(ctx.db, paymentId);
  if (!payment) throw AppError.notFound(PAYMENT_MSG.notFound);
  const participant = alias(users, 'participant');
  const [lines, log, given] = await Promise.all([
    ctx.db
      .select({
        product_name: events.name,
        participant: participant.username,
        first: participant.firstName,
        last: participant.lastName,
        pence: paymentLines.pricePence,
        state: paymentLines.state,
      })
      .from(paymentLines)
      .innerJoin(events, eq(events.id, paymentLines.eventId))
      .innerJoin(participant, eq(participant.id, paymentLines.participantId))
      .where(eq(paymentLines.paymentId, paymentId))
      .orderBy(asc(paymentLines.id)),
    ctx.db
      .select({ entry: paymentLog, first: users.firstName, last: users.lastName, username: users.username })
      .from(paymentLog)
      .leftJoin(users, eq(users.id, paymentLog.actorId))
      .where(eq(paymentLog.paymentId, paymentId))
      .orderBy(asc(paymentLog.at), asc(paymentLog.id)),
    ctx.db
      .select({ refund: refunds, first: users.firstName, last: users.lastName, username: users.username })
      .from(refunds)
      .leftJoin(users, eq(users.id, refunds.requestedBy))
      .where(eq(refunds.paymentId, paymentId))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  return {
    payment,
    lines: lines.map(({ first, last, pence, ...l }) => ({
      ...l,
      participant_name: `${first} ${last}`.trim(),
      amount: formatPrice(pence),
    })),
    log: log.map(({ entry, first, last, username }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      state: entry.state,
      cause: entry.cause,
      actor: person(first, last, username),
      provider_ids: entry.providerIds,
      detail: entry.detail,
    })),
    refunds: given.map(({ refund, first, last, username }) => ({
      id: refund.id,
      amount: formatPrice(refund.amountPence),
      cause: refund.cause,
      status: refund.status,
      provider_refund_id: refund.providerRefundId,
      requested_by: person(first, last, username),
      attempts: refund.attempts,
      last_error: refund.lastError,
      created_at: refund.createdAt.toISOString(),
      updated_at: refund.updatedAt.toISOString(),
    })),
  };
}

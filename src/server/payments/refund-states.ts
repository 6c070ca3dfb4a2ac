import { and, asc, eq, gte, inArray, lte, notInArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatPrice } from '../../domain/money.ts';
import type { QueuedRefund } from '../../domain/payments/records.ts';
import { isQueuedRefund, REFUND_TRIES } from '../../domain/payments/refund-schedule.ts';
import type { AppContext } from '../context.ts';
import { payments, refunds, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { logPayment } from './log.ts';
import type { RefundState } from './providers.ts';
import { refundError } from './refund-error.ts';
import { tellOfRefund } from './refund-mails.ts';

/**
 * A refund followed to its end (issue 27; docs/decisions/0052): the provider may accept a refund
 * and finish it later (a card refund in Stripe can be pending; PayPal's can be PENDING). Its
 * state arrives by Stripe's webhook (refund.updated, charge.refunded) or by the payments job
 * asking the provider (followPendingRefunds); each lands here once: a refund already succeeded or
 * refunded by hand never moves back, and each change is logged once.
 */
type RefundRow = typeof refunds.$inferSelect;
const DONE = ['succeeded', 'manual'] as const;

/** How long a pending refund waits between two looks at the provider. */
export const PENDING_LOOK_MS = 60_000;

export async function recordRefundState(
  ctx: AppContext,
  refund: Pick<RefundRow, 'id' | 'paymentId' | 'cause' | 'amountPence'>,
  outcome: { state: RefundState; reference?: string | null; reason?: string | null },
  cause: 'job' | 'webhook',
): Promise<boolean> {
  const now = ctx.now();
  const ids: Record<string, string> = outcome.reference ? { refund: outcome.reference } : {};
  const what = `${refund.cause}: ${refund.amountPence} pence`;
  return ctx.db.transaction(async (tx) => {
    const reference = outcome.reference ? { providerRefundId: outcome.reference } : {};
    if (outcome.state === 'succeeded') {
      // a refund the provider finished later (it was pending) is news the payer is told
      const [before] = await tx.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refund.id));
      const [marked] = await tx
        .update(refunds)
        .set({ status: 'succeeded', ...reference, lastError: null, updatedAt: now })
        .where(and(eq(refunds.id, refund.id), notInArray(refunds.status, [...DONE])))
        .returning({ id: refunds.id });
      if (marked) {
        await logPayment(tx, {
          paymentId: refund.paymentId,
          state: 'refund_succeeded',
          cause,
          providerIds: ids,
          detail: what,
        });
        if (before?.status === 'pending') await tellOfRefund(tx, refund, 'completed');
      }
      return Boolean(marked);
    }
    if (outcome.state === 'pending') {
      const [marked] = await tx
        .update(refunds)
        .set({ status: 'pending', ...reference, lastError: null, updatedAt: now })
        .where(and(eq(refunds.id, refund.id), inArray(refunds.status, ['requested', 'sending', 'failed'])))
        .returning({ id: refunds.id });
      if (marked) {
        await logPayment(tx, {
          paymentId: refund.paymentId,
          state: 'refund_requested',
          cause,
          providerIds: ids,
          detail: `${what}; accepted by the provider, pending`,
        });
      } else {
        // still pending: the next look comes a while later
        await tx
          .update(refunds)
          .set({ updatedAt: now })
          .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
      }
      return Boolean(marked);
    }
    const reason = outcome.reason ? refundError(outcome.reason) : 'the provider refused the refund';
    const [marked] = await tx
      .update(refunds)
      .set({ status: 'refused', ...reference, lastError: reason, updatedAt: now })
      .where(and(eq(refunds.id, refund.id), notInArray(refunds.status, [...DONE, 'refused'])))
      .returning({ id: refunds.id });
    if (marked) {
      await logPayment(tx, {
        paymentId: refund.paymentId,
        state: 'refund_failed',
        cause,
        providerIds: ids,
        detail: `${what}; refused by the provider (${reason}): to refund by hand`,
      });
      await tellOfRefund(tx, refund, 'refused');
    }
    return Boolean(marked);
  });
}

/** The payments job: asks the provider about each refund pending for a minute or more. */
export async function followPendingRefunds(ctx: AppContext, log: FastifyBaseLogger): Promise<number> {
  const due = await ctx.db
    .select({ refund: refunds, provider: payments.provider })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.status, 'pending'), lte(refunds.updatedAt, new Date(ctx.now().getTime() - PENDING_LOOK_MS))))
    .orderBy(asc(refunds.updatedAt))
    .limit(50);
  let changed = 0;
  for (const { refund, provider: name } of due) {
    const provider = ctx.payments.byName(name);
    if (!provider?.refundState || !refund.providerRefundId) continue;
    try {
      const now = await provider.refundState(refund.providerRefundId);
      if (await recordRefundState(ctx, refund, { ...now, reference: refund.providerRefundId }, 'job')) changed += 1;
    } catch (error) {
      log.warn(
        { refundId: refund.id, reason: refundError(error) },
        'could not ask the provider about a pending refund',
      );
    }
  }
  return changed;
}

/** The refunds waiting for an administrator (isQueuedRefund): refused by the provider, or failed
 * on every one of their tries. The site never sends these again. */
const queued = or(
  eq(refunds.status, 'refused'),
  and(eq(refunds.status, 'failed'), gte(refunds.attempts, REFUND_TRIES)),
);

/** The refunds waiting for an administrator: refused by the provider, or failed on every try. */
export async function refundQueue(ctx: AppContext): Promise<QueuedRefund[]> {
  const rows = await ctx.db
    .select({ refund: refunds, payment: payments, first: users.firstName, last: users.lastName, email: users.email })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(users, eq(users.id, payments.userId))
    .where(queued)
    .orderBy(asc(refunds.createdAt))
    .limit(200);
  return rows.map(({ refund, payment, first, last, email }) => ({
    id: refund.id,
    reference: payment.reference ?? '',
    provider: payment.provider,
    payer: `${first} ${last}`.trim(),
    email,
    amount: formatPrice(refund.amountPence),
    cause: refund.cause,
    status: refund.status as 'refused' | 'failed',
    attempts: refund.attempts,
    last_error: refund.lastError,
    created_at: refund.createdAt.toISOString(),
  }));
}

/** Why "Refunded by hand" is refused for a refund the site still sends or has made. */
export const BY_HAND_MSG = {
  notFound: 'There is no refund waiting to be made by hand with that id.',
  beingSent:
    'This refund is being sent by the site and cannot be marked as refunded by hand. It comes to this list if every try fails.',
  done: 'This refund has already been made.',
} as const;

/** An administrator refunded it outside the site (bank transfer, the provider's dashboard): it
 * leaves the queue and is never sent again. Only a queued row can be marked (one sender: a row the
 * site is sending, or will try again, is refused with a message saying so). */
export async function markRefundedByHand(
  ctx: AppContext,
  adminId: number,
  refundId: number,
): Promise<{ message: string }> {
  return ctx.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(refunds)
      .set({ status: 'manual', resolvedById: adminId, resolvedAt: ctx.now(), updatedAt: ctx.now() })
      .where(and(eq(refunds.id, refundId), queued))
      .returning();
    if (!marked) {
      const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
      if (!row) throw AppError.notFound(BY_HAND_MSG.notFound);
      if (row.status === 'succeeded' || row.status === 'manual') throw new AppError('CONFLICT', BY_HAND_MSG.done);
      if (!isQueuedRefund(row)) throw new AppError('CONFLICT', BY_HAND_MSG.beingSent);
      throw AppError.notFound(BY_HAND_MSG.notFound);
    }
    await logPayment(tx, {
      paymentId: marked.paymentId,
      state: 'refund_succeeded',
      cause: 'admin',
      actorId: adminId,
      detail: `${marked.cause}: ${marked.amountPence} pence; refunded by hand`,
    });
    return { message: 'Marked as refunded by hand.' };
  });
}

import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { payments, refunds } from '../db/schema.ts';
import { logPayment } from './log.ts';
import type { RefundState } from './providers.ts';
import { refundError } from './refund-error.ts';
import { recordRefundState } from './refund-states.ts';

export { refundError };

/** How long a failed refund waits before its next try, by the tries it has had: 1 min after the
 * first, 5 min after the second, 30 min after the third, then every 2 h, for as long as it takes
 * (money taken for nothing must go back; docs/decisions/0029). */
export const REFUND_RETRY_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;

/** The wait after `attempts` failed tries. */
export function refundRetryAfterMs(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), REFUND_RETRY_MS.length) - 1;
  return REFUND_RETRY_MS[index] ?? REFUND_RETRY_MS[3];
}

/** How many refunds one run sends at most (the next run takes the rest). */
const BATCH = 50;

/** The refunds due now: requested ones, and failed ones whose wait after their last try is over. */
function dueNow(now: Date) {
  const waited = sql`${refunds.updatedAt} + (case
      when ${refunds.attempts} <= 1 then ${REFUND_RETRY_MS[0]}::int
      when ${refunds.attempts} = 2 then ${REFUND_RETRY_MS[1]}::int
      when ${refunds.attempts} = 3 then ${REFUND_RETRY_MS[2]}::int
      else ${REFUND_RETRY_MS[3]}::int end) * interval '1 millisecond'`;
  return or(eq(refunds.status, 'requested'), and(eq(refunds.status, 'failed'), lte(waited, now)));
}

/**
 * Sends the requested refunds to their providers (issue 24): each `refunds` row in state requested,
 * or failed and due again (REFUND_RETRY_MS), is asked of the provider with the row's own
 * idempotency key, so a repeat (another instance, a crash before the row was marked) refunds once.
 * It is then marked succeeded (with the provider's refund id) or failed (one more attempt and a
 * short error), and the payment log says so (cause 'job', the provider's refund id). A row already
 * marked succeeded is never marked back. Returns how many succeeded and failed.
 */
export async function sendRequestedRefunds(
  ctx: AppContext,
  log: FastifyBaseLogger,
  only?: { paymentId: number },
): Promise<{ succeeded: number; failed: number }> {
  const due = await ctx.db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(dueNow(ctx.now()), only ? eq(refunds.paymentId, only.paymentId) : undefined))
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(BATCH);
  const done = { succeeded: 0, failed: 0 };
  for (const { refund, payment } of due) {
    const outcome = await sendOne(ctx, refund, payment);
    const now = ctx.now();
    if ('reference' in outcome) {
      // done, or accepted and pending (followed by the webhook or the job), or refused for good
      await recordRefundState(
        ctx,
        refund,
        { state: outcome.state, reference: outcome.reference, reason: outcome.reason },
        'job',
      );
      if (outcome.state === 'failed') done.failed += 1;
      else done.succeeded += 1;
    } else {
      await ctx.db.transaction(async (tx) => {
        const [marked] = await tx
          .update(refunds)
          .set({ status: 'failed', attempts: sql`${refunds.attempts} + 1`, lastError: outcome.error, updatedAt: now })
          .where(and(eq(refunds.id, refund.id), inArray(refunds.status, ['requested', 'failed'])))
          .returning({ attempts: refunds.attempts });
        if (!marked) return;
        await logPayment(tx, {
          paymentId: payment.id,
          state: 'refund_failed',
          cause: 'job',
          detail: `${refund.cause}: ${refund.amountPence} pence; try ${marked.attempts}: ${outcome.error}`,
        });
      });
      log.error({ paymentId: payment.id, refundId: refund.id, reason: outcome.error }, 'refund failed');
      done.failed += 1;
    }
  }
  return done;
}

/** Sends the requested refunds of one payment now (after the settlement that asked for them),
 * rather than waiting for the payments job. */
export function sendRefundsOf(
  ctx: AppContext,
  log: FastifyBaseLogger,
  paymentId: number,
): Promise<{ succeeded: number; failed: number }> {
  return sendRequestedRefunds(ctx, log, { paymentId });
}

async function sendOne(
  ctx: AppContext,
  refund: typeof refunds.$inferSelect,
  payment: typeof payments.$inferSelect,
): Promise<{ reference: string; state: RefundState; reason: string | null } | { error: string }> {
  const provider = ctx.payments.byName(payment.provider);
  if (!provider) return { error: `the ${payment.provider} provider is not configured` };
  if (!payment.reference) return { error: 'the payment has no provider reference' };
  try {
    const answer = await provider.refund({
      paymentId: payment.id,
      idempotencyKey: refund.idempotencyKey,
      reference: payment.reference,
      captureReference: payment.captureReference,
      amountPence: refund.amountPence,
    });
    return { reference: answer.reference, state: answer.state, reason: null };
  } catch (error) {
    return { error: refundError(error) };
  }
}

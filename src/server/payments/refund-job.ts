import { and, asc, eq, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { payments, refunds } from '../db/schema.ts';
import { logPayment } from './log.ts';

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

/** The longest last_error kept. */
const ERROR_LENGTH = 200;

/**
 * A failed call as a short message for refunds.last_error and the payment log: the provider's own
 * words or status, cut short, with anything shaped like a key or a token blanked out. Never the
 * request, its headers or the SDK's whole error.
 */
export function refundError(error: unknown): string {
  const status =
    typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number'
      ? `${error.statusCode}: `
      : '';
  const message = error instanceof Error ? error.message : String(error);
  const safe = `${status}${message}`
    .replace(/\b(sk|rk|pk|whsec|pi|seti)_[A-Za-z0-9_]*secret[A-Za-z0-9_]*/g, '[hidden]')
    .replace(/\b(sk|rk|whsec)_[A-Za-z0-9_]+/g, '[hidden]')
    .replace(/\b(Bearer|Basic)\s+\S+/gi, '$1 [hidden]')
    .replace(/[\r\n\t]+/g, ' ')
    .trim();
  return (safe || 'the provider refused the refund').slice(0, ERROR_LENGTH);
}

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
      await ctx.db.transaction(async (tx) => {
        const [marked] = await tx
          .update(refunds)
          .set({ status: 'succeeded', providerRefundId: outcome.reference, lastError: null, updatedAt: now })
          .where(and(eq(refunds.id, refund.id), ne(refunds.status, 'succeeded')))
          .returning({ id: refunds.id });
        if (!marked) return;
        await logPayment(tx, {
          paymentId: payment.id,
          state: 'refund_succeeded',
          cause: 'job',
          providerIds: outcome.reference ? { refund: outcome.reference } : {},
          detail: `${refund.cause}: ${refund.amountPence} pence`,
        });
      });
      done.succeeded += 1;
    } else {
      await ctx.db.transaction(async (tx) => {
        const [marked] = await tx
          .update(refunds)
          .set({ status: 'failed', attempts: sql`${refunds.attempts} + 1`, lastError: outcome.error, updatedAt: now })
          .where(and(eq(refunds.id, refund.id), ne(refunds.status, 'succeeded')))
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
): Promise<{ reference: string } | { error: string }> {
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
    return { reference: answer.reference };
  } catch (error) {
    return { error: refundError(error) };
  }
}

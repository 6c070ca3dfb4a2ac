import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { REFUND_RETRY_MS, REFUND_TRIES, refundRetryAfterMs } from '../../domain/payments/refund-schedule.ts';
import type { AppContext } from '../context.ts';
import { payments, refunds } from '../db/schema.ts';
import { logPayment } from './log.ts';
import type { RefundState } from './providers.ts';
import { refundError } from './refund-error.ts';
import { tellOfRefund } from './refund-mails.ts';
import { recordRefundState } from './refund-states.ts';

export { REFUND_RETRY_MS, REFUND_TRIES, refundError, refundRetryAfterMs };

/** How many refunds one run sends at most (the next run takes the rest). */
const BATCH = 50;

/** A claim older than this is a sender that died mid-call (a crash, a restart): the row is due
 * again, and that try counts. The provider's idempotency key makes the repeat refund once. */
export const SENDING_STALE_MS = 10 * 60_000;

/** The wait after a row's failed tries, in SQL (REFUND_RETRY_MS by tries). */
const waited = sql`${refunds.updatedAt} + (case
    when ${refunds.attempts} <= 1 then ${REFUND_RETRY_MS[0]}::int
    when ${refunds.attempts} = 2 then ${REFUND_RETRY_MS[1]}::int
    when ${refunds.attempts} = 3 then ${REFUND_RETRY_MS[2]}::int
    else ${REFUND_RETRY_MS[3]}::int end) * interval '1 millisecond'`;

/** The refunds due now: requested ones; failed ones with tries left whose wait is over; claims
 * left by a sender that died. A failed row with no tries left waits for an administrator. */
function dueNow(now: Date) {
  return or(
    eq(refunds.status, 'requested'),
    and(eq(refunds.status, 'failed'), lt(refunds.attempts, REFUND_TRIES), lte(waited, now)),
    and(eq(refunds.status, 'sending'), lte(refunds.updatedAt, new Date(now.getTime() - SENDING_STALE_MS))),
  );
}

type RefundRow = typeof refunds.$inferSelect;

/** Takes a due row for this sender (one conditional update): no other sender, and no
 * administrator's "Refunded by hand", can act on it while it is claimed. A stale claim taken
 * again counts as a try. Null when someone else took it first. */
async function claim(ctx: AppContext, refund: RefundRow): Promise<RefundRow | null> {
  const now = ctx.now();
  const [claimed] = await ctx.db
    .update(refunds)
    .set({
      status: 'sending',
      attempts: sql`${refunds.attempts} + (case when ${refunds.status} = 'sending' then 1 else 0 end)`,
      updatedAt: now,
    })
    .where(and(eq(refunds.id, refund.id), dueNow(now)))
    .returning();
  return claimed ?? null;
}

/**
 * Sends the due refunds to their providers (issues 24 and 35; docs/decisions/0052, 0055): each row
 * is claimed, then asked of the provider with the row's own idempotency key, so a repeat (another
 * instance, a crash before the row was marked) refunds once. It is then marked succeeded, pending
 * or refused (refund-states.ts), or failed (one more try and a short error). After REFUND_TRIES
 * failed tries it waits in the queue of refunds to make by hand, the payer is told, and the site
 * never sends it again. Returns how many went through and how many failed.
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
  for (const { refund: seen, payment } of due) {
    const refund = await claim(ctx, seen);
    if (!refund) continue;
    const outcome = await sendOne(ctx, refund, payment);
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
      await failedTry(ctx, refund, outcome.error);
      log.error({ paymentId: payment.id, refundId: refund.id, reason: outcome.error }, 'refund failed');
      done.failed += 1;
    }
  }
  return done;
}

/** A try that failed: one more try counted; the last one sends the row to the queue. */
async function failedTry(ctx: AppContext, refund: RefundRow, error: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(refunds)
      .set({ status: 'failed', attempts: sql`${refunds.attempts} + 1`, lastError: error, updatedAt: ctx.now() })
      .where(and(eq(refunds.id, refund.id), inArray(refunds.status, ['sending'])))
      .returning();
    if (!marked) return;
    const last = marked.attempts >= REFUND_TRIES;
    await logPayment(tx, {
      paymentId: refund.paymentId,
      state: 'refund_failed',
      cause: 'job',
      detail: `${refund.cause}: ${refund.amountPence} pence; try ${marked.attempts}: ${error}${last ? '; no tries left: to refund by hand' : ''}`,
    });
    if (last) await tellOfRefund(tx, marked, 'refused');
  });
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

/** After the commit that asked for them: the payment's refunds sent now, best effort (a failure is
 * logged; the payments job tries again on its schedule). */
export async function sendRefundsSoon(ctx: AppContext, log: FastifyBaseLogger, paymentId: number): Promise<void> {
  await sendRefundsOf(ctx, log, paymentId).catch((error: unknown) =>
    log.error({ err: error, paymentId }, 'refund not sent at once; the payments job retries it'),
  );
}

async function sendOne(
  ctx: AppContext,
  refund: RefundRow,
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

import { and, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { paymentLines, payments } from '../db/schema.ts';
import { dropPublicCacheSoon } from '../plugins/public-cache.ts';
import { sendRequestedRefunds } from './refund-job.ts';
import { releasePayment } from './start.ts';

/** How often the payments job runs. */
export const PAYMENT_JOB_MS = 30_000;

/**
 * The payments job (issue 9): releases the places of payments whose hold lapsed (then drops the
 * public cache, so the events show the places again) and sends the requested refunds, retrying
 * failed ones after their back-off (refund-job.ts). A place
 * taker that finds an event full releases that event's lapsed holds itself, so nothing waits on
 * this job to be right; it keeps the public figures current.
 */
export async function runPaymentJobs(ctx: AppContext, log: FastifyBaseLogger): Promise<{ released: number }> {
  const now = ctx.now();
  const lapsed = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.status, 'started'),
        lte(payments.heldUntil, now),
        inArray(
          payments.id,
          ctx.db.select({ id: paymentLines.paymentId }).from(paymentLines).where(eq(paymentLines.state, 'held')),
        ),
      ),
    )
    .limit(500);
  let released = 0;
  for (const { id } of lapsed) released += await releasePayment(ctx, id, 'lapse');
  if (released > 0) {
    log.info({ released }, 'lapsed payment holds released');
    await dropPublicCacheSoon(ctx);
  }
  await sendRequestedRefunds(ctx, log);
  return { released };
}

/** Runs the job every PAYMENT_JOB_MS until stopped; a failed run is logged and the next one tries
 * again. */
export function schedulePaymentJobs(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runPaymentJobs(ctx, log)
      .catch((error: unknown) => log.error({ err: { message: String(error) } }, 'payments job failed'))
      .finally(() => {
        running = false;
      });
  }, PAYMENT_JOB_MS);
  timer.unref();
  return () => clearInterval(timer);
}

import { and, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { removeExpiredRecordsHourly } from '../accounts/retention.ts';
import type { AppContext } from '../context.ts';
import { firstRow } from '../db/pg-errors.ts';
import { pruneLimits } from '../db/rate-limits.ts';
import { events, paymentLines } from '../db/schema.ts';
import { followWaitingLists, listHeldSql } from '../places/waiting-list.ts';
import { dropPublicCacheSoon } from '../plugins/public-cache.ts';
import { sendRequestedRefunds } from './refund-job.ts';
import { followPendingRefunds } from './refund-states.ts';
import { releasePayment } from './release.ts';
import { queueMissingReceipts } from './settle.ts';

/** How often the payments job runs. */
export const PAYMENT_JOB_MS = 30_000;

/**
 * The payments job (issue 9, issue 24): releases the places whose hold lapsed (each line's own
 * hold end, whatever became of its payment; then drops the public cache, so the events show the
 * places again) and reconciles the events' place counters with the bookings and held lines. A
 * place taker that finds an event full releases that event's lapsed holds itself, so nothing
 * waits on this job to be right; it keeps the public figures current. Refunds are rows of their
 * own (refunds.ts): this job sends those requested and retries failed ones after their back-off
 * (refund-job.ts), follows the waiting lists (offers ended, lists closed: places/waiting-list.ts),
 * queues receipts a stop kept from the outbox, prunes the shared rate
 * limits' ended windows, and once an hour removes deleted accounts' records past their retention.
 */
export async function runPaymentJobs(
  ctx: AppContext,
  log: FastifyBaseLogger,
): Promise<{ released: number; repaired: number }> {
  const now = ctx.now();
  const lapsed = await ctx.db
    .selectDistinct({ id: paymentLines.paymentId })
    .from(paymentLines)
    .where(and(eq(paymentLines.state, 'held'), lte(paymentLines.heldUntil, now)))
    .limit(500);
  let released = 0;
  for (const { id } of lapsed) released += await releasePayment(ctx, id, 'lapse');
  if (released > 0) log.info({ released }, 'lapsed payment holds released');
  // the waiting lists: offers ended, lists closed, kept places back to open sale near the close
  const lists = await followWaitingLists(ctx.db, now);
  const repaired = await reconcilePlaces(ctx, log);
  if (released > 0 || repaired > 0 || lists > 0) await dropPublicCacheSoon(ctx);
  await sendRequestedRefunds(ctx, log);
  await followPendingRefunds(ctx, log);
  await queueMissingReceipts(ctx, log);
  await pruneLimits(ctx);
  await removeExpiredRecordsHourly(ctx, log);
  return { released, repaired };
}

/**
 * Puts the events' `booked` and `held` counters back in line with their bookings and held payment
 * lines, logging each repair at warn with the event and the counts before and after. A first
 * unlocked look finds the candidates; each is then counted again under the event's row lock (every
 * writer of the counters holds it while it writes the rows they count), so a writer's change in
 * flight is never taken for drift. A recount the CHECK would refuse (more taken than the quantity)
 * is logged as an error and left for a person. Returns how many events were repaired.
 */
export async function reconcilePlaces(ctx: AppContext, log: FastifyBaseLogger): Promise<number> {
  const counted = sql`(select count(*)::int from bookings b where b.event_id = events.id)`;
  // held: the payment lines holding a place, and the places the race's waiting list holds
  const held = sql`((select count(*)::int from payment_lines pl where pl.event_id = events.id and pl.state = 'held') + ${listHeldSql(sql`events.id`)})`;
  const suspects = await ctx.db
    .select({ id: events.id })
    .from(events)
    .where(sql`${events.booked} <> ${counted} or ${events.held} <> ${held}`)
    .limit(500);
  let repaired = 0;
  for (const { id } of suspects) {
    const fixed = await ctx.db.transaction(async (tx) => {
      const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update');
      if (!event) return false;
      const row = firstRow<{ booked: number; held: number }>(
        await tx.execute(sql`select
          (select count(*)::int from bookings b where b.event_id = ${id}) as booked,
          (select count(*)::int from payment_lines pl where pl.event_id = ${id} and pl.state = 'held')
            + ${listHeldSql(sql`${id}::int`)} as held`),
      );
      if (!row) return false;
      const after = { booked: Number(row.booked), held: Number(row.held) };
      if (after.booked === event.booked && after.held === event.held) return false;
      const before = { booked: event.booked, held: event.held };
      if (after.booked + after.held > event.quantity) {
        log.error(
          { eventId: id, before, after, quantity: event.quantity },
          'event places exceed the quantity: not repaired',
        );
        return false;
      }
      await tx.update(events).set(after).where(eq(events.id, id));
      log.warn({ eventId: id, before, after }, 'event place counters drifted: repaired');
      return true;
    });
    if (fixed) repaired += 1;
  }
  return repaired;
}

/** Runs the job once at once (holds that lapsed while the process was down go back now, not a
 * period later) and then every PAYMENT_JOB_MS until stopped; a failed run is logged and the next
 * one tries again. `first` settles when the first run has ended. */
export function schedulePaymentJobs(
  ctx: AppContext,
  log: FastifyBaseLogger,
): { stop: () => Promise<void>; first: Promise<void> } {
  let current: Promise<void> | null = null;
  let stopped = false;
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    current ??= runPaymentJobs(ctx, log)
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'payments job failed'))
      .finally(() => {
        current = null;
      });
    return current;
  };
  const first = new Promise<void>((resolve) => setImmediate(() => void run().then(resolve)));
  const timer = setInterval(() => void run(), PAYMENT_JOB_MS);
  timer.unref();
  // closing waits for a run under way, so the database is never closed beneath it
  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    await current;
  };
  return { stop, first };
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { displayPrice, formatPrice, parsePrice } from '../../domain/money.ts';
import {
  CANCEL_MSG,
  type CancelTerms,
  type CancelTermsInput,
  cancellationRefund,
  cancelRefusal,
  termsAgainstRace,
} from '../../domain/payments/cancellation.ts';
import type { AppContext } from '../context.ts';
import { bookings, events, paymentLines, payments, siteSettings, users } from '../db/schema.ts';
import { AppError, fieldErrors } from '../errors.ts';
import { nudgeMail } from '../mail/nudge.ts';
import { removeBookingIn } from '../people/booked-participants.ts';
import { giveFreedPlaces } from '../places/waiting-list.ts';
import { dropPublicCacheSoon, invalidatePublicCache } from '../plugins/public-cache.ts';
import { installationId } from './installation.ts';
import { logPayment } from './log.ts';
import { sendRefundsSoon } from './refund-job.ts';
import { tellOfRefund } from './refund-mails.ts';
import { requestRefund } from './refunds.ts';
import { refundKey } from './settle.ts';

/**
 * Cancelling one entry with its refund (issue 27; docs/decisions/0051): the association's switch
 * (off by default), a race's terms, and a parent's cancellation of one paid entry.
 */
const SETTING = 'refund_settings';

/** Whether refunds through the site are on (the association's setting). */
export async function refundsEnabled(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.key, SETTING));
  return (row?.value as { enabled?: boolean } | undefined)?.enabled === true;
}

export async function setRefundsEnabled(
  ctx: AppContext,
  enabled: boolean,
): Promise<{ enabled: boolean; message: string }> {
  const value = { enabled };
  await ctx.db
    .insert(siteSettings)
    .values({ key: SETTING, value, updatedAt: ctx.now() })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: ctx.now() } });
  return { enabled, message: CANCEL_MSG.settingsSaved(enabled) };
}

/** A race's terms as the API gives them. */
export function termsOf(row: typeof events.$inferSelect): CancelTerms {
  return {
    cancel_until: row.cancelUntil,
    cancel_until_time: row.cancelUntil ? (row.cancelUntilTime ?? null) : null,
    cancel_fee: formatPrice(row.cancelFeePence),
  };
}

/** PUT /products/{id}/cancellation/: an administrator sets a race's terms: a deadline at most the
 * race's date, a fee at most its price (each refusal on its field). */
export async function setCancelTerms(ctx: AppContext, eventId: number, input: CancelTermsInput): Promise<CancelTerms> {
  const [race] = await ctx.db
    .select({ date: events.date, pricePence: events.pricePence })
    .from(events)
    .where(eq(events.id, eventId));
  if (!race) throw AppError.notFound('Event not found.');
  const refusals = termsAgainstRace(input, race);
  if (refusals.length > 0) {
    const fields = fieldErrors();
    for (const r of refusals) fields[r.field] = [r.message];
    throw AppError.validation(fields);
  }
  const until = input.cancel_until || null;
  const [row] = await ctx.db
    .update(events)
    .set({
      cancelUntil: until,
      cancelUntilTime: until ? input.cancel_until_time || null : null,
      cancelFeePence: parsePrice(input.cancel_fee || '0') ?? 0,
      updatedAt: ctx.now(),
    })
    .where(eq(events.id, eventId))
    .returning();
  if (!row) throw AppError.notFound('Event not found.');
  await invalidatePublicCache(ctx);
  return termsOf(row);
}

/** What a parent may do with a paid entry now: the refund and the fee, or why not. */
export function cancelOffer(
  enabled: boolean,
  event: Pick<
    typeof events.$inferSelect,
    'cancelUntil' | 'cancelUntilTime' | 'cancelFeePence' | 'cancelledAt' | 'date'
  >,
  paidPence: number,
  now: Date,
): { refund: string; fee: string } | null {
  if (event.cancelledAt || cancelRefusal(enabled, event, now)) return null;
  return {
    refund: formatPrice(cancellationRefund(paidPence, event.cancelFeePence)),
    fee: formatPrice(event.cancelFeePence),
  };
}

/**
 * POST /my-entries/lines/{id}/cancel/: the payer cancels one entry of a paid order. In one
 * transaction under the event's row lock: the entry's booking goes, its place is freed, the line
 * is released, and a refund of what was paid less the race's fee is asked for with a key that names
 * the line (a second request at once finds no booking, and a retry refunds once). The refund is
 * then sent at once; the payments job retries it if the provider does not answer.
 */
export async function cancelEntry(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
  lineId: number,
): Promise<{ message: string; refund: string }> {
  const enabled = await refundsEnabled(ctx);
  const installation = await installationId(ctx);
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ line: paymentLines, payment: payments, first: users.firstName, last: users.lastName })
      .from(paymentLines)
      .innerJoin(payments, eq(payments.id, paymentLines.paymentId))
      .innerJoin(users, eq(users.id, paymentLines.participantId))
      .where(and(eq(paymentLines.id, lineId), eq(payments.userId, userId)));
    if (found?.line.state !== 'booked' || found.line.bookingId === null) {
      throw AppError.notFound(CANCEL_MSG.notFound);
    }
    const { line, payment } = found;
    // the event's row first, as every writer of its places does
    const [event] = await tx.select().from(events).where(eq(events.id, line.eventId)).for('update');
    if (!event) throw AppError.notFound(CANCEL_MSG.notFound);
    const refusal = event.cancelledAt ? CANCEL_MSG.raceCancelled : cancelRefusal(enabled, event, now);
    if (refusal) throw new AppError('CONFLICT', refusal);
    const gone = await tx
      .delete(bookings)
      .where(eq(bookings.id, line.bookingId as number))
      .returning({ id: bookings.id });
    if (gone.length === 0) throw AppError.notFound(CANCEL_MSG.notFound);
    await tx
      .update(events)
      .set({ booked: sql`greatest(${events.booked} - 1, 0)` })
      .where(eq(events.id, event.id));
    await tx.update(paymentLines).set({ state: 'released' }).where(eq(paymentLines.id, line.id));
    // the freed place goes to the race's waiting list first (places/waiting-list.ts)
    await giveFreedPlaces(tx, event.id, now);
    const name = `${found.first} ${found.last}`.trim();
    await logPayment(tx, {
      paymentId: payment.id,
      state: 'released',
      cause: 'user',
      actorId: userId,
      detail: `${event.name}: ${name} (entry cancelled by the payer)`,
    });
    const refundPence = cancellationRefund(line.pricePence, event.cancelFeePence);
    if (refundPence > 0) {
      const refund = await requestRefund(tx, {
        paymentId: payment.id,
        amountPence: refundPence,
        cause: 'requested',
        lineIds: [line.id],
        requestedBy: userId,
        logCause: 'user',
        idempotencyKey: refundKey(installation, payment.id, 'cancel', [line.id]),
        detail: `cancelled entry: ${refundPence} pence (fee ${event.cancelFeePence} pence)`,
      });
      // refunded already under another cause: nothing of this cancellation stands
      if (!refund) throw new AppError('CONFLICT', CANCEL_MSG.alreadyRefunded);
      await tellOfRefund(tx, refund, 'on-its-way');
    }
    return { paymentId: payment.id, refundPence, message: CANCEL_MSG.cancelled(name, event.name, refundPence) };
  });
  await dropPublicCacheSoon(ctx);
  nudgeMail(ctx);
  if (done.refundPence > 0) {
    await sendRefundsSoon(ctx, log, done.paymentId);
  }
  return { message: done.message, refund: formatPrice(done.refundPence) };
}

/**
 * POST /bookings/{id}/remove-with-refund/: an administrator removes a participant and refunds in
 * full what a card or wallet payment paid for the entry (issue 27; only while refunds through the
 * site are on). The booking goes as Remove takes it (people/booked-participants.ts), in the same
 * transaction as the refund row, whose key names the line: a second request finds no booking.
 */
export async function removeWithRefund(
  ctx: AppContext,
  log: FastifyBaseLogger,
  adminId: number,
  bookingId: number,
): Promise<{ message: string; refund: string }> {
  if (!(await refundsEnabled(ctx))) throw new AppError('CONFLICT', CANCEL_MSG.off);
  const installation = await installationId(ctx);
  const done = await ctx.db.transaction(async (tx) => {
    const [line] = await tx
      .select({ id: paymentLines.id })
      .from(paymentLines)
      .where(and(eq(paymentLines.bookingId, bookingId), eq(paymentLines.state, 'booked')));
    const removed = await removeBookingIn(tx, bookingId, ctx.now(), adminId);
    const [paid] = line
      ? await tx
          .update(paymentLines)
          .set({ state: 'released' })
          .where(and(eq(paymentLines.id, line.id), isNull(paymentLines.refundId)))
          .returning()
      : [];
    const [payment] = paid ? await tx.select().from(payments).where(eq(payments.id, paid.paymentId)) : [];
    if (!paid || payment?.status !== 'succeeded' || paid.pricePence <= 0) {
      return { message: removed.message, paymentId: null, refundPence: 0 };
    }
    const refund = await requestRefund(tx, {
      paymentId: payment.id,
      amountPence: paid.pricePence,
      cause: 'requested',
      lineIds: [paid.id],
      requestedBy: adminId,
      logCause: 'admin',
      idempotencyKey: refundKey(installation, payment.id, 'removed', [paid.id]),
      detail: `removed by an administrator: ${paid.pricePence} pence`,
    });
    if (!refund) return { message: removed.message, paymentId: null, refundPence: 0 };
    await tellOfRefund(tx, refund, 'on-its-way');
    return {
      message: `${removed.message} ${displayPrice(paid.pricePence)} will be refunded to the payer.`,
      paymentId: payment.id,
      refundPence: paid.pricePence,
    };
  });
  await invalidatePublicCache(ctx);
  nudgeMail(ctx);
  if (done.paymentId !== null) {
    const paymentId = done.paymentId;
    await sendRefundsSoon(ctx, log, paymentId);
  }
  return { message: done.message, refund: formatPrice(done.refundPence) };
}

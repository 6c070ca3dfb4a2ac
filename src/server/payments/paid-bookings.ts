import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatPrice } from '../../domain/money.ts';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import type { BookingResult } from '../../domain/payments/records.ts';
import type { AppContext } from '../context.ts';
import { events, payments } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { installationId } from './installation.ts';
import { markAmountMismatch, paidAnotherAmount } from './mismatch.ts';
import { confirms, paymentWithLines, type Settlement, settlePayment } from './settle.ts';

/**
 * POST /bookings/ with a payment reference (decisions.md: a paid booking only against a confirmed
 * payment). The payment must be the user's own (another's answers 404, as no one's), cover every
 * line asked for, and be confirmed by its provider now (paid, this amount, this payment); then it
 * is settled, or, when the webhook settled it first, its settlement is answered again. Nothing is
 * booked on any refusal.
 */
export async function bookPaidLines(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
  reference: string,
  lines: { product: number; participant: string }[],
): Promise<BookingResult> {
  const found = await paymentWithLines(ctx.db, eq(payments.reference, reference));
  if (!found || found.payment.userId !== userId) throw AppError.notFound(PAYMENT_MSG.notFound);
  const { payment } = found;
  for (const line of lines) {
    const match = found.lines.find(
      (c) => c.product === line.product && c.participant.toLowerCase() === line.participant.toLowerCase(),
    );
    if (!match) {
      const [event] = await ctx.db.select({ name: events.name }).from(events).where(eq(events.id, line.product));
      throw new AppError('CONFLICT', PAYMENT_MSG.notCovered(line.participant, event?.name ?? `event ${line.product}`));
    }
  }
  let settlement: Settlement;
  if (payment.attention === 'amount_mismatch') throw new AppError('CONFLICT', PAYMENT_MSG.amountMismatch);
  if (payment.settledAt) {
    // settled already (the webhook came first): its lines as they stand
    settlement = { ...found, already: true };
  } else {
    const provider = ctx.payments.byName(payment.provider);
    if (!provider) throw new AppError('NOT_CONFIGURED', PAYMENT_MSG.notConfigured);
    let check: Awaited<ReturnType<typeof provider.check>>;
    try {
      check = await provider.check(reference);
    } catch (error) {
      log.error(
        { paymentId: payment.id, err: { message: String((error as Error)?.message ?? error) } },
        'payment check failed',
      );
      throw new AppError('PROVIDER_FAILED', PAYMENT_MSG.providerFailed);
    }
    const installation = await installationId(ctx);
    if (paidAnotherAmount(check, payment, installation)) {
      await markAmountMismatch(ctx, log, payment.id, check, 'user');
      throw new AppError('CONFLICT', PAYMENT_MSG.amountMismatch);
    }
    if (!confirms(check, payment, installation)) throw new AppError('CONFLICT', PAYMENT_MSG.notPaid);
    settlement = await settlePayment(ctx, log, payment.id, check);
  }
  return bookingResult(settlement, lines);
}

/** The settlement as POST /bookings/ answers it: the lines asked for, booked or lost. */
export function bookingResult(
  settlement: Settlement,
  asked?: { product: number; participant: string }[],
): BookingResult {
  const wanted = (l: Settlement['lines'][number]) =>
    !asked || asked.some((a) => a.product === l.product && a.participant.toLowerCase() === l.participant.toLowerCase());
  const lines = settlement.lines.filter(wanted);
  return {
    booked: lines
      .filter((l) => l.state === 'booked' && l.booking_id !== null)
      .map((l) => ({
        id: l.booking_id ?? 0,
        product: l.product,
        participant: l.participant,
        participant_name: l.participant_name,
        product_name: l.product_name,
      })),
    errors: lines
      .filter((l) => l.state === 'lost')
      .map((l) => ({
        product: l.product,
        participant: l.participant,
        error: PAYMENT_MSG.lost(l.participant_name, l.product_name, l.refund_cause),
      })),
    payment: {
      reference: settlement.payment.reference ?? '',
      provider: settlement.payment.provider,
      amount: formatPrice(settlement.payment.amountPence),
      // what the lines that could not be booked give back (a refund row each settlement asks for)
      refunded: formatPrice(settlement.lines.filter((l) => l.state === 'lost').reduce((s, l) => s + l.amount_pence, 0)),
    },
  };
}

/** A booking answer where nothing was booked is a refusal: 409 with each line's reason. */
export function refuseIfNothingBooked(result: BookingResult): BookingResult {
  if (result.booked.length === 0 && result.errors.length > 0) {
    const messages = result.errors.map((e) => e.error);
    throw new AppError('CONFLICT', messages.join(' '), { bookings: messages });
  }
  return result;
}

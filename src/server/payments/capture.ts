import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import type { BookingResult } from '../../domain/payments/records.ts';
import type { AppContext } from '../context.ts';
import { payments } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { installationId } from './installation.ts';
import { markAmountMismatch, paidAnotherAmount } from './mismatch.ts';
import { bookingResult, refuseIfNothingBooked } from './paid-bookings.ts';
import { confirms, settlePayment } from './settle.ts';

/**
 * POST /payment/paypal/orders/{id}/capture/: the payer approved the order in PayPal's window; the
 * server captures it (once, whatever the retries) and books its lines as any confirmed payment.
 * A capture PayPal refuses books nothing and keeps the cart and the hold, so the payer can try
 * again.
 */
export async function captureWalletOrder(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
  orderId: string,
): Promise<BookingResult> {
  const provider = ctx.payments.wallet;
  if (!provider?.capture) throw new AppError('NOT_CONFIGURED', PAYMENT_MSG.notConfigured);
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.reference, orderId)));
  if (!payment || payment.userId !== userId) throw AppError.notFound(PAYMENT_MSG.notFound);
  if (payment.attention === 'amount_mismatch') throw new AppError('CONFLICT', PAYMENT_MSG.amountMismatch);
  if (payment.settledAt) return refuseIfNothingBooked(bookingResult(await settlePayment(ctx, log, payment.id, null)));
  const outcome = await provider.capture(orderId, payment.id).catch((error: unknown) => ({
    captured: false,
    reason: String((error as Error)?.message ?? error),
  }));
  if (!outcome.captured) {
    log.warn({ paymentId: payment.id, reason: outcome.reason }, 'wallet capture failed');
    throw new AppError('PAYMENT_DECLINED', PAYMENT_MSG.captureFailed);
  }
  const check = await provider.check(orderId).catch((error: unknown) => {
    log.error({ paymentId: payment.id, err: { message: String(error) } }, 'wallet order check failed');
    throw new AppError('PROVIDER_FAILED', PAYMENT_MSG.providerFailed);
  });
  const installation = await installationId(ctx);
  if (paidAnotherAmount(check, payment, installation)) {
    await markAmountMismatch(ctx, log, payment.id, check, 'user');
    throw new AppError('CONFLICT', PAYMENT_MSG.amountMismatch);
  }
  if (!confirms(check, payment, installation)) throw new AppError('CONFLICT', PAYMENT_MSG.notPaid);
  return refuseIfNothingBooked(bookingResult(await settlePayment(ctx, log, payment.id, check)));
}

import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  DEMO_DECLINED_CARD,
  DEMO_REFUND_REFUSED_CARD,
  DEMO_REFUND_UNSENT_CARD,
  PAYMENT_MSG,
} from '../../domain/payments/index.ts';
import type { AppContext } from '../context.ts';
import { payments } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { DEMO_REFUNDS_REFUSED, DEMO_REFUNDS_UNSENT } from './demo.ts';
import { settlePayment } from './settle.ts';

/**
 * The demo card form's "Pay" (never in production: the route answers 404 there). Sixteen digits
 * pay, except Stripe's test number for a declined card, which is declined and changes nothing.
 * Paying settles the payment at once, as the provider's webhook would; the client's booking call
 * then finds it settled.
 */
export async function completeDemoPayment(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
  reference: string,
  cardNumber: string,
): Promise<{ status: 'succeeded'; payment_reference: string }> {
  const demo = ctx.payments.byName('demo');
  if (!ctx.config.payments.demo || !demo) throw AppError.notFound(PAYMENT_MSG.demoOnly);
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'demo'), eq(payments.reference, reference)));
  if (!payment || payment.userId !== userId) throw AppError.notFound(PAYMENT_MSG.notFound);
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{16}$/.test(digits)) throw AppError.validation({ card_number: [PAYMENT_MSG.cardNumber] });
  if (digits === DEMO_DECLINED_CARD) throw new AppError('PAYMENT_DECLINED', PAYMENT_MSG.declined);
  if (!payment.settledAt) {
    await ctx.db.update(payments).set({ providerStatus: 'succeeded' }).where(eq(payments.id, payment.id));
    await settlePayment(ctx, log, payment.id, await demo.check(reference));
    // the card whose refunds are refused (DEMO_REFUND_REFUSED_CARD) is remembered on the demo's own
    // row, after the settlement (which writes the provider's status)
    const refunds =
      digits === DEMO_REFUND_REFUSED_CARD
        ? DEMO_REFUNDS_REFUSED
        : digits === DEMO_REFUND_UNSENT_CARD
          ? DEMO_REFUNDS_UNSENT
          : null;
    if (refunds) await ctx.db.update(payments).set({ providerStatus: refunds }).where(eq(payments.id, payment.id));
  }
  return { status: 'succeeded', payment_reference: reference };
}

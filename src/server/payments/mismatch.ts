import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { paymentLines, payments, users } from '../db/schema.ts';
import { queueMail } from '../mail/outbox.ts';
import { type EventRow, lockEvent } from '../places/guard.ts';
import { giveFreedPlacesOf } from '../places/waiting-list.ts';
import { dropPublicCacheSoon } from '../plugins/public-cache.ts';
import { installationId } from './installation.ts';
import { logPayment } from './log.ts';
import { MAIL, type MismatchMailData } from './mails.ts';
import type { ProviderCheck } from './providers.ts';
import { requestRefund } from './refunds.ts';
import { releaseHeldLines } from './release.ts';
import { providerIdsOf, refundKey } from './settle.ts';
import type { PaymentRow } from './start.ts';

/** Whether the provider says this payment was paid, but not the amount or currency the server
 * asked for (decisions.md: refunded in full and marked "needs attention"). */
export function paidAnotherAmount(check: ProviderCheck, payment: PaymentRow, installation: string): boolean {
  return (
    check.paid &&
    // the provider's metadata names this installation, payment and user (docs/decisions/0029):
    // another installation's payment is not ours to refund
    check.installationId === installation &&
    check.paymentId === payment.id &&
    check.userId === payment.userId &&
    (check.amountPence !== payment.amountPence || check.currency.toUpperCase() !== payment.currency)
  );
}

/**
 * A payment whose amount or currency differs from what the server asked for (docs/decisions/0028):
 * in one transaction under the payment's and its events' locks, it is marked "needs attention"
 * (what the provider says it took kept beside it), its held places released, a refund of all the
 * provider took requested (cause amount_mismatch), the log written and the association e-mailed.
 * Nothing is booked. A second confirmation of it (the webhook again, the client's call) changes
 * nothing.
 */
export async function markAmountMismatch(
  ctx: AppContext,
  log: FastifyBaseLogger,
  paymentId: number,
  check: ProviderCheck,
  cause: 'webhook' | 'user',
): Promise<void> {
  const installation = await installationId(ctx);
  const marked = await ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment || payment.settledAt || payment.attention) return false;
    const now = ctx.now();
    const held = await tx
      .selectDistinct({ eventId: paymentLines.eventId })
      .from(paymentLines)
      .where(eq(paymentLines.paymentId, paymentId))
      .orderBy(asc(paymentLines.eventId));
    const locked = new Map<number, EventRow>();
    for (const { eventId } of held) {
      const event = await lockEvent(tx, eventId);
      if (event) locked.set(eventId, event);
    }
    const paidCurrency = check.currency.toUpperCase();
    await tx
      .update(payments)
      .set({
        attention: 'amount_mismatch',
        attentionAt: now,
        paidAmountPence: check.amountPence,
        paidCurrency,
        providerStatus: 'succeeded',
        captureReference: check.captureReference ?? payment.captureReference,
      })
      .where(eq(payments.id, paymentId));
    await logPayment(tx, {
      paymentId,
      state: 'confirmed',
      cause,
      providerIds: providerIdsOf(payment, check.captureReference),
      detail: `paid ${check.amountPence} ${paidCurrency}, asked ${payment.amountPence} ${payment.currency}`,
    });
    await releaseHeldLines(tx, paymentId, locked, { cancel: true, cause, note: ' (amount mismatch)' });
    await giveFreedPlacesOf(tx, locked.keys(), now);
    await logPayment(tx, {
      paymentId,
      state: 'needs_attention',
      cause,
      detail: `amount_mismatch: paid ${check.amountPence} ${paidCurrency}, asked ${payment.amountPence} ${payment.currency}`,
    });
    if (check.amountPence > 0) {
      await requestRefund(tx, {
        paymentId,
        amountPence: check.amountPence,
        cause: 'amount_mismatch',
        logCause: cause,
        idempotencyKey: refundKey(installation, paymentId, 'amount_mismatch', 'all'),
      });
    }
    const [payer] = await tx.select().from(users).where(eq(users.id, payment.userId));
    const data: MismatchMailData = {
      paymentId,
      reference: payment.reference ?? `payment ${paymentId}`,
      provider: payment.provider,
      payer: payer ? `${payer.firstName} ${payer.lastName}`.trim() : `user ${payment.userId}`,
      payerUsername: payer?.username ?? '',
      askedPence: payment.amountPence,
      askedCurrency: payment.currency,
      paidPence: check.amountPence,
      paidCurrency,
    };
    await queueMail(tx, {
      template: MAIL.amountMismatch,
      to: ctx.config.association.email,
      data: { ...data },
      dedupeKey: `amount-mismatch:payment:${paymentId}`,
    });
    return true;
  });
  if (marked) {
    log.error({ paymentId }, 'payment amount differs from what was asked: refunded in full, needs attention');
    await dropPublicCacheSoon(ctx);
  }
}

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import type { AppContext } from '../context.ts';
import { payments, refunds } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { installationId } from './installation.ts';
import { markAmountMismatch, paidAnotherAmount } from './mismatch.ts';
import { refundError } from './refund-error.ts';
import { recordRefundState } from './refund-states.ts';
import { confirms, settlePayment } from './settle.ts';
import { checkOfIntent, stripeRefundState } from './stripe.ts';

/**
 * Stripe's webhook: only a body signed with our webhook secret at a time within five minutes of
 * now, before or after, is read (anything else: 400, nothing booked). A succeeded PaymentIntent of one of our payments
 * settles it; the same event delivered again, or after the client's own call, finds it settled.
 * A refund's events (refund.updated, refund.failed, charge.refund.updated, charge.refunded) follow
 * our refunds to their end (refund-states.ts). Events about anything else are acknowledged and left.
 */
export async function handleStripeWebhook(
  ctx: AppContext,
  log: FastifyBaseLogger,
  raw: string,
  signature: string | string[] | undefined,
): Promise<{ received: true }> {
  const hook = ctx.payments.stripeWebhook;
  if (!hook) throw AppError.notFound();
  if (typeof signature !== 'string' || signature === '') throw new AppError('BAD_REQUEST', PAYMENT_MSG.badSignature);
  let event: ReturnType<typeof hook.verify>;
  try {
    event = hook.verify(raw, signature, ctx.now());
  } catch {
    throw new AppError('BAD_REQUEST', PAYMENT_MSG.badSignature);
  }
  if (event.type === 'refund.updated' || event.type === 'refund.failed' || event.type === 'charge.refund.updated') {
    await followStripeRefund(ctx, event.data.object);
    return { received: true };
  }
  if (event.type === 'charge.refunded') {
    await followRefundsOfCharge(ctx, log, event.data.object);
    return { received: true };
  }
  if (event.type !== 'payment_intent.succeeded') return { received: true };
  const intent = event.data.object;
  const [payment] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'stripe'), eq(payments.reference, intent.id)));
  if (!payment) {
    log.warn({ intent: intent.id }, 'webhook for a payment this site did not start');
    return { received: true };
  }
  // delivered again, or after the client's own call: settled already, nothing to do but note
  // that the webhook came
  if (payment.settledAt) {
    await logWebhookArrival(ctx, payment.id, intent.id, event.id);
    return { received: true };
  }
  const check = checkOfIntent(intent);
  const installation = await installationId(ctx);
  if (paidAnotherAmount(check, payment, installation)) {
    await markAmountMismatch(ctx, log, payment.id, check, 'webhook');
    return { received: true };
  }
  if (!confirms(check, payment, installation)) {
    log.error({ paymentId: payment.id, intent: intent.id }, 'webhook does not match the payment: nothing booked');
    return { received: true };
  }
  await settlePayment(ctx, log, payment.id, check, 'webhook');
  await logWebhookArrival(ctx, payment.id, intent.id, event.id);
  return { received: true };
}

/** Notes in the payment log that Stripe's webhook came for a payment the payer's own call had
 * settled first (confirmed, by the webhook): written once, and not when the webhook's own
 * settling logged it. The site's health tells a webhook that never comes by its absence
 * (operations/conditions.ts: a misconfigured endpoint or secret, the likeliest on entry night). */
async function logWebhookArrival(ctx: AppContext, paymentId: number, intent: string, eventId: string): Promise<void> {
  const ids = JSON.stringify({ intent, event: eventId });
  await ctx.db.execute(sql`insert into payment_log (payment_id, at, state, cause, provider_ids, detail)
    select ${paymentId}, ${ctx.now()}, 'confirmed', 'webhook', ${ids}::jsonb, 'webhook after the payment was settled'
    where not exists (select 1 from payment_log where payment_id = ${paymentId} and cause = 'webhook')`);
}

/** refund.updated (and refund.failed, charge.refund.updated): the refund's new status, recorded
 * once on our row of it (issue 27). A refund this site did not ask for is left alone. */
async function followStripeRefund(
  ctx: AppContext,
  refund: { id: string; status?: string | null; failure_reason?: string | null },
): Promise<void> {
  const [row] = await ctx.db.select().from(refunds).where(eq(refunds.providerRefundId, refund.id));
  if (!row) return;
  await recordRefundState(
    ctx,
    row,
    { state: stripeRefundState(refund.status), reference: refund.id, reason: refund.failure_reason ?? null },
    'webhook',
  );
}

/** charge.refunded: the charge of one of our payments was refunded (in part); its pending
 * refunds are asked about at once rather than at the job's next look. */
async function followRefundsOfCharge(
  ctx: AppContext,
  log: FastifyBaseLogger,
  charge: { payment_intent?: string | { id: string } | null },
): Promise<void> {
  const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return;
  const pending = await ctx.db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.provider, 'stripe'), eq(payments.reference, intent), eq(refunds.status, 'pending')));
  const provider = ctx.payments.byName('stripe');
  for (const { refund } of pending) {
    if (!provider?.refundState || !refund.providerRefundId) continue;
    try {
      const now = await provider.refundState(refund.providerRefundId);
      await recordRefundState(ctx, refund, { ...now, reference: refund.providerRefundId }, 'webhook');
    } catch (error) {
      log.warn({ refundId: refund.id, reason: refundError(error) }, 'could not ask Stripe about a refunded charge');
    }
  }
}

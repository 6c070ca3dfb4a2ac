import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { events, paymentLines, paymentLog, payments, refunds, users } from '../db/schema.ts';

/**
 * One demo payment that needs the association's attention (issue 24), so the back office's
 * Orders & Payments shows its mark and its trail from the first start: Sarah Jones paid for Tom on
 * Hemel Open Slalom, the demo provider reported a different amount, nothing was booked, and the
 * whole payment went back. Its log and its refund are as the site writes them.
 */
export async function seedPayments(ctx: AppContext): Promise<void> {
  const [payer] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'sarahjones'));
  const [child] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'tomjones1'));
  const [race] = await ctx.db
    .select({ id: events.id, pence: events.pricePence })
    .from(events)
    .where(eq(events.name, 'Hemel Open Slalom'));
  if (!payer || !child || !race) return;
  const now = ctx.now();
  const minutes = (n: number) => new Date(now.getTime() - n * 60_000);
  await ctx.db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        userId: payer.id,
        provider: 'demo',
        reference: 'demo_pay_seeded_1',
        amountPence: race.pence,
        status: 'canceled',
        providerStatus: 'succeeded',
        heldUntil: minutes(45),
        paidAmountPence: race.pence + 500,
        paidCurrency: 'GBP',
        attention: 'amount_mismatch',
        attentionAt: minutes(55),
        createdAt: minutes(60),
      })
      .returning({ id: payments.id });
    if (!payment) return;
    const [refund] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        amountPence: race.pence + 500,
        cause: 'amount_mismatch',
        status: 'succeeded',
        idempotencyKey: `demo:refund:${payment.id}:amount_mismatch:all`,
        providerRefundId: 'demo_refund_seeded_1',
        attempts: 1,
        createdAt: minutes(55),
        updatedAt: minutes(54),
      })
      .returning({ id: refunds.id });
    await tx.insert(paymentLines).values({
      paymentId: payment.id,
      eventId: race.id,
      participantId: child.id,
      pricePence: race.pence,
      state: 'released',
      heldUntil: minutes(45),
      refundId: refund?.id ?? null,
    });
    const ids = { payment: 'demo_pay_seeded_1' };
    await tx.insert(paymentLog).values([
      { paymentId: payment.id, at: minutes(60), state: 'started', cause: 'user', actorId: payer.id, providerIds: ids },
      { paymentId: payment.id, at: minutes(60), state: 'held', cause: 'user', actorId: payer.id, detail: '1 place' },
      {
        paymentId: payment.id,
        at: minutes(55),
        state: 'needs_attention',
        cause: 'webhook',
        providerIds: ids,
        detail: `the provider took ${((race.pence + 500) / 100).toFixed(2)} GBP, not ${(race.pence / 100).toFixed(2)}`,
      },
      { paymentId: payment.id, at: minutes(55), state: 'released', cause: 'system', detail: '1 place' },
      {
        paymentId: payment.id,
        at: minutes(55),
        state: 'refund_requested',
        cause: 'system',
        detail: `amount_mismatch: ${race.pence + 500} pence`,
      },
      {
        paymentId: payment.id,
        at: minutes(54),
        state: 'refund_succeeded',
        cause: 'job',
        providerIds: { refund: 'demo_refund_seeded_1' },
        detail: `amount_mismatch: ${race.pence + 500} pence`,
      },
    ]);
  });
}

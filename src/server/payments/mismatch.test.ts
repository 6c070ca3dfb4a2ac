import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import { startSession } from '../accounts/sessions.ts';
import { bookings, mailOutbox, refunds } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { bearer } from '../test/helper.ts';
import { logOf, paidAnyway, paymentOf, places, started, webhook } from './hold-support.ts';
import { amountMismatchMail, MAIL } from './mails.ts';
import { useStripeTestApp } from './stripe-test-app.ts';
import { type Booker, makeBookers } from './test-support.ts';

const t = useStripeTestApp();
const OPEN = { ...OPEN_WINDOW, pricePence: 2500, name: 'Odd Race', quantity: 3 };

beforeEach(() => t.clock.set('2026-01-15T12:00:00Z'));

describe('a payment whose amount or currency differs from what the server asked for', () => {
  it('the webhook: nothing booked, holds released, refunded in full, needs attention, the association e-mailed; once', async () => {
    const race = await raceEventRow(t.app, OPEN);
    const [payer] = (await makeBookers(t.app, 1, [race])) as [Booker];
    const { reference } = await started(t, payer, '25.00');
    paidAnyway(t, reference, 2400);
    expect((await webhook(t, reference)).statusCode).toBe(200);
    expect((await webhook(t, reference)).statusCode).toBe(200);

    expect(await t.app.ctx.db.select().from(bookings)).toEqual([]);
    expect(await places(t, race)).toEqual({ booked: 0, held: 0 });
    const payment = await paymentOf(t, reference);
    expect(payment).toMatchObject({
      attention: 'amount_mismatch',
      attentionAt: new Date('2026-01-15T12:00:00Z'),
      paidAmountPence: 2400,
      paidCurrency: 'GBP',
      status: 'canceled',
      settledAt: null,
    });
    const asked = await t.app.ctx.db.select().from(refunds);
    expect(
      asked.map((r) => [r.amountPence, r.cause, r.status, r.idempotencyKey.split(':').slice(1).join(':')]),
    ).toEqual([[2400, 'amount_mismatch', 'requested', `refund:${payment?.id}:amount_mismatch:all`]]);
    expect((await logOf(t, payment?.id ?? 0)).map(([state, cause]) => `${state}:${cause}`)).toEqual([
      'started:user',
      'held:user',
      'confirmed:webhook',
      'released:webhook',
      'canceled:webhook',
      'needs_attention:webhook',
      'refund_requested:webhook',
    ]);
    const data = {
      paymentId: payment?.id,
      reference,
      provider: 'stripe',
      payer: payer.name,
      payerUsername: payer.username,
      askedPence: 2500,
      askedCurrency: 'GBP',
      paidPence: 2400,
      paidCurrency: 'GBP',
    };
    const mails = await t.app.ctx.db.select().from(mailOutbox);
    expect(mails.map((m) => [m.template, m.recipient, m.data])).toEqual([
      [MAIL.amountMismatch, t.app.ctx.config.association.email, data],
    ]);
    const code = t.app.ctx.config.association.code;
    const rendered = await amountMismatchMail(t.app.ctx.config, { ...data, paymentId: payment?.id ?? 0 });
    expect(rendered.subject).toBe(`${code}: needs attention: payment ${reference} paid a different amount`);
    expect(rendered.text).toContain('took £24.00, but this site asked for £25.00');
  });

  it("the client's call with another currency: 409 with a clear message, nothing booked, refunded in full", async () => {
    const race = await raceEventRow(t.app, OPEN);
    const [payer] = (await makeBookers(t.app, 1, [race])) as [Booker];
    const { reference } = await started(t, payer, '25.00');
    paidAnyway(t, reference, 2500, 'eur');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bookings/',
      headers: bearer((await startSession(t.app.ctx, payer.id)).access),
      payload: { bookings: [{ product: race, participant: payer.username }], payment_reference: reference },
    });
    expect([res.statusCode, res.json().error]).toEqual([409, PAYMENT_MSG.amountMismatch]);
    expect(await t.app.ctx.db.select().from(bookings)).toEqual([]);
    expect(await places(t, race)).toEqual({ booked: 0, held: 0 });
    const payment = await paymentOf(t, reference);
    expect(payment).toMatchObject({ attention: 'amount_mismatch', paidAmountPence: 2500, paidCurrency: 'EUR' });
    const [refund] = await t.app.ctx.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, payment?.id ?? 0));
    expect(refund).toMatchObject({ amountPence: 2500, cause: 'amount_mismatch' });
    // the webhook arriving afterwards changes nothing
    await webhook(t, reference);
    expect(await t.app.ctx.db.select().from(refunds)).toHaveLength(1);
    expect(await t.app.ctx.db.select().from(bookings)).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, mailOutbox, refunds } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer } from '../test/helper.ts';
import { linesOf, logOf, paidAnyway, paymentOf, places, startCard, started, webhook } from './hold-support.ts';
import { eventCancelledRefundAssociationMail, eventCancelledRefundMail, MAIL } from './mails.ts';
import { useStripeTestApp } from './stripe-test-app.ts';
import { type Booker, makeBookers } from './test-support.ts';

const t = useStripeTestApp();
const OPEN = { ...OPEN_WINDOW, pricePence: 2500 };

beforeEach(() => t.clock.set('2026-01-15T12:00:00Z'));

async function cancel(eventId: number) {
  const admin = await signedIn(t.app, 'admin');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/products/${eventId}/cancel/`,
    headers: bearer(admin.access),
  });
  expect(res.statusCode, res.body).toBe(200);
  return admin.user;
}

describe('cancelling an event with payments under way', () => {
  it("releases the event's holds and cancels the payments holding them (at Stripe too); other events keep theirs", async () => {
    const gone = await raceEventRow(t.app, { ...OPEN, name: 'Storm Race', quantity: 3 });
    const kept = await raceEventRow(t.app, { ...OPEN, name: 'Calm Race', quantity: 3 });
    const [payer] = (await makeBookers(t.app, 1, [gone, kept])) as [Booker];
    const { reference } = await started(t, payer, '50.00');
    const admin = await cancel(gone);
    expect(await places(t, gone)).toEqual({ booked: 0, held: 0 });
    expect(await places(t, kept)).toEqual({ booked: 0, held: 1 });
    expect(t.stripe.intents.get(reference)?.status).toBe('canceled');
    const payment = await paymentOf(t, reference);
    expect(payment?.status).toBe('canceled');
    expect((await logOf(t, payment?.id ?? 0)).slice(2)).toEqual([
      ['released', 'admin', `Storm Race: ${payer.name} (${payer.username}) (event cancelled)`],
      ['canceled', 'admin', '(event cancelled)'],
    ]);
    const { paymentLog } = await import('../db/schema.ts');
    const actors = await t.app.ctx.db.select().from(paymentLog).where(eq(paymentLog.cause, 'admin'));
    expect(actors.map((a) => a.actorId)).toEqual([admin.id, admin.id]);
    // the cancelled event takes no new start
    const again = await startCard(t, payer, '50.00');
    expect(again.statusCode).toBe(409);
  });

  it('a payment that completes anyway is refunded in full for that event, and the payer and the association are told', async () => {
    const gone = await raceEventRow(t.app, { ...OPEN, name: 'Storm Race', quantity: 3 });
    const kept = await raceEventRow(t.app, { ...OPEN, name: 'Calm Race', quantity: 3, pricePence: 1500 });
    const [payer] = (await makeBookers(t.app, 1, [gone, kept])) as [Booker];
    const { reference } = await started(t, payer, '40.00');
    await cancel(gone);
    paidAnyway(t, reference);
    expect((await webhook(t, reference)).statusCode).toBe(200);

    const booked = await t.app.ctx.db.select().from(bookings);
    expect(booked.map((b) => b.eventId)).toEqual([kept]);
    expect(await places(t, gone)).toEqual({ booked: 0, held: 0 });
    const payment = await paymentOf(t, reference);
    const lost = (await linesOf(t, payment?.id ?? 0)).find((l) => l.eventId === gone);
    const asked = await t.app.ctx.db.select().from(refunds);
    expect(
      asked.map((r) => [r.amountPence, r.cause, r.status, r.idempotencyKey.split(':').slice(1).join(':')]),
    ).toEqual([[2500, 'event_cancelled', 'succeeded', `refund:${payment?.id}:event_cancelled:${lost?.id}`]]);
    expect(lost?.refundId).toBe(asked[0]?.id);

    const data = {
      reference,
      provider: 'stripe',
      payer: payer.name,
      payerFirstName: 'Booker',
      payerUsername: payer.username,
      lines: [{ event: 'Storm Race', participant: payer.name, amountPence: 2500 }],
      totalPence: 2500,
    };
    // the receipt (its own test: receipt-recovery, mail/job) goes beside the refund's mails
    const mails = (await t.app.ctx.db.select().from(mailOutbox)).filter(
      (m) => !m.template.startsWith('receipt') && m.template !== 'places-lost',
    );
    expect(mails.map((m) => [m.template, m.recipient, m.data])).toEqual([
      [MAIL.eventCancelledRefund, `${payer.username}@example.com`, data],
      [MAIL.eventCancelledRefundAssociation, t.app.ctx.config.association.email, data],
    ]);
    const code = t.app.ctx.config.association.code;
    const toPayer = await eventCancelledRefundMail(t.app.ctx.config, data);
    expect(toPayer.subject).toBe(`${code}: refund of £25.00 for a cancelled event`);
    expect(toPayer.text).toContain(`Storm Race: ${payer.name} (£25.00)\n\nRefunded: £25.00`);
    const toAssociation = await eventCancelledRefundAssociationMail(t.app.ctx.config, data);
    expect(toAssociation.subject).toBe(`${code}: refund made: payment ${reference} completed for a cancelled event`);
    expect(toAssociation.text).toContain(
      `${payer.name} (${payer.username}) paid for entries on an event that had been cancelled`,
    );
  });
});

import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, cartItems, mailOutbox, refunds } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { linesOf, logOf, MINUTE, paidAnyway, paymentOf, places, startCard, started, webhook } from './hold-support.ts';
import { lineRemovedRefundMail, MAIL } from './mails.ts';
import { useStripeTestApp } from './stripe-test-app.ts';
import { type Booker, makeBookers } from './test-support.ts';

const t = useStripeTestApp();
const OPEN = { ...OPEN_WINDOW, pricePence: 2500 };
const QUARTER_PAST = '2026-01-15T12:15:00.000Z';

beforeEach(() => t.clock.set('2026-01-15T12:00:00Z'));

const removeLine = async (who: Booker, eventId: number) => {
  const [line] = await t.app.ctx.db.select().from(cartItems).where(eq(cartItems.ownerId, who.id));
  const mine = (await t.app.ctx.db.select().from(cartItems).where(eq(cartItems.ownerId, who.id))).find(
    (c) => c.eventId === eventId,
  );
  return t.app.inject({ method: 'DELETE', url: `/api/v1/cart/${(mine ?? line)?.id}/`, headers: who.headers });
};
const clear = (who: Booker) => t.app.inject({ method: 'POST', url: '/api/v1/cart/clear/', headers: who.headers });

describe('removing a cart line releases its hold at once', () => {
  it('a declined card, then a cleared cart: the place is free at once, the payment cancelled at Stripe, and another family pays', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, name: 'Single Place Race', quantity: 1 });
    const [first, second] = (await makeBookers(t.app, 2, [race])) as [Booker, Booker];
    const { reference } = await started(t, first, '25.00');
    expect((await t.stripe.confirm(reference, 'pm_card_chargeDeclined')).status).toBe(402);
    expect((await startCard(t, second, '25.00')).statusCode).toBe(409);

    const cleared = await clear(first);
    expect([cleared.statusCode, cleared.json()]).toEqual([200, { removed: 1 }]);
    expect(await places(t, race)).toEqual({ booked: 0, held: 0 });
    expect(t.stripe.intents.get(reference)?.status).toBe('canceled');
    const payment = await paymentOf(t, reference);
    expect(payment?.status).toBe('canceled');
    expect((await logOf(t, payment?.id ?? 0)).slice(2)).toEqual([
      ['released', 'user', `Single Place Race: ${first.name} (${first.username}) (removed from the cart)`],
      ['canceled', 'user', '(removed from the cart)'],
    ]);

    const theirs = await started(t, second, '25.00');
    await t.stripe.confirm(theirs.reference);
    expect((await webhook(t, theirs.reference)).statusCode).toBe(200);
    expect(await places(t, race)).toEqual({ booked: 1, held: 0 });
  });

  it("the payment's other lines keep their holds and their end; starting again for them carries it over", async () => {
    const a = await raceEventRow(t.app, { ...OPEN, name: 'Race A', quantity: 3 });
    const b = await raceEventRow(t.app, { ...OPEN, name: 'Race B', quantity: 3 });
    const [payer] = (await makeBookers(t.app, 1, [a, b])) as [Booker];
    const { reference } = await started(t, payer, '50.00');
    t.clock.advance(4 * MINUTE);
    expect((await removeLine(payer, a)).statusCode).toBe(204);
    expect(await places(t, a)).toEqual({ booked: 0, held: 0 });
    expect(await places(t, b)).toEqual({ booked: 0, held: 1 });
    const old = await paymentOf(t, reference);
    expect(old?.status).toBe('canceled');
    expect((await linesOf(t, old?.id ?? 0)).map((l) => [l.eventId, l.state])).toEqual([
      [a, 'released'],
      [b, 'held'],
    ]);
    const again = await started(t, payer, '25.00');
    expect(again.heldUntil).toBe(QUARTER_PAST);
    expect(await places(t, b)).toEqual({ booked: 0, held: 1 });
  });

  it('another user cannot remove the line (404), and nothing of the hold moves', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, name: 'Mine Race', quantity: 3 });
    const [payer, stranger] = (await makeBookers(t.app, 2, [race])) as [Booker, Booker];
    await started(t, payer, '25.00');
    const [line] = await t.app.ctx.db.select().from(cartItems).where(eq(cartItems.ownerId, payer.id));
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/${line?.id}/`, headers: stranger.headers });
    expect(res.statusCode).toBe(404);
    expect(await places(t, race)).toEqual({ booked: 0, held: 1 });
  });
});

describe('a payment that completes anyway for a removed line', () => {
  it('books the line still held, refunds the removed one (a refunds row, line_removed) and tells the payer', async () => {
    const a = await raceEventRow(t.app, { ...OPEN, name: 'Race A', quantity: 3 });
    const b = await raceEventRow(t.app, { ...OPEN, name: 'Race B', quantity: 3, pricePence: 1500 });
    const [payer] = (await makeBookers(t.app, 1, [a, b])) as [Booker];
    const { reference } = await started(t, payer, '40.00');
    expect((await removeLine(payer, a)).statusCode).toBe(204);
    // the cancel did not reach Stripe in time: the payer's card went through for both lines
    paidAnyway(t, reference);
    expect((await webhook(t, reference)).statusCode).toBe(200);

    const booked = await t.app.ctx.db.select().from(bookings).where(eq(bookings.bookedById, payer.id));
    expect(booked.map((x) => x.eventId)).toEqual([b]);
    expect(await places(t, a)).toEqual({ booked: 0, held: 0 });
    expect(await places(t, b)).toEqual({ booked: 1, held: 0 });
    const payment = await paymentOf(t, reference);
    const lines = await linesOf(t, payment?.id ?? 0);
    const removed = lines.find((l) => l.eventId === a);
    const [refund] = await t.app.ctx.db.select().from(refunds);
    expect(refund).toMatchObject({
      paymentId: payment?.id,
      amountPence: 2500,
      cause: 'line_removed',
      status: 'succeeded',
    });
    expect(refund?.idempotencyKey).toMatch(new RegExp(`:refund:${payment?.id}:line_removed:${removed?.id}$`));
    expect(removed).toMatchObject({ state: 'lost', refundId: refund?.id });
    // sent once the settlement committed, for the removed line's amount
    expect(t.stripe.refunds.map((r) => [r.amount, r.payment_intent])).toEqual([[2500, reference]]);

    // the receipt (its own test: receipt-recovery, mail/job) goes beside the refund's mail
    const mails = (await t.app.ctx.db.select().from(mailOutbox)).filter(
      (m) => !m.template.startsWith('receipt') && m.template !== 'places-lost',
    );
    const data = {
      reference,
      provider: 'stripe',
      payer: payer.name,
      payerFirstName: 'Booker',
      payerUsername: payer.username,
      lines: [{ event: 'Race A', participant: payer.name, amountPence: 2500 }],
      totalPence: 2500,
    };
    expect(mails.map((m) => [m.template, m.recipient, m.data])).toEqual([
      [MAIL.lineRemovedRefund, `${payer.username}@example.com`, data],
    ]);
    const text = await lineRemovedRefundMail(t.app.ctx.config, data);
    expect(text.subject).toBe('ERSA: refund of £25.00 for entries removed from your cart');
    expect(text.text).toContain(`Race A: ${payer.name} (£25.00)\n\nRefunded: £25.00`);
    expect(text.html).toContain(`Race A: ${payer.name} (£25.00)`);
  });
});

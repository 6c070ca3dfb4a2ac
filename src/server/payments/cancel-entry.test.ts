import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { CANCEL_MSG } from '../../domain/payments/cancellation.ts';
import { startSession } from '../accounts/sessions.ts';
import {
  bookings,
  cartItems,
  events,
  families,
  mailOutbox,
  paymentLines,
  paymentLog,
  refunds,
  users,
} from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer } from '../test/helper.ts';
import { refundsOn } from './cancel-race-support.ts';
import { places, started, webhook } from './hold-support.ts';
import { sendRequestedRefunds } from './refund-job.ts';
import { followPendingRefunds } from './refund-states.ts';
import { stripeSignature, useStripeTestApp } from './stripe-test-app.ts';
import { type Booker, makeBookers } from './test-support.ts';

/** Issue 27, "Cancelling one entry, with its refund". */
const t = useStripeTestApp();

beforeEach(() => t.clock.set('2026-01-15T12:00:00Z'));

/** A parent who paid one order for two children on `eventId`; the order's lines by child. */
async function paidForTwo(eventId: number) {
  const [parent, amy, ben] = (await makeBookers(t.app, 3, [])) as [Booker, Booker, Booker];
  const [f] = await t.app.ctx.db.insert(families).values({}).returning({ id: families.id });
  await t.app.ctx.db
    .update(users)
    .set({ familyId: f?.id })
    .where(sql`${users.id} in (${parent.id}, ${amy.id}, ${ben.id})`);
  await t.app.ctx.db.insert(cartItems).values([
    { ownerId: parent.id, participantId: amy.id, eventId },
    { ownerId: parent.id, participantId: ben.id, eventId },
  ]);
  const { reference } = await started(t, parent, '50.00');
  await t.stripe.confirm(reference);
  expect((await webhook(t, reference)).statusCode).toBe(200);
  const lines = await t.app.ctx.db.select().from(paymentLines);
  const lineOf = (who: Booker) => lines.find((l) => l.participantId === who.id)?.id ?? 0;
  return { parent, amy, ben, reference, amyLine: lineOf(amy), benLine: lineOf(ben) };
}

/** The kinds of refund news e-mailed so far (issue 35). */
const refundNews = async () =>
  (await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'refund-news'))).map(
    (m) => (m.data as { kind: string }).kind,
  );

const cancel = (who: { headers: { authorization: string } }, lineId: number) =>
  t.app.inject({ method: 'POST', url: `/api/v1/my-entries/lines/${lineId}/cancel/`, headers: who.headers });

/** The booker signed in again at the clock's now (weeks later, the first session has ended). */
async function again(who: Booker): Promise<Booker> {
  const session = await startSession(t.app.ctx, who.id);
  return { ...who, headers: bearer(session.access) };
}

const race = (values: Partial<typeof events.$inferInsert> = {}) =>
  raceEventRow(t.app, {
    ...OPEN_WINDOW,
    name: 'Hemel Open Slalom',
    pricePence: 2500,
    quantity: 4,
    cancelUntil: '2026-02-01',
    cancelUntilTime: '18:00',
    cancelFeePence: 500,
    ...values,
  });

describe('a parent cancels one child’s entry', () => {
  it('one child of a two-child order: the place frees and £20 (less the £5 fee) is refunded once, even when asked twice at once', async () => {
    await refundsOn(t, true);
    const eventId = await race();
    const { parent, amy, amyLine, benLine, reference } = await paidForTwo(eventId);
    expect(await places(t, eventId)).toEqual({ booked: 2, held: 0 });
    const entries = (await t.app.inject({ method: 'GET', url: '/api/v1/my-entries/', headers: parent.headers })).json();
    expect(entries[0].lines.map((l: { id: number; cancel: unknown }) => [l.id, l.cancel])).toEqual([
      [amyLine, { refund: '20.00', fee: '5.00' }],
      [benLine, { refund: '20.00', fee: '5.00' }],
    ]);

    const both = await Promise.all([cancel(parent, amyLine), cancel(parent, amyLine)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const ok = both.find((r) => r.statusCode === 200);
    expect(ok?.json()).toEqual({
      message: CANCEL_MSG.cancelled(amy.name, 'Hemel Open Slalom', 2000),
      refund: '20.00',
    });
    expect(await places(t, eventId)).toEqual({ booked: 1, held: 0 });
    const booked = await t.app.ctx.db.select({ userId: bookings.userId }).from(bookings);
    expect(booked.map((b) => b.userId)).not.toContain(amy.id);
    // once at the provider, for the right amount, marked succeeded
    expect(t.stripe.refunds).toEqual([expect.objectContaining({ payment_intent: reference, amount: 2000 })]);
    const rows = await t.app.ctx.db.select().from(refunds);
    expect(rows.map((r) => [r.amountPence, r.cause, r.status, r.requestedBy])).toEqual([
      [2000, 'requested', 'succeeded', parent.id],
    ]);
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/my-entries/', headers: parent.headers })).json();
    expect(after[0].refunded).toBe('20.00');
    expect(after[0].lines.map((l: { state: string; cancel: unknown }) => [l.state, l.cancel !== null])).toEqual([
      ['released', false],
      ['booked', true],
    ]);
  });

  it('with the setting off nothing offers a refund, and a cancellation is refused with the text’s words kept', async () => {
    const eventId = await race();
    const { parent, amyLine } = await paidForTwo(eventId);
    const entries = (await t.app.inject({ method: 'GET', url: '/api/v1/my-entries/', headers: parent.headers })).json();
    expect(entries[0].lines.map((l: { cancel: unknown }) => l.cancel)).toEqual([null, null]);
    const res = await cancel(parent, amyLine);
    expect([res.statusCode, res.json().error]).toEqual([409, CANCEL_MSG.off]);
    expect(await places(t, eventId)).toEqual({ booked: 2, held: 0 });
    expect(t.stripe.refunds).toEqual([]);
  });

  it('until the race’s deadline only (London time), and not for a race without terms', async () => {
    await refundsOn(t, true);
    const eventId = await race();
    const { parent, amyLine, benLine } = await paidForTwo(eventId);
    t.clock.set('2026-02-01T18:00:00Z'); // 18:00 on 1 February in London: the deadline's own minute is still in
    expect((await cancel(await again(parent), amyLine)).statusCode).toBe(200);
    t.clock.set('2026-02-01T18:01:00Z');
    const late = await cancel(await again(parent), benLine);
    expect([late.statusCode, late.json().error]).toEqual([409, CANCEL_MSG.deadlinePassed('01/02/2026 at 18:00')]);

    const other = await race({ name: 'No Terms Race', cancelUntil: null, cancelUntilTime: null });
    t.clock.set('2026-01-15T12:00:00Z');
    const second = await paidForTwo(other);
    const refused = await cancel(second.parent, second.amyLine);
    expect([refused.statusCode, refused.json().error]).toEqual([409, CANCEL_MSG.noTerms]);
  });

  it("another user cannot cancel the family's entry (404), nor can the child whose entry it is", async () => {
    await refundsOn(t, true);
    const eventId = await race();
    const { amy, amyLine } = await paidForTwo(eventId);
    const [stranger] = (await makeBookers(t.app, 1, [])) as [Booker];
    expect((await cancel(stranger, amyLine)).statusCode).toBe(404);
    expect((await cancel(amy, amyLine)).statusCode).toBe(404);
    expect(await places(t, eventId)).toEqual({ booked: 2, held: 0 });
  });

  it('a fee as large as the price: the entry is cancelled and nothing is refunded', async () => {
    await refundsOn(t, true);
    const eventId = await race({ cancelFeePence: 2500 });
    const { parent, amyLine } = await paidForTwo(eventId);
    const res = await cancel(parent, amyLine);
    expect(res.json().refund).toBe('0.00');
    expect(await t.app.ctx.db.select().from(refunds)).toEqual([]);
    expect(t.stripe.refunds).toEqual([]);
  });
});

describe('the association’s switch and a race’s terms', () => {
  it('only a super administrator turns refunds on; an administrator sets a race’s terms, checked', async () => {
    const admin = await signedIn(t.app, 'admin');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/refund-settings/',
      headers: bearer(admin.access),
      payload: { enabled: true },
    });
    expect(put.statusCode).toBe(403);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/refund-settings/',
      headers: bearer(admin.access),
    });
    expect(read.json()).toEqual({ enabled: false });

    const eventId = await race({ cancelUntil: null });
    const terms = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/products/${eventId}/cancellation/`,
        headers: bearer(admin.access),
        payload,
      });
    const saved = await terms({ cancel_until: '2026-02-10', cancel_until_time: '20:30', cancel_fee: '3.5' });
    expect(saved.json()).toEqual({ cancel_until: '2026-02-10', cancel_until_time: '20:30', cancel_fee: '3.50' });
    const [row] = await t.app.ctx.db.select().from(events).where(eq(events.id, eventId));
    expect([row?.cancelUntil, row?.cancelUntilTime, row?.cancelFeePence]).toEqual(['2026-02-10', '20:30', 350]);
    const bad = await terms({ cancel_until: '2026-02-30', cancel_until_time: '24:00', cancel_fee: '-1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      cancel_until: [CANCEL_MSG.dateInvalid],
      cancel_until_time: [CANCEL_MSG.timeInvalid],
      cancel_fee: [CANCEL_MSG.feeInvalid],
    });
    const timeOnly = await terms({ cancel_until: '', cancel_until_time: '10:00' });
    expect(timeOnly.json().errors).toEqual({ cancel_until: [CANCEL_MSG.timeWithoutDate] });
    const cleared = await terms({ cancel_until: '', cancel_until_time: '', cancel_fee: '' });
    expect(cleared.json()).toEqual({ cancel_until: null, cancel_until_time: null, cancel_fee: '0.00' });
    const parent = await signedIn(t.app);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/products/${eventId}/cancellation/`,
          headers: bearer(parent.access),
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('an administrator removes a participant with a refund', () => {
  const removeWithRefund = (access: string, bookingId: number) =>
    t.app.inject({ method: 'POST', url: `/api/v1/bookings/${bookingId}/remove-with-refund/`, headers: bearer(access) });

  it('refunds in full what was paid for that entry, once even when asked twice at once; the list said what was paid', async () => {
    await refundsOn(t, true);
    const eventId = await race();
    const { amy, ben, reference } = await paidForTwo(eventId);
    const admin = await signedIn(t.app, 'admin');
    const list = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/products/booked-participants/${eventId}/`,
        headers: bearer(admin.access),
      })
    ).json() as { id: number; participant_first_name: string; paid: string | null }[];
    expect(list.map((p) => p.paid)).toEqual(['25.00', '25.00']);
    const [amyBooking] = await t.app.ctx.db.select().from(bookings).where(eq(bookings.userId, amy.id));
    const both = await Promise.all([1, 2].map(() => removeWithRefund(admin.access, amyBooking?.id ?? 0)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(both.find((r) => r.statusCode === 200)?.json()).toEqual({
      message: `${amy.name} was removed from Hemel Open Slalom. £25.00 will be refunded to the payer.`,
      refund: '25.00',
    });
    expect(t.stripe.refunds).toEqual([expect.objectContaining({ payment_intent: reference, amount: 2500 })]);
    const [row] = await t.app.ctx.db.select().from(refunds);
    expect([row?.status, row?.cause, row?.requestedBy]).toEqual(['succeeded', 'requested', admin.user.id]);
    expect(await places(t, eventId)).toEqual({ booked: 1, held: 0 });
    const after = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/products/booked-participants/${eventId}/`,
        headers: bearer(admin.access),
      })
    ).json() as { participant_first_name: string }[];
    expect(after).toHaveLength(1);
    expect(ben.name).toContain(after[0]?.participant_first_name ?? '?');
  });

  it('with the setting off it is refused and nothing moves; a parent cannot call it', async () => {
    const eventId = await race();
    const { amy } = await paidForTwo(eventId);
    const [booking] = await t.app.ctx.db.select().from(bookings).where(eq(bookings.userId, amy.id));
    const admin = await signedIn(t.app, 'admin');
    const off = await removeWithRefund(admin.access, booking?.id ?? 0);
    expect([off.statusCode, off.json().error]).toEqual([409, CANCEL_MSG.off]);
    expect(await places(t, eventId)).toEqual({ booked: 2, held: 0 });
    const parent = await signedIn(t.app);
    expect((await removeWithRefund(parent.access, booking?.id ?? 0)).statusCode).toBe(403);
    expect(t.stripe.refunds).toEqual([]);
  });
});

describe('an administrator removes a paid participant without a refund', () => {
  it('My Entries then shows the entry released, not booked, and the payment log says who removed it', async () => {
    const eventId = await race();
    const { parent, amy, amyLine, benLine } = await paidForTwo(eventId);
    const [booking] = await t.app.ctx.db.select().from(bookings).where(eq(bookings.userId, amy.id));
    const admin = await signedIn(t.app, 'admin');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/bookings/${booking?.id}/`,
      headers: bearer(admin.access),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const entries = (await t.app.inject({ method: 'GET', url: '/api/v1/my-entries/', headers: parent.headers })).json();
    expect(entries[0].lines.map((l: { id: number; state: string }) => [l.id, l.state])).toEqual([
      [amyLine, 'released'],
      [benLine, 'booked'],
    ]);
    const log = await t.app.ctx.db.select().from(paymentLog).where(eq(paymentLog.state, 'released'));
    expect(log.map((l) => [l.cause, l.actorId, l.detail])).toEqual([
      ['admin', admin.user.id, `Hemel Open Slalom: ${amy.name} (${amy.username}) (removed by an administrator)`],
    ]);
    expect(t.stripe.refunds).toEqual([]);
  });
});

describe('a refund followed to its end', () => {
  const hook = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload) },
      payload,
    });
  const statusOf = async () => (await t.app.ctx.db.select().from(refunds))[0];
  const logStates = async () =>
    (await t.app.ctx.db.select({ state: paymentLog.state }).from(paymentLog))
      .map((l) => l.state)
      .filter((s) => s.startsWith('refund'));

  async function pendingRefund() {
    await refundsOn(t, true);
    t.stripe.refundStatus = 'pending';
    const eventId = await race();
    const paid = await paidForTwo(eventId);
    expect((await cancel(paid.parent, paid.amyLine)).statusCode).toBe(200);
    const row = await statusOf();
    expect([row?.status, row?.providerRefundId]).toEqual(['pending', t.stripe.refunds[0]?.id]);
    return paid;
  }

  it('pending at Stripe, then refund.updated says succeeded: recorded once, however often it comes', async () => {
    const { parent } = await pendingRefund();
    const entries = (await t.app.inject({ method: 'GET', url: '/api/v1/my-entries/', headers: parent.headers })).json();
    expect(entries[0].refunded).toBe('0.00');
    const id = t.stripe.refunds[0]?.id ?? '';
    const event = t.stripe.refundUpdated(id, 'succeeded');
    expect((await hook(event)).statusCode).toBe(200);
    expect((await hook(event)).statusCode).toBe(200);
    expect((await statusOf())?.status).toBe('succeeded');
    expect(await logStates()).toEqual(['refund_requested', 'refund_requested', 'refund_succeeded']);
  });

  it('refused by Stripe: it waits in the queue until an administrator refunds it by hand, and is never sent again', async () => {
    await pendingRefund();
    const id = t.stripe.refunds[0]?.id ?? '';
    expect((await hook(t.stripe.refundUpdated(id, 'failed', 'expired_or_canceled_card'))).statusCode).toBe(200);
    const refused = await statusOf();
    expect([refused?.status, refused?.lastError]).toEqual(['refused', 'expired_or_canceled_card']);
    // the payer is told the association will refund them another way (issue 35)
    expect(await refundNews()).toEqual(['on-its-way', 'refused']);
    const admin = await signedIn(t.app, 'admin');
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/refunds/queue/',
      headers: bearer(admin.access),
    });
    expect(queue.json()).toEqual([
      expect.objectContaining({
        id: refused?.id,
        amount: '20.00',
        status: 'refused',
        last_error: 'expired_or_canceled_card',
      }),
    ]);
    const parent = await signedIn(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/refunds/queue/', headers: bearer(parent.access) }))
        .statusCode,
    ).toBe(403);
    const byHand = (who: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/refunds/${refused?.id}/refunded-by-hand/`,
        headers: bearer(who),
      });
    expect((await byHand(admin.access)).json()).toEqual({ message: 'Marked as refunded by hand.' });
    const again = await byHand(admin.access);
    expect([again.statusCode, again.json().error]).toEqual([409, 'This refund has already been made.']);
    const done = await statusOf();
    expect([done?.status, done?.resolvedById]).toEqual(['manual', admin.user.id]);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/admin/refunds/queue/', headers: bearer(admin.access) })
      ).json(),
    ).toEqual([]);
    t.clock.advance(3 * 60 * 60_000);
    await sendRequestedRefunds(t.app.ctx, t.app.log);
    expect(t.stripe.refunds).toHaveLength(1);
  });

  it('the payments job asks Stripe about a refund still pending after a minute; charge.refunded asks at once', async () => {
    await pendingRefund();
    const id = t.stripe.refunds[0]?.id ?? '';
    t.stripe.refundUpdated(id, 'succeeded'); // Stripe's side moves; its event is lost
    expect(await followPendingRefunds(t.app.ctx, t.app.log)).toBe(0); // not a minute yet
    t.clock.advance(61_000);
    expect(await followPendingRefunds(t.app.ctx, t.app.log)).toBe(1);
    expect((await statusOf())?.status).toBe('succeeded');
    // the payer was told it is on its way, and now that it is complete (issue 35)
    expect(await refundNews()).toEqual(['on-its-way', 'completed']);
  });

  it('charge.refunded: the pending refunds of that payment are asked about at once', async () => {
    const { reference } = await pendingRefund();
    t.stripe.refundUpdated(t.stripe.refunds[0]?.id ?? '', 'succeeded');
    expect((await hook(t.stripe.chargeRefundedEvent(reference))).statusCode).toBe(200);
    expect((await statusOf())?.status).toBe('succeeded');
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WAITING_MSG } from '../../domain/waiting-list/messages.ts';
import { bookings, cartItems, paymentLines } from '../db/schema.ts';
import { waitingEntries } from '../db/schema-waiting-list.ts';
import { places, started, webhook } from '../payments/hold-support.ts';
import { useStripeTestApp } from '../payments/stripe-test-app.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer } from '../test/helper.ts';
import { waitingListSupport } from './test-support.ts';

/** Issue 27, "Family waiting list": joining, answering, checkout, administrators and the offer
 * hours, on PGlite and PostgreSQL. */
const t = useStripeTestApp();
const { family, fullRace, join, answer, again, admin, removeBooking, states, kept, joined } = waitingListSupport(t);

describe('the family waiting list: joining, answers and administrators', () => {
  it('two accepts of one offer at once book its places once; a GET accepts nothing', async () => {
    const { eventId, bookingIds } = await fullRace(2);
    const A = await family(2);
    const a = await joined(A.parent, eventId, A.kids, 'all');
    await removeBooking(bookingIds[0] as number);
    await removeBooking(bookingIds[1] as number);
    expect(await states(eventId)).toEqual(['offered']);
    // what a mail scanner does: fetch the link and what looks like its buttons
    for (const url of [`/waiting-list/${a}`, `/api/v1/waiting-list/${a}/accept/`, `/api/v1/waiting-list/${a}/`]) {
      await t.app.inject({ method: 'GET', url, headers: A.parent.headers });
    }
    expect(await states(eventId)).toEqual(['offered']);
    expect(await places(t, eventId)).toEqual({ booked: 0, held: 2 });

    const both = await Promise.all([answer(A.parent, a, 'accept'), answer(A.parent, a, 'accept')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await places(t, eventId)).toEqual({ booked: 2, held: 0 });
    expect(await t.app.ctx.db.select().from(bookings).where(eq(bookings.eventId, eventId))).toHaveLength(2);
  });

  it('a paid offer holds its places in the cart until the offer ends, and checkout books them', async () => {
    const { eventId, bookingIds } = await fullRace(1, { pricePence: 2500 });
    const X = await family(1);
    const x = await joined(X.parent, eventId, X.kids);
    await removeBooking(bookingIds[0] as number);
    const accepted = await answer(X.parent, x, 'accept');
    expect(accepted.json()).toEqual({ message: WAITING_MSG.acceptedPaid(2500), checkout: true });
    const cart = await t.app.ctx.db.select().from(cartItems).where(eq(cartItems.ownerId, X.parent.id));
    expect(cart.map((c) => c.participantId)).toEqual([X.kids[0]?.id]);
    const [line] = await t.app.ctx.db.select().from(paymentLines).where(eq(paymentLines.eventId, eventId));
    expect([line?.state, line?.heldUntil?.toISOString()]).toEqual(['held', '2026-01-17T12:00:00.000Z']);
    expect(await places(t, eventId)).toEqual({ booked: 0, held: 1 });
    // checkout asks which cart lines the offer holds, and until when (it says so before a start)
    const holds = (who: typeof X.parent) =>
      t.app.inject({ method: 'GET', url: '/api/v1/waiting-list/holds/', headers: who.headers });
    expect((await holds(X.parent)).json()).toEqual([{ cart_item: cart[0]?.id, ends_at: '2026-01-17T12:00:00.000Z' }]);
    // another tab answering the same offer again is refused, in words
    const late = await answer(X.parent, x, 'decline');
    expect([late.statusCode, late.json().error]).toEqual([409, WAITING_MSG.noOffer]);
    // an hour later the parent pays: the hold is the offer's, not a fresh 15 minutes
    t.clock.set('2026-01-15T13:00:00Z');
    const payer = await again(X.parent);
    const { reference, heldUntil } = await started(t, payer, '25.00');
    expect(heldUntil).toBe('2026-01-17T12:00:00.000Z');
    expect((await holds(payer)).json()).toHaveLength(1);
    await t.stripe.confirm(reference);
    expect((await webhook(t, reference)).statusCode).toBe(200);
    expect(await places(t, eventId)).toEqual({ booked: 1, held: 0 });
    expect((await holds(payer)).json()).toEqual([]);
  });

  it('refuses a race with places, a racer twice, five members and another family’s entry', async () => {
    const open = await raceEventRow(t.app, { ...OPEN_WINDOW, quantity: 3, pricePence: 0 });
    const A = await family(1);
    const notFull = await join(A.parent, open, A.kids);
    expect([notFull.statusCode, notFull.json().error]).toEqual([409, WAITING_MSG.notFull]);
    const { eventId } = await fullRace(1);
    const a = await joined(A.parent, eventId, A.kids);
    const twice = await join(A.parent, eventId, A.kids);
    expect([twice.statusCode, twice.json().error]).toEqual([
      409,
      WAITING_MSG.alreadyWaiting(A.kids[0]?.name ?? '', 'Hemel Open Slalom'),
    ]);
    const big = await family(5);
    const five = await join(big.parent, eventId, big.kids);
    expect(five.statusCode).toBe(400);
    const stranger = await family(1);
    const theirs = await join(stranger.parent, eventId, A.kids);
    expect(theirs.statusCode).toBe(400);
    for (const what of ['accept', 'decline', 'leave'] as const) {
      expect((await answer(stranger.parent, a, what)).statusCode).toBe(404);
    }
    const look = await t.app.inject({
      method: 'GET',
      url: `/api/v1/waiting-list/${a}/`,
      headers: stranger.parent.headers,
    });
    expect(look.statusCode).toBe(404);
  });

  it('administrators see positions and offers, remove an entry (its offer passes on), and a list that empties frees its kept places', async () => {
    const { eventId, bookingIds } = await fullRace(2);
    const A = await family(2);
    const B = await family(1);
    const a = await joined(A.parent, eventId, A.kids, 'all');
    const b = await joined(B.parent, eventId, B.kids);
    await removeBooking(bookingIds[0] as number);
    const headers = await admin();
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/v1/products/${eventId}/waiting-list/`, headers })
    ).json();
    expect(
      list.entries.map((e: { id: number; position: number; state: string }) => [e.id, e.position, e.state]),
    ).toEqual([
      [a, 1, 'waiting'],
      [b, 2, 'offered'],
    ]);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/waiting-list/${b}/`, headers });
    expect(removed.json().message).toBe(WAITING_MSG.removed(B.parent.name, 'Hemel Open Slalom'));
    expect(await kept(eventId)).toBe(1);
    expect(await places(t, eventId)).toEqual({ booked: 1, held: 1 });
    // A leaves: nobody waits, the kept place returns to open sale
    await answer(A.parent, a, 'leave');
    expect(await kept(eventId)).toBe(0);
    expect(await places(t, eventId)).toEqual({ booked: 1, held: 0 });
    const parent = await signedIn(t.app, 'user');
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/${eventId}/waiting-list/`,
      headers: bearer(parent.access),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('offer hours: 48 by default, set by super administrators between 6 and 336', async () => {
    const headers = await admin();
    const read = await t.app.inject({ method: 'GET', url: '/api/v1/admin/waiting-list-settings/', headers });
    expect(read.json()).toEqual({ offer_hours: 48 });
    const put = (h: { authorization: string }, hours: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/waiting-list-settings/',
        headers: h,
        payload: { offer_hours: hours },
      });
    expect((await put(headers, 24)).statusCode).toBe(403);
    const root = bearer((await signedIn(t.app, 'super')).access);
    for (const wrong of [5, 337, 12.5, '24']) {
      const res = await put(root, wrong);
      expect([res.statusCode, res.json().errors?.offer_hours]).toEqual([400, [WAITING_MSG.offerHours]]);
    }
    expect((await put(root, 6)).json()).toEqual({ offer_hours: 6, message: WAITING_MSG.settingsSaved(6) });
    const { eventId, bookingIds } = await fullRace(1);
    const X = await family(1);
    await joined(X.parent, eventId, X.kids);
    await removeBooking(bookingIds[0] as number);
    const [entry] = await t.app.ctx.db.select().from(waitingEntries).where(eq(waitingEntries.eventId, eventId));
    expect(entry?.offerEndsAt?.toISOString()).toBe('2026-01-15T18:00:00.000Z');
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WAITING_MSG } from '../../domain/waiting-list/messages.ts';
import { bookings } from '../db/schema.ts';
import { waitingEntries } from '../db/schema-waiting-list.ts';
import { places, started } from '../payments/hold-support.ts';
import { runPaymentJobs } from '../payments/jobs.ts';
import { useStripeTestApp } from '../payments/stripe-test-app.ts';
import { type Booker, makeBookers } from '../payments/test-support.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { HOUR, waitingListSupport } from './test-support.ts';

/** Issue 27, "Family waiting list": how freed places become offers and how offers end, with a
 * controlled clock, on PGlite and PostgreSQL. */
const t = useStripeTestApp();
const { family, fullRace, answer, again, removeBooking, states, kept, joined } = waitingListSupport(t);

describe('the family waiting list: freed places and offers', () => {
  it('A (2, all-or-nothing), B (1), C (1): a freed place goes to B, the next to C; B and C decline, so A is offered both', async () => {
    const { eventId, bookingIds } = await fullRace(4);
    const A = await family(2);
    const B = await family(1);
    const C = await family(1);
    const a = await joined(A.parent, eventId, A.kids, 'all');
    const b = await joined(B.parent, eventId, B.kids);
    const c = await joined(C.parent, eventId, C.kids);
    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/waiting-list/', headers: C.parent.headers });
    expect(mine.json().map((e: { position: number; state: string }) => [e.position, e.state])).toEqual([
      [3, 'waiting'],
    ]);

    await removeBooking(bookingIds[0] as number);
    expect(await states(eventId)).toEqual(['waiting', 'offered', 'waiting']);
    expect(await places(t, eventId)).toEqual({ booked: 3, held: 1 });
    await t.flushMail();
    expect(t.outbox.messages.map((m) => [m.to, m.subject])).toEqual([
      [`${B.parent.username}@example.com`, 'ERSA: a place in Hemel Open Slalom is offered to you'],
    ]);
    expect(t.outbox.messages[0]?.text).toContain(`/waiting-list/${b}`);
    expect(t.outbox.messages[0]?.text).toContain('Saturday 17th January 2026, 12:00 UK time');

    await removeBooking(bookingIds[1] as number);
    expect(await states(eventId)).toEqual(['waiting', 'offered', 'offered']);
    expect(await places(t, eventId)).toEqual({ booked: 2, held: 2 });

    expect((await answer(B.parent, b, 'decline')).json()).toEqual({ message: WAITING_MSG.declined });
    // one place free, A needs two: kept for the list, and the public cannot take it
    expect(await states(eventId)).toEqual(['waiting', 'declined', 'offered']);
    expect(await kept(eventId)).toBe(1);
    expect(await places(t, eventId)).toEqual({ booked: 2, held: 2 });
    const [stranger] = (await makeBookers(t.app, 1, [eventId])) as [Booker];
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bookings/',
      headers: stranger.headers,
      payload: { bookings: [{ product: eventId, participant: stranger.username }] },
    });
    expect(free.statusCode, free.body).toBe(409);
    expect(await places(t, eventId)).toEqual({ booked: 2, held: 2 });

    await answer(C.parent, c, 'decline');
    expect(await states(eventId)).toEqual(['offered', 'declined', 'declined']);
    expect(await kept(eventId)).toBe(0);
    const offer = (
      await t.app.inject({ method: 'GET', url: `/api/v1/waiting-list/${a}/`, headers: A.parent.headers })
    ).json();
    expect(offer.offer).toEqual({ places: 2, ends_at: '2026-01-17T12:00:00.000Z', total: '0.00' });

    const accepted = await answer(A.parent, a, 'accept');
    expect(accepted.json()).toEqual({
      message: WAITING_MSG.acceptedFree(`${A.kids[0]?.name} and ${A.kids[1]?.name}`, 'Hemel Open Slalom'),
      checkout: false,
    });
    expect(await places(t, eventId)).toEqual({ booked: 4, held: 0 });
    expect(await states(eventId)).toEqual(['accepted', 'declined', 'declined']);
    // the counters agree with the rows: the job's recount repairs nothing
    expect((await runPaymentJobs(t.app.ctx, t.app.log)).repaired).toBe(0);
  });

  it('an offer expires after 48 hours and passes on at once; the job says so to the next family', async () => {
    const { eventId, bookingIds } = await fullRace(1);
    const X = await family(1);
    const Y = await family(1);
    const x = await joined(X.parent, eventId, X.kids);
    const y = await joined(Y.parent, eventId, Y.kids);
    await removeBooking(bookingIds[0] as number);
    expect(await states(eventId)).toEqual(['offered', 'waiting']);
    await t.flushMail();
    t.clock.set(new Date(Date.parse('2026-01-15T12:00:00Z') + 48 * HOUR - 1000));
    await runPaymentJobs(t.app.ctx, t.app.log);
    expect(await states(eventId)).toEqual(['offered', 'waiting']);
    t.clock.set(new Date(Date.parse('2026-01-15T12:00:00Z') + 48 * HOUR));
    await runPaymentJobs(t.app.ctx, t.app.log);
    expect(await states(eventId)).toEqual(['expired', 'offered']);
    expect(await places(t, eventId)).toEqual({ booked: 0, held: 1 });
    const late = await answer(await again(X.parent), x, 'accept');
    expect([late.statusCode, late.json().error]).toEqual([409, WAITING_MSG.offerEnded]);
    await t.flushMail();
    expect(t.outbox.messages.map((m) => m.to)).toEqual([
      `${X.parent.username}@example.com`,
      `${Y.parent.username}@example.com`,
    ]);
    expect(y).toBeGreaterThan(x);
  });

  it('an offer answered before its e-mail goes out sends nothing', async () => {
    const { eventId, bookingIds } = await fullRace(1);
    const X = await family(1);
    const x = await joined(X.parent, eventId, X.kids);
    await removeBooking(bookingIds[0] as number);
    await answer(X.parent, x, 'decline');
    await t.flushMail();
    expect(t.outbox.messages).toEqual([]);
  });

  it('an offer lasts until entries close when that is sooner, and a place freed within 6 hours of the close is sold openly', async () => {
    // entries close 7 February 2026 at 18:00 London (GMT): 18:00Z
    const { eventId, bookingIds } = await fullRace(2);
    const X = await family(1);
    await joined(X.parent, eventId, X.kids);
    t.clock.set('2026-02-06T20:00:00Z');
    await removeBooking(bookingIds[0] as number);
    const [entry] = await t.app.ctx.db.select().from(waitingEntries).where(eq(waitingEntries.eventId, eventId));
    expect(entry?.offerEndsAt?.toISOString()).toBe('2026-02-07T18:00:00.000Z');
    expect(await places(t, eventId)).toEqual({ booked: 1, held: 1 });

    const Y = await family(1);
    await joined(Y.parent, eventId, Y.kids);
    t.clock.set('2026-02-07T12:00:01Z');
    await removeBooking(bookingIds[1] as number);
    expect(await places(t, eventId)).toEqual({ booked: 0, held: 1 });
    expect(await states(eventId)).toEqual(['offered', 'waiting']);
    // at the close the list closes, and the offer with it
    t.clock.set('2026-02-07T18:00:00Z');
    await runPaymentJobs(t.app.ctx, t.app.log);
    expect(await states(eventId)).toEqual(['expired', 'closed']);
    expect(await places(t, eventId)).toEqual({ booked: 0, held: 0 });
  });

  it('an "any" entry takes what is free and keeps its position for the rest', async () => {
    const { eventId, bookingIds } = await fullRace(2);
    const A = await family(3);
    const B = await family(1);
    const a = await joined(A.parent, eventId, A.kids, 'any');
    await joined(B.parent, eventId, B.kids);
    await removeBooking(bookingIds[0] as number);
    const offer = (
      await t.app.inject({ method: 'GET', url: `/api/v1/waiting-list/${a}/`, headers: A.parent.headers })
    ).json();
    expect(offer.offer.places).toBe(1);
    expect(offer.members.map((m: { state: string }) => m.state)).toEqual(['offered', 'waiting', 'waiting']);
    await answer(A.parent, a, 'accept');
    const after = (
      await t.app.inject({ method: 'GET', url: `/api/v1/waiting-list/${a}/`, headers: A.parent.headers })
    ).json();
    expect([after.state, after.position]).toEqual(['waiting', 1]);
    await removeBooking(bookingIds[1] as number);
    expect(await states(eventId)).toEqual(['offered', 'waiting']);
  });

  it('a lapsed payment hold goes to the list, not back to open sale', async () => {
    const eventId = await raceEventRow(t.app, {
      ...OPEN_WINDOW,
      name: 'Hemel Open Slalom',
      quantity: 1,
      pricePence: 2500,
    });
    const [payer] = (await makeBookers(t.app, 1, [eventId])) as [Booker];
    await started(t, payer, '25.00');
    const X = await family(1);
    await joined(X.parent, eventId, X.kids);
    expect(await places(t, eventId)).toEqual({ booked: 0, held: 1 });
    t.clock.set('2026-01-15T12:16:00Z');
    await runPaymentJobs(t.app.ctx, t.app.log);
    expect(await states(eventId)).toEqual(['offered']);
    expect(await places(t, eventId)).toEqual({ booked: 0, held: 1 });
  });

  it('offers accepted at once beside strangers trying to book never oversell', async () => {
    const { eventId, bookingIds } = await fullRace(2);
    const X = await family(1);
    const Y = await family(1);
    const x = await joined(X.parent, eventId, X.kids);
    const y = await joined(Y.parent, eventId, Y.kids);
    const strangers = await makeBookers(t.app, 3, [eventId]);
    await Promise.all(bookingIds.map((id) => removeBooking(id)));
    const answers = await Promise.all([
      answer(X.parent, x, 'accept'),
      answer(Y.parent, y, 'accept'),
      ...strangers.map((s) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/bookings/',
          headers: s.headers,
          payload: { bookings: [{ product: eventId, participant: s.username }] },
        }),
      ),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 409, 409, 409]);
    expect(await places(t, eventId)).toEqual({ booked: 2, held: 0 });
    const booked = await t.app.ctx.db
      .select({ userId: bookings.userId })
      .from(bookings)
      .where(eq(bookings.eventId, eventId));
    expect(booked.map((b) => b.userId).sort()).toEqual([X.kids[0]?.id, Y.kids[0]?.id].sort());
  });
});

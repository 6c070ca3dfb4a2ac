import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { WAITING_MSG } from '../../domain/waiting-list/messages.ts';
import { startSession } from '../accounts/sessions.ts';
import { bookings, cartItems, families, paymentLines, users } from '../db/schema.ts';
import { waitingEntries, waitingPlaces } from '../db/schema-waiting-list.ts';
import { places, started, webhook } from '../payments/hold-support.ts';
import { runPaymentJobs } from '../payments/jobs.ts';
import { useStripeTestApp } from '../payments/stripe-test-app.ts';
import { type Booker, makeBookers } from '../payments/test-support.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer } from '../test/helper.ts';

/** Issue 27, "Family waiting list", with a controlled clock, on PGlite and PostgreSQL. */
const t = useStripeTestApp();
const HOUR = 3_600_000;

beforeEach(() => t.clock.set('2026-01-15T12:00:00Z'));

/** A parent and `children` approved racers in one family; the parent enters the children. */
async function family(children: number): Promise<{ parent: Booker; kids: Booker[] }> {
  const [parent, ...kids] = (await makeBookers(t.app, children + 1, [])) as [Booker, ...Booker[]];
  const [f] = await t.app.ctx.db.insert(families).values({}).returning({ id: families.id });
  await t.app.ctx.db
    .update(users)
    .set({ familyId: f?.id })
    .where(
      sql`${users.id} in (${sql.join(
        [parent, ...kids].map((b) => sql`${b.id}::int`),
        sql`, `,
      )})`,
    );
  return { parent, kids };
}

/** A race whose `quantity` places are all booked (by racers of no family here); their bookings. */
async function fullRace(quantity: number, values: Parameters<typeof raceEventRow>[1] = {}) {
  const eventId = await raceEventRow(t.app, {
    ...OPEN_WINDOW,
    name: 'Hemel Open Slalom',
    quantity,
    pricePence: 0,
    ...values,
  });
  const racers = await makeBookers(t.app, quantity, []);
  const made = await t.app.ctx.db
    .insert(bookings)
    .values(racers.map((r) => ({ eventId, userId: r.id, bookedById: r.id, source: 'FREE' as const })))
    .returning({ id: bookings.id });
  await t.app.ctx.db.execute(sql`update events set booked = ${quantity} where id = ${eventId}`);
  return { eventId, bookingIds: made.map((b) => b.id) };
}

const join = (who: Booker, eventId: number, participants: Booker[], mode: 'all' | 'any' = 'all') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/products/${eventId}/waiting-list/`,
    headers: who.headers,
    payload: { participants: participants.map((p) => p.id), mode },
  });

const answer = (who: Booker, entryId: number, what: 'accept' | 'decline' | 'leave') =>
  t.app.inject({ method: 'POST', url: `/api/v1/waiting-list/${entryId}/${what}/`, headers: who.headers });

/** The booker signed in again at the clock's now (their first session has ended). */
async function again(who: Booker): Promise<Booker> {
  const session = await startSession(t.app.ctx, who.id);
  return { ...who, headers: bearer(session.access) };
}

async function admin() {
  const a = await signedIn(t.app, 'admin');
  return bearer(a.access);
}

/** An administrator removes a booking (Booked Participants → Remove), freeing its place. */
async function removeBooking(bookingId: number) {
  const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/bookings/${bookingId}/`, headers: await admin() });
  expect(res.statusCode, res.body).toBe(200);
}

async function states(eventId: number) {
  const rows = await t.app.ctx.db
    .select({ id: waitingEntries.id, state: waitingEntries.state })
    .from(waitingEntries)
    .where(eq(waitingEntries.eventId, eventId))
    .orderBy(asc(waitingEntries.id));
  return rows.map((r) => r.state);
}

async function kept(eventId: number) {
  const [row] = await t.app.ctx.db.select().from(waitingPlaces).where(eq(waitingPlaces.eventId, eventId));
  return row?.kept ?? 0;
}

async function joined(who: Booker, eventId: number, members: Booker[], mode: 'all' | 'any' = 'all'): Promise<number> {
  const res = await join(who, eventId, members, mode);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().entry.id;
}

describe('the family waiting list', () => {
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
    // an hour later the parent pays: the hold is the offer's, not a fresh 15 minutes
    t.clock.set('2026-01-15T13:00:00Z');
    const { reference, heldUntil } = await started(t, await again(X.parent), '25.00');
    expect(heldUntil).toBe('2026-01-17T12:00:00.000Z');
    await t.stripe.confirm(reference);
    expect((await webhook(t, reference)).statusCode).toBe(200);
    expect(await places(t, eventId)).toEqual({ booked: 1, held: 0 });
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

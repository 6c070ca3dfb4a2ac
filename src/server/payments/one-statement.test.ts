import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_MSG, CART_MSG } from '../../domain/cart/index.ts';
import { bookings, cartItems, events, paymentLines, payments, profiles } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { holdInOneStatement, settleInOneStatement } from './one-statement.ts';
import { useStripeTestApp } from './stripe-test-app.ts';
import { type Booker, makeBookers } from './test-support.ts';

/**
 * The one-statement start and settlement (docs/decisions/0022) decide only what the transaction
 * path would decide the same way; anything else they leave to it. These tests pin the cases where
 * a looser statement would hold or book what the rules refuse.
 */
const t = useStripeTestApp();
const OPEN = { ...OPEN_WINDOW, pricePence: 2500 };

const start = (who: Booker) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/create-payment-intent/',
    headers: who.headers,
    payload: { amount: '25.00' },
  });
const places = async (id: number) =>
  (await t.app.ctx.db.select({ booked: events.booked, held: events.held }).from(events).where(eq(events.id, id)))[0];

beforeEach(() => t.clock.set('2026-01-15T12:00:00Z'));

describe('a payment start holds in one statement only whom the rules let in', () => {
  it('a racer whose approval was withdrawn after the line went into the cart: refused by name, nothing held', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, quantity: 5 });
    const [who] = (await makeBookers(t.app, 1, [race])) as [Booker];
    for (const status of ['PENDING', 'REJECTED'] as const) {
      await t.app.ctx.db.update(profiles).set({ isRacerConfirmed: status }).where(eq(profiles.userId, who.id));
      const res = await start(who);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(BOOKING_MSG.cannotEnter(who.name));
    }
    expect(await places(race)).toEqual({ booked: 0, held: 0 });
    expect(await t.app.ctx.db.select().from(payments)).toEqual([]);
  });

  it('an archived member or another family’s child in the cart: refused, nothing held', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, quantity: 5 });
    const [parent, other] = (await makeBookers(t.app, 2, [])) as [Booker, Booker];
    // the other family's child in this parent's cart (a line the cart would never take)
    await t.app.ctx.db
      .insert(cartItems)
      .values({ ownerId: parent.id, eventId: race, participantId: other.id, createdAt: t.clock.now() });
    expect((await start(parent)).json().error).toBe(CART_MSG.notFamily(other.name));
    await t.app.ctx.db.delete(cartItems).where(eq(cartItems.ownerId, parent.id));

    const [self] = (await makeBookers(t.app, 1, [race])) as [Booker];
    await t.app.ctx.db.update(profiles).set({ archived: true }).where(eq(profiles.userId, self.id));
    expect((await start(self)).json().error).toBe(CART_MSG.notFamily(self.name));
    await t.app.ctx.db.update(profiles).set({ archived: false }).where(eq(profiles.userId, self.id));
    expect(await places(race)).toEqual({ booked: 0, held: 0 });
    expect((await start(self)).statusCode).toBe(200);
    expect(await places(race)).toEqual({ booked: 0, held: 1 });
  });

  it('a participant booked meanwhile (an administrator added them): told so, nothing held', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, quantity: 5 });
    const [who] = (await makeBookers(t.app, 1, [race])) as [Booker];
    await t.app.ctx.db
      .insert(bookings)
      .values({ eventId: race, userId: who.id, source: 'ADMIN', createdAt: t.clock.now() });
    await t.app.ctx.db.update(events).set({ booked: 1 }).where(eq(events.id, race));
    const res = await start(who);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(BOOKING_MSG.alreadyBooked(who.name));
    expect(await places(race)).toEqual({ booked: 1, held: 0 });
  });

  it('a participant booked while the start waits for the event row (an administrator adding them): told so, nothing held', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, quantity: 5 });
    const [who] = (await makeBookers(t.app, 1, [race])) as [Booker];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // an administrator's Add Participant, holding the event's row until the start is waiting for it
    const adding = t.app.ctx.db.transaction(async (tx) => {
      await tx.select().from(events).where(eq(events.id, race)).for('update');
      await tx.insert(bookings).values({ eventId: race, userId: who.id, source: 'ADMIN', createdAt: t.clock.now() });
      await tx
        .update(events)
        .set({ booked: sql`${events.booked} + 1` })
        .where(eq(events.id, race));
      await gate;
    });
    const starting = start(who);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await adding;
    const res = await starting;
    expect([res.statusCode, res.json().error]).toEqual([409, BOOKING_MSG.alreadyBooked(who.name)]);
    expect(await places(race)).toEqual({ booked: 1, held: 0 });
  });

  it('decides nothing (the transaction path answers) when the user has a payment under way or a line does not fit', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, quantity: 1 });
    const [who, late] = (await makeBookers(t.app, 2, [race])) as [Booker, Booker];
    const request = (userId: number, participantId: number) => ({
      userId,
      provider: 'stripe' as const,
      eventId: race,
      lines: [{ participantId, pricePence: 2500 }],
      totalPence: 2500,
      heldUntil: new Date(t.clock.now().getTime() + 15 * 60_000),
    });
    const held = await holdInOneStatement(t.app.ctx, request(who.id, who.id));
    expect(held).toMatchObject({ outcome: 'held' });
    // again while it lasts: the transaction path gives the same payment back
    expect(await holdInOneStatement(t.app.ctx, request(who.id, who.id))).toEqual({ outcome: 'undecided' });
    // another family: the last place is held, nothing of theirs, nothing lapsed: full for certain
    expect(await holdInOneStatement(t.app.ctx, request(late.id, late.id))).toEqual({ outcome: 'full' });
    // once that hold has lapsed the place may come back: the transaction path releases it
    t.clock.advance(16 * 60_000);
    expect(await holdInOneStatement(t.app.ctx, request(late.id, late.id))).toEqual({ outcome: 'undecided' });
    expect(await places(race)).toEqual({ booked: 0, held: 1 });
  });
});

describe('a settlement in one statement', () => {
  it('books every held line once; settled already, or a line no longer held: decides nothing and changes nothing', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, quantity: 5 });
    const [who, other] = (await makeBookers(t.app, 2, [race])) as [Booker, Booker];
    expect((await start(who)).statusCode).toBe(200);
    expect((await start(other)).statusCode).toBe(200);
    const [mine] = await t.app.ctx.db.select().from(payments).where(eq(payments.userId, who.id));
    const [theirs] = await t.app.ctx.db.select().from(payments).where(eq(payments.userId, other.id));
    if (!mine || !theirs) throw new Error('no payments');

    expect(await settleInOneStatement(t.app.ctx, mine.id, null)).toBe('settled');
    expect(await settleInOneStatement(t.app.ctx, mine.id, null)).toBe('undecided');
    expect(await places(race)).toEqual({ booked: 1, held: 1 });
    const [line] = await t.app.ctx.db.select().from(paymentLines).where(eq(paymentLines.paymentId, mine.id));
    const [booking] = await t.app.ctx.db.select().from(bookings).where(eq(bookings.userId, who.id));
    expect(line).toMatchObject({ state: 'booked', bookingId: booking?.id });
    expect(booking).toMatchObject({ eventId: race, source: 'PAYMENT', paymentRef: mine.reference, amountPence: 2500 });
    expect(
      await t.app.ctx.db
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.ownerId, who.id), eq(cartItems.eventId, race))),
    ).toEqual([]);

    // the other payment's hold was released (it lapsed and the job gave the place back)
    await t.app.ctx.db.update(paymentLines).set({ state: 'released' }).where(eq(paymentLines.paymentId, theirs.id));
    await t.app.ctx.db.update(events).set({ held: 0 }).where(eq(events.id, race));
    expect(await settleInOneStatement(t.app.ctx, theirs.id, null)).toBe('undecided');
    const [after] = await t.app.ctx.db.select().from(payments).where(eq(payments.id, theirs.id));
    expect(after).toMatchObject({ status: 'started', settledAt: null });
    expect(await t.app.ctx.db.select().from(bookings).where(eq(bookings.userId, other.id))).toEqual([]);
    expect(await places(race)).toEqual({ booked: 1, held: 0 });
  });
});

import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, cartItems, events, profiles } from '../db/schema.ts';
import { raceEventRow } from '../people/booked-test-support.ts';
import { createUser, type FixtureUser, login } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';

const t = useTestApp();
const OPEN = {
  date: '2026-02-14',
  registrationOpen: '2026-01-10',
  registrationOpenTime: '19:00',
  registrationClose: '2026-02-07',
  registrationCloseTime: '18:00',
  quantity: 2,
  pricePence: 0,
};

let racer: FixtureUser;
let headers: { authorization: string };
let free: number;

const post = (url: string, payload: object, h = headers) => t.app.inject({ method: 'POST', url, headers: h, payload });
const addToCart = (product: number, participant = racer.username) =>
  post('/api/v1/cart/bulk-add/', { items: [{ product, participant }] });
const book = (product: number, participant = racer.username, h = headers) =>
  post('/api/v1/bookings/', { bookings: [{ product, participant }] }, h);
const bookedCount = async (id: number) =>
  (await t.app.ctx.db.select({ n: events.booked }).from(events).where(eq(events.id, id)))[0]?.n;

beforeEach(async () => {
  t.clock.set('2026-01-15T12:00:00Z');
  racer = await createUser(t.app, { racer: true });
  await t.app.ctx.db.update(profiles).set({ isRacerConfirmed: 'APPROVED' }).where(eq(profiles.userId, racer.id));
  headers = bearer((await login(t.app, racer)).access);
  free = await raceEventRow(t.app, { ...OPEN, name: 'Free Fun Race' });
});

describe('booking free lines of the cart', () => {
  it('books a free line: the place is taken, the line leaves the cart, a receipt is e-mailed', async () => {
    await addToCart(free);
    const res = await book(free);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      booked: [
        {
          id: expect.any(Number),
          product: free,
          participant: racer.username,
          participant_name: `${racer.firstName} ${racer.lastName}`,
          product_name: 'Free Fun Race',
        },
      ],
      errors: [],
    });
    expect(await bookedCount(free)).toBe(1);
    expect(await t.app.ctx.db.select().from(cartItems)).toEqual([]);
    await t.flushMail();
    const receipt = t.outbox.messages.find((m) => m.subject === 'ERSA: your entry for Free Fun Race is confirmed');
    expect(receipt?.text).toContain(`Free Fun Race\n`);
    expect(receipt?.text).toContain(`${racer.firstName} ${racer.lastName}: FREE`);
    expect(receipt?.text).toContain('Payment: free entry (no payment), reference free booking');
    // booking again finds it booked, and takes no second place: nothing booked is a 409
    const again = await book(free);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: `${racer.firstName} ${racer.lastName} is already booked on this event.`,
      errors: { bookings: [`${racer.firstName} ${racer.lastName} is already booked on this event.`] },
    });
    expect(await bookedCount(free)).toBe(1);
  });

  it('never books a paid line without a confirmed payment, nor a line not in the cart', async () => {
    const paid = await raceEventRow(t.app, { ...OPEN, pricePence: 2500 });
    await addToCart(paid);
    const res = await book(paid);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('A paid place is booked only against a confirmed payment.');
    expect(await t.app.ctx.db.select().from(bookings)).toEqual([]);
    const notInCart = await book(free);
    expect(notInCart.json().error).toBe('That participant is not in your cart for this event.');
  });

  it('the same booking sent twice at once takes one place', async () => {
    await addToCart(free);
    const [a, b] = await Promise.all([book(free), book(free)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.json().booked ?? []).length + (b.json().booked ?? []).length).toBe(1);
    expect(await bookedCount(free)).toBe(1);
    expect(await t.app.ctx.db.select().from(bookings)).toHaveLength(1);
  });

  it('two families booking the last place at once: one is booked, the other told the event is full', async () => {
    const one = await raceEventRow(t.app, { ...OPEN, quantity: 1 });
    const other = await createUser(t.app, { racer: true });
    await t.app.ctx.db.update(profiles).set({ isRacerConfirmed: 'APPROVED' }).where(eq(profiles.userId, other.id));
    const otherHeaders = bearer((await login(t.app, other)).access);
    await addToCart(one);
    await post('/api/v1/cart/bulk-add/', { items: [{ product: one, participant: other.username }] }, otherHeaders);
    const [a, b] = await Promise.all([book(one), book(one, other.username, otherHeaders)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [, refused] = a.statusCode === 409 ? [b, a] : [a, b];
    const name = refused === a ? `${racer.firstName} ${racer.lastName}` : `${other.firstName} ${other.lastName}`;
    expect(refused.json().error).toBe(`Hemel Club Race is full: there is no place left for ${name}.`);
    expect(await bookedCount(one)).toBe(1);
  });

  it('refuses a racer rejected after the line went into the cart, and a closed window', async () => {
    await addToCart(free);
    await t.app.ctx.db.update(profiles).set({ isRacerConfirmed: 'REJECTED' }).where(eq(profiles.userId, racer.id));
    expect((await book(free)).json().error).toBe(
      `${racer.firstName} ${racer.lastName} cannot be entered for this event.`,
    );
    await t.app.ctx.db.update(profiles).set({ isRacerConfirmed: 'APPROVED' }).where(eq(profiles.userId, racer.id));
    t.clock.set('2026-02-08T12:00:00Z');
    headers = bearer((await login(t.app, racer)).access);
    expect((await book(free)).json().error).toBe('Registration for this event is not open.');
    expect(await bookedCount(free)).toBe(0);
  });

  it('needs a sign-in and a list of one to 50 lines', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/bookings/', payload: { bookings: [] } })).statusCode,
    ).toBe(401);
    expect((await post('/api/v1/bookings/', { bookings: [] })).statusCode).toBe(400);
  });
});

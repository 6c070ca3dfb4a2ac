import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../accounts/sessions.ts';
import { cartItems } from '../db/schema.ts';
import { bulkAdd, MINUTE, places, startCard, started, webhook } from '../payments/hold-support.ts';
import { runPaymentJobs } from '../payments/jobs.ts';
import { useStripeTestApp } from '../payments/stripe-test-app.ts';
import { type Booker, makeBookers } from '../payments/test-support.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { bearer } from '../test/helper.ts';

/**
 * Issue 36, entry night: a family that loses the last place reads that the race is full
 * ("{event} is full"), whatever step it was at when the place went, and its cart says what
 * happened (docs/decisions/0058).
 */
const t = useStripeTestApp();
beforeEach(() => t.clock.set('2026-01-15T12:00:00Z'));

const full = (event: string, who: Booker) => `${event} is full: there is no place left for ${who.name}.`;

const cart = async (who: Booker) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/cart/', headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { product: number; participant: string; note: string | null }[];
};
const bookFree = (who: Booker, product: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/bookings/',
    headers: who.headers,
    payload: { bookings: [{ product, participant: who.username }] },
  });
const addAgain = async (who: Booker, product: number) =>
  (await bulkAdd(t, who, [{ product, participant: who.username }])).json() as {
    added_items: unknown[];
    already_in_cart: unknown[];
    errors: { error: string }[];
  };

describe('a free race: the family that loses the last place', () => {
  it('with the line in its cart when the place went: booking, adding again and the cart all say the race is full', async () => {
    const race = await raceEventRow(t.app, { ...OPEN_WINDOW, name: 'Free Race', pricePence: 0, quantity: 1 });
    const [a, b] = (await makeBookers(t.app, 2, [race])) as [Booker, Booker];
    expect((await bookFree(a, race)).statusCode).toBe(200);

    const booked = await bookFree(b, race);
    expect([booked.statusCode, booked.json().error]).toEqual([409, full('Free Race', b)]);
    const again = await addAgain(b, race);
    expect(again.errors.map((e) => e.error)).toEqual([full('Free Race', b)]);
    expect(await cart(b)).toEqual([
      expect.objectContaining({ product: race, participant: b.username, note: full('Free Race', b) }),
    ]);
    // the winner's cart is empty; nobody else's line carries a note while places are left
    expect(await cart(a)).toEqual([]);
  });

  it('with the line gone from its cart (removed, or never added): booking and adding say the race is full, not "not in your cart"', async () => {
    const race = await raceEventRow(t.app, { ...OPEN_WINDOW, name: 'Free Race', pricePence: 0, quantity: 1 });
    const [a] = (await makeBookers(t.app, 1, [race])) as [Booker];
    const [b] = (await makeBookers(t.app, 1, [])) as [Booker];
    expect((await bookFree(a, race)).statusCode).toBe(200);

    const added = await addAgain(b, race);
    expect(added.errors.map((e) => e.error)).toEqual([full('Free Race', b)]);
    const booked = await bookFree(b, race);
    expect([booked.statusCode, booked.json().error]).toEqual([409, full('Free Race', b)]);
  });

  it('a line of a race with places left carries no note, and one whose place is free again loses it', async () => {
    const race = await raceEventRow(t.app, { ...OPEN_WINDOW, name: 'Free Race', pricePence: 0, quantity: 2 });
    const [a, b] = (await makeBookers(t.app, 2, [race])) as [Booker, Booker];
    expect((await cart(b))[0]?.note).toBeNull();
    expect((await bookFree(a, race)).statusCode).toBe(200);
    expect((await cart(b))[0]?.note).toBeNull();
  });
});

describe('a paid race: the family that loses the last place', () => {
  it('in its cart, not yet paying: paying, adding again and the cart say the race is full', async () => {
    const race = await raceEventRow(t.app, { ...OPEN_WINDOW, name: 'Paid Race', quantity: 1 });
    const [a, b] = (await makeBookers(t.app, 2, [race])) as [Booker, Booker];
    const { reference } = await started(t, a, '25.00');
    await t.stripe.confirm(reference);
    expect((await webhook(t, reference)).statusCode).toBe(200);

    const start = await startCard(t, b, '25.00');
    expect([start.statusCode, start.json().error]).toEqual([409, full('Paid Race', b)]);
    const again = await addAgain(b, race);
    expect(again.errors.map((e) => e.error)).toEqual([full('Paid Race', b)]);
    expect(await cart(b)).toEqual([expect.objectContaining({ product: race, note: full('Paid Race', b) })]);
  });

  it('while its own hold is the last place, its cart carries no note', async () => {
    const race = await raceEventRow(t.app, { ...OPEN_WINDOW, name: 'Paid Race', quantity: 1 });
    const [a, b] = (await makeBookers(t.app, 2, [race])) as [Booker, Booker];
    await started(t, a, '25.00');
    expect((await cart(a))[0]?.note).toBeNull();
    expect((await cart(b))[0]?.note).toBe(full('Paid Race', b));
  });

  it('paying when the place went (its hold lapsed and another family took it): told the race is full, and the line stays in its cart saying so', async () => {
    const race = await raceEventRow(t.app, { ...OPEN_WINDOW, name: 'Paid Race', quantity: 1 });
    const [early] = (await makeBookers(t.app, 1, [race])) as [Booker];
    const late = await started(t, early, '25.00');
    t.clock.advance(16 * MINUTE);
    await runPaymentJobs(t.app.ctx, t.app.log);
    // a fresh session: the first one's access token lapsed with the hold
    const b = { ...early, headers: bearer((await startSession(t.app.ctx, early.id)).access) };
    const [a] = (await makeBookers(t.app, 1, [race])) as [Booker];
    const won = await started(t, a, '25.00');
    await t.stripe.confirm(won.reference);
    expect((await webhook(t, won.reference)).statusCode).toBe(200);

    // the late card goes through after all: settled as lost, refunded
    await t.stripe.confirm(late.reference);
    const client = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bookings/',
      headers: b.headers,
      payload: { bookings: [{ product: race, participant: b.username }], payment_reference: late.reference },
    });
    expect([client.statusCode, client.json().error]).toEqual([
      409,
      `Paid Race is full: it filled before your payment completed, so ${b.name} is not booked and that amount is refunded.`,
    ]);
    expect(await places(t, race)).toEqual({ booked: 1, held: 0 });
    // every next step says the race is full; the cart keeps the line, saying so
    expect(await cart(b)).toEqual([expect.objectContaining({ product: race, note: full('Paid Race', b) })]);
    const start = await startCard(t, b, '25.00');
    expect([start.statusCode, start.json().error]).toEqual([409, full('Paid Race', b)]);
    const again = await addAgain(b, race);
    expect(again.errors.map((e) => e.error)).toEqual([full('Paid Race', b)]);
    const free = await bookFree(b, race);
    expect([free.statusCode, free.json().error]).toEqual([409, full('Paid Race', b)]);
    // removing it is the family's choice
    const [line] = await t.app.ctx.db.select().from(cartItems).where(eq(cartItems.ownerId, b.id));
    expect(line?.eventId).toBe(race);
  });
});

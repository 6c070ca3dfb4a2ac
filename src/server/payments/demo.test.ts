import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, cartItems, events, refunds } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, type TestApp, useTestApp } from '../test/helper.ts';
import { type Booker, makeBookers } from './test-support.ts';

const OPEN = {
  name: 'Demo Race',
  ...OPEN_WINDOW,
  quantity: 10,
  pricePence: 2500,
};

async function arrange(t: TestApp): Promise<{ race: number; payer: Booker }> {
  t.clock.set('2026-01-15T12:00:00Z');
  const race = await raceEventRow(t.app, OPEN);
  const [payer] = (await makeBookers(t.app, 1, [race])) as [Booker];
  return { race, payer };
}

const post = (t: TestApp, who: Booker, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });

/** Pays the race with `card`, turns refunds through the site on and has an administrator remove
 * the entry with its refund; the refund row and the administrator. */
async function paidThenRemovedWithRefund(t: TestApp, payer: Booker, card: string) {
  await post(t, payer, '/api/v1/payment/create-payment-intent/', { amount: '25.00' });
  const paid = await post(t, payer, '/api/v1/payment/demo/demo_pay_1/complete/', { card_number: card });
  expect(paid.statusCode, paid.body).toBe(200);
  const [booking] = await t.app.ctx.db.select().from(bookings);
  expect(booking?.userId).toBe(payer.id);
  const root = await signedIn(t.app, 'super');
  await t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/refund-settings/',
    headers: bearer(root.access),
    payload: { enabled: true },
  });
  const removed = await t.app.inject({
    method: 'POST',
    url: `/api/v1/bookings/${booking?.id}/remove-with-refund/`,
    headers: bearer(root.access),
  });
  expect(removed.statusCode, removed.body).toBe(200);
  const [refund] = await t.app.ctx.db.select().from(refunds);
  return { root, refund };
}

describe('the demo provider (no keys, outside production)', () => {
  const t = useTestApp();
  let race: number;
  let payer: Booker;
  beforeEach(async () => {
    ({ race, payer } = await arrange(t));
  });

  it('card 4000 0000 0000 5126 pays and books, and its refunds are refused: they wait in the queue (issue 27)', async () => {
    const { root, refund } = await paidThenRemovedWithRefund(t, payer, '4000 0000 0000 5126');
    expect([refund?.status, refund?.lastError]).toEqual(['refused', 'the provider refused the refund']);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/refunds/queue/',
      headers: bearer(root.access),
    });
    expect(queue.json()).toEqual([
      expect.objectContaining({ amount: '25.00', status: 'refused', reference: 'demo_pay_1' }),
    ]);
  });

  it('card 4000 0000 0000 0119 pays and books, and its refunds never send: tried again, not yet in the queue (issue 35)', async () => {
    const { root, refund } = await paidThenRemovedWithRefund(t, payer, '4000 0000 0000 0119');
    expect([refund?.status, refund?.attempts, refund?.lastError]).toEqual([
      'failed',
      1,
      'the demo provider did not answer (card 4000 0000 0000 0119: its refunds never send)',
    ]);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/refunds/queue/',
      headers: bearer(root.access),
    });
    expect(queue.json()).toEqual([]);
  });

  it('says which providers stand in, and how long a hold lasts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/payment/providers/' });
    expect(res.json()).toEqual({
      card: 'demo',
      wallet: 'demo',
      publishableKey: null,
      paypalClientId: null,
      hold_minutes: 15,
    });
  });

  it('a declined card books nothing and keeps the cart; the test card pays, books and empties the cart', async () => {
    const started = await post(t, payer, '/api/v1/payment/create-payment-intent/', { amount: '25.00' });
    expect(started.json()).toMatchObject({ provider: 'demo', payment_reference: 'demo_pay_1', publishableKey: null });
    const complete = (card: string) =>
      post(t, payer, '/api/v1/payment/demo/demo_pay_1/complete/', { card_number: card });

    const declined = await complete('4000 0000 0000 0002');
    expect([declined.statusCode, declined.json().error]).toEqual([402, 'Your card was declined.']);
    const short = await complete('4242');
    expect([short.statusCode, short.json().errors]).toEqual([
      400,
      { card_number: ['Enter the 16 digits of the card number.'] },
    ]);
    expect(await t.app.ctx.db.select().from(bookings)).toEqual([]);
    expect(await t.app.ctx.db.select().from(cartItems)).toHaveLength(1);

    const paid = await complete('4242 4242 4242 4242');
    expect(paid.json()).toEqual({ status: 'succeeded', payment_reference: 'demo_pay_1' });
    const client = await post(t, payer, '/api/v1/bookings/', {
      bookings: [{ product: race, participant: payer.username }],
      payment_reference: 'demo_pay_1',
    });
    expect(client.json().booked).toHaveLength(1);
    expect(await t.app.ctx.db.select().from(bookings)).toHaveLength(1);
    expect(await t.app.ctx.db.select().from(cartItems)).toEqual([]);
    const [row] = await t.app.ctx.db
      .select({ booked: events.booked, held: events.held })
      .from(events)
      .where(eq(events.id, race));
    expect(row).toEqual({ booked: 1, held: 0 });
  });

  it("another user's demo payment cannot be completed by them", async () => {
    await post(t, payer, '/api/v1/payment/create-payment-intent/', { amount: '25.00' });
    const [stranger] = (await makeBookers(t.app, 1, [])) as [Booker];
    const res = await post(t, stranger, '/api/v1/payment/demo/demo_pay_1/complete/', {
      card_number: '4242424242424242',
    });
    expect([res.statusCode, res.json().error]).toEqual([404, 'Payment not found.']);
  });

  it('the demo wallet: an order is created and its capture books it', async () => {
    const order = await post(t, payer, '/api/v1/payment/paypal/orders/', { amount: 25 });
    expect(order.json()).toMatchObject({ id: 'demo_pay_1', provider: 'demo' });
    const captured = await post(t, payer, '/api/v1/payment/paypal/orders/demo_pay_1/capture/');
    expect(captured.json().booked.map((b: { product: number }) => b.product)).toEqual([race]);
  });
});

describe('in production without keys', () => {
  const t = useTestApp({
    NODE_ENV: 'production',
    JWT_SECRET: '3f9c1e7a5b2d8064c1f7e9a3b5d20846e1c7a9f3b5d7e2c4a6f8091b3d5e7a9c',
    PUBLIC_URL: 'https://entries.example.org',
  });

  it('refuses to take payment and the demo provider does not exist; nothing is held', async () => {
    const { race, payer } = await arrange(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/payment/providers/' })).json()).toMatchObject({
      card: null,
      wallet: null,
    });
    for (const url of ['/api/v1/payment/create-payment-intent/', '/api/v1/payment/paypal/orders/']) {
      const res = await post(t, payer, url, { amount: '25.00' });
      expect([res.statusCode, res.json().error]).toEqual([
        503,
        'Card payments are not set up on this site yet. Please contact the association.',
      ]);
    }
    const demo = await post(t, payer, '/api/v1/payment/demo/demo_pay_1/complete/', { card_number: '4242424242424242' });
    expect([demo.statusCode, demo.json().error]).toEqual([
      404,
      'The demo payment provider is not available on this site.',
    ]);
    const [row] = await t.app.ctx.db.select({ held: events.held }).from(events).where(eq(events.id, race));
    expect(row?.held).toBe(0);
  });
});

import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, cartItems, events, payments } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { nowSeconds, PUBLISHABLE_KEY, stripeSignature, useStripeTestApp } from './stripe-test-app.ts';
import { type Booker, makeBookers } from './test-support.ts';

/** A receipt's subject (src/emails/receipt.tsx). */
const RECEIPT_SUBJECT = /^ERSA: your entr(y|ies) for .+ (is|are) confirmed$/;

const t = useStripeTestApp();
const OPEN = {
  name: 'Paid Club Race',
  ...OPEN_WINDOW,
  quantity: 10,
  pricePence: 2500,
};

let race: number;
let parent: Booker;

const inject = (method: 'POST' | 'GET', url: string, payload?: object, headers = parent.headers) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const start = (amount: string | number = '25.00', who = parent) =>
  inject('POST', '/api/v1/payment/create-payment-intent/', { amount }, who.headers);
const bookWith = (reference: string | undefined, who = parent, product = race) =>
  inject(
    'POST',
    '/api/v1/bookings/',
    { bookings: [{ product, participant: who.username }], ...(reference ? { payment_reference: reference } : {}) },
    who.headers,
  );
const webhook = (payload: string, signature = stripeSignature(payload)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/stripe/webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
const places = async (id = race) =>
  (await t.app.ctx.db.select({ booked: events.booked, held: events.held }).from(events).where(eq(events.id, id)))[0];
const bookingRows = () => t.app.ctx.db.select().from(bookings);
const cartOf = (who: Booker) => t.app.ctx.db.select().from(cartItems).where(eq(cartItems.ownerId, who.id));

beforeEach(async () => {
  t.clock.set('2026-01-15T12:00:00Z');
  race = await raceEventRow(t.app, OPEN);
  [parent] = (await makeBookers(t.app, 1, [race])) as [Booker];
});

describe('starting a card payment', () => {
  it("creates a PaymentIntent for the server's own total and holds the place for 15 minutes", async () => {
    const res = await start('25');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const intent = t.stripe.intents.get(body.payment_reference);
    expect(body).toEqual({
      provider: 'stripe',
      payment_reference: intent?.id,
      clientSecret: intent?.client_secret,
      publishableKey: PUBLISHABLE_KEY,
      amount: '25.00',
      held_until: '2026-01-15T12:15:00.000Z',
    });
    expect(intent).toMatchObject({
      amount: 2500,
      currency: 'gbp',
      metadata: { payment_id: '1', user_id: String(parent.id) },
    });
    expect(await places()).toEqual({ booked: 0, held: 1 });
    // the public event counts the held place
    const product = await t.app.inject({ method: 'GET', url: `/api/v1/products/` });
    expect(product.json().find((p: { id: number }) => p.id === race)).toMatchObject({
      booked_quantity: 0,
      held_quantity: 1,
    });
  });

  it('refuses a tampered amount: nothing is charged or held and the cart stays as it was', async () => {
    for (const amount of ['1.00', '0', '25.001', '-25', 2499]) {
      const res = await start(amount);
      expect(res.statusCode, String(amount)).toBe(409);
      expect(res.json().error).toBe(
        'The amount does not match your cart: the total is now £25.00. Please review your cart and pay again.',
      );
    }
    expect(t.stripe.intents.size).toBe(0);
    expect(await places()).toEqual({ booked: 0, held: 0 });
    expect(await cartOf(parent)).toHaveLength(1);
  });

  it('refuses a cart whose lines changed since the page showed them, and an empty cart', async () => {
    const changed = await inject('POST', '/api/v1/payment/create-payment-intent/', {
      amount: '25.00',
      cart_items: [999],
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toBe(
      'Your cart has changed since the payment page opened. Please review your cart and pay again.',
    );
    await t.app.ctx.db.delete(cartItems);
    const empty = await start('0');
    expect(empty.json().error).toBe('Your cart has nothing to pay for.');
    expect(t.stripe.intents.size).toBe(0);
  });

  it('refuses a booking outside the registration window, naming the event', async () => {
    t.clock.set('2026-02-08T12:00:00Z');
    const [late] = (await makeBookers(t.app, 1, [race])) as [Booker];
    const res = await start('25.00', late);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Paid Club Race: Registration for this event is not open.');
    expect(await places()).toEqual({ booked: 0, held: 0 });
    expect(t.stripe.intents.size).toBe(0);
  });

  it('the same payment started twice at once creates one PaymentIntent and holds one place', async () => {
    const [a, b] = await Promise.all([start(), start()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().payment_reference).toBe(b.json().payment_reference);
    expect(a.json().clientSecret).toBe(b.json().clientSecret);
    expect(t.stripe.intents.size).toBe(1);
    expect(await places()).toEqual({ booked: 0, held: 1 });
  });

  it('a changed cart replaces the earlier payment: its hold is released and its intent cancelled', async () => {
    const first = (await start()).json().payment_reference;
    const other = await raceEventRow(t.app, { ...OPEN, name: 'Second Race', pricePence: 1000 });
    await t.app.ctx.db.insert(cartItems).values({ ownerId: parent.id, participantId: parent.id, eventId: other });
    const second = await start('35.00');
    expect(second.statusCode).toBe(200);
    expect(second.json().payment_reference).not.toBe(first);
    expect(t.stripe.intents.get(first)?.status).toBe('canceled');
    expect(await places(race)).toEqual({ booked: 0, held: 1 });
    expect(await places(other)).toEqual({ booked: 0, held: 1 });
    const rows = await t.app.ctx.db.select({ status: payments.status }).from(payments).orderBy(payments.id);
    expect(rows.map((r) => r.status)).toEqual(['canceled', 'started']);
  });
});

describe('the signed webhook', () => {
  async function paid(): Promise<string> {
    const reference = (await start()).json().payment_reference as string;
    expect((await t.stripe.confirm(reference)).status).toBe(200);
    return reference;
  }

  it('refuses a forged, stale or missing signature with 400 and books nothing', async () => {
    const payload = t.stripe.succeededEvent(await paid());
    const forged = await webhook(payload, stripeSignature(payload, { secret: 'whsec_someone_else' }));
    const stale = await webhook(payload, stripeSignature(payload, { timestamp: nowSeconds() - 600 }));
    const altered = await webhook(payload.replace('"amount":2500', '"amount":1'), stripeSignature(payload));
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/webhook/',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    for (const res of [forged, stale, altered, missing]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Webhook signature verification failed.');
    }
    expect(await bookingRows()).toEqual([]);
    expect(await places()).toEqual({ booked: 0, held: 1 });
  });

  it('the same event delivered five times books one place, sends one receipt and empties the cart', async () => {
    const reference = await paid();
    const payload = t.stripe.succeededEvent(reference);
    for (let i = 0; i < 5; i++) expect((await webhook(payload)).statusCode).toBe(200);
    const rows = await bookingRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'PAYMENT', paymentRef: reference, amountPence: 2500, userId: parent.id });
    expect(await places()).toEqual({ booked: 1, held: 0 });
    expect(await cartOf(parent)).toEqual([]);
    await t.flushMail();
    const receipts = t.outbox.messages.filter((m) => RECEIPT_SUBJECT.test(m.subject));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe('ERSA: your entry for Paid Club Race is confirmed');
    expect(receipts[0]?.text).toContain(`Paid Club Race\n`);
    expect(receipts[0]?.text).toContain(`${parent.name}: £25.00`);
    expect(receipts[0]?.text).toContain(`Payment: card (Stripe), reference ${reference}`);
    expect(receipts[0]?.attachments?.map((a) => a.filename)).toHaveLength(1);
  });

  it('five deliveries at once still book one place', async () => {
    const payload = t.stripe.succeededEvent(await paid());
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(payload)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await bookingRows()).toHaveLength(1);
    expect(await places()).toEqual({ booked: 1, held: 0 });
  });

  it("webhook first, then the client's call: one booking set, the client told what was booked", async () => {
    const reference = await paid();
    await webhook(t.stripe.succeededEvent(reference));
    const client = await bookWith(reference);
    expect(client.statusCode).toBe(200);
    const [row] = await bookingRows();
    expect(client.json()).toEqual({
      booked: [
        {
          id: row?.id,
          product: race,
          participant: parent.username,
          participant_name: parent.name,
          product_name: 'Paid Club Race',
        },
      ],
      errors: [],
      payment: { reference, provider: 'stripe', amount: '25.00', refunded: '0.00' },
    });
    expect(await bookingRows()).toHaveLength(1);
  });

  it("the client's call first (confirmed with Stripe), then the webhook, then both again: one booking set", async () => {
    const reference = await paid();
    expect((await bookWith(reference)).statusCode).toBe(200);
    await webhook(t.stripe.succeededEvent(reference));
    await Promise.all([bookWith(reference), webhook(t.stripe.succeededEvent(reference, 'evt_again'))]);
    expect(await bookingRows()).toHaveLength(1);
    await t.flushMail();
    expect(t.outbox.messages.filter((m) => RECEIPT_SUBJECT.test(m.subject))).toHaveLength(1);
  });
});

describe('a paid booking only against a confirmed payment', () => {
  it('no reference, an unpaid one, a declined one, another user’s, or a used one: refused, nothing booked', async () => {
    const reference = (await start()).json().payment_reference as string;
    const none = await bookWith(undefined);
    expect([none.statusCode, none.json().error]).toEqual([
      409,
      'A paid place is booked only against a confirmed payment.',
    ]);
    const unpaid = await bookWith(reference);
    expect([unpaid.statusCode, unpaid.json().error]).toEqual([409, 'This payment has not been completed.']);
    const declined = await t.stripe.confirm(reference, 'pm_card_chargeDeclined');
    expect(declined.status).toBe(402);
    expect((await bookWith(reference)).json().error).toBe('This payment has not been completed.');
    // a declined card leaves the cart and the hold as they were: the payer can try another card
    expect(await cartOf(parent)).toHaveLength(1);
    expect(await places()).toEqual({ booked: 0, held: 1 });

    const [stranger] = (await makeBookers(t.app, 1, [race])) as [Booker];
    const theirs = await inject(
      'POST',
      '/api/v1/bookings/',
      { bookings: [{ product: race, participant: stranger.username }], payment_reference: reference },
      stranger.headers,
    );
    expect([theirs.statusCode, theirs.json().error]).toEqual([404, 'Payment not found.']);
    expect(await bookingRows()).toEqual([]);

    // paid, used, then offered again for another line
    await t.stripe.confirm(reference);
    expect((await bookWith(reference)).statusCode).toBe(200);
    const other = await raceEventRow(t.app, { ...OPEN, name: 'Second Race' });
    await t.app.ctx.db.insert(cartItems).values({ ownerId: parent.id, participantId: parent.id, eventId: other });
    const reused = await bookWith(reference, parent, other);
    expect([reused.statusCode, reused.json().error]).toEqual([
      409,
      `This payment does not cover ${parent.username} on Second Race.`,
    ]);
    expect(await bookingRows()).toHaveLength(1);
    expect(await places(other)).toEqual({ booked: 0, held: 0 });
  });

  it('a participant not in the family is refused, with or without a payment, and nothing is booked', async () => {
    const [stranger] = (await makeBookers(t.app, 1, [race])) as [Booker];
    const free = await inject('POST', '/api/v1/bookings/', {
      bookings: [{ product: race, participant: stranger.username }],
    });
    expect([free.statusCode, free.json().error]).toEqual([409, 'That participant is not in your cart for this event.']);
    const reference = (await start()).json().payment_reference as string;
    await t.stripe.confirm(reference);
    const paid = await inject('POST', '/api/v1/bookings/', {
      bookings: [{ product: race, participant: stranger.username }],
      payment_reference: reference,
    });
    expect([paid.statusCode, paid.json().error]).toEqual([
      409,
      `This payment does not cover ${stranger.username} on Paid Club Race.`,
    ]);
    expect(await bookingRows()).toEqual([]);
    const added = await inject('POST', '/api/v1/cart/bulk-add/', {
      items: [{ product: race, participant: stranger.username }],
    });
    expect(added.json().errors[0].error).toBe(`${stranger.username} is not in your family.`);
  });

  it('a product that does not exist is refused with a clear message', async () => {
    const res = await bookWith(undefined, parent, 999_999);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Event not found.');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { bookings, events } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { installationId } from './installation.ts';
import { nowSeconds, stripeSignature, useStripeTestApp } from './stripe-test-app.ts';
import { type Booker, makeBookers } from './test-support.ts';

/** Issue 24: provider keys and metadata name the installation; a confirmation books only an
 * intent of this installation, payment and user; a webhook signed in the future is refused. */
const t = useStripeTestApp();

let race: number;
let parent: Booker;

const start = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/create-payment-intent/',
    headers: parent.headers,
    payload: { amount: '25.00' },
  });
const bookWith = (reference: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/bookings/',
    headers: parent.headers,
    payload: { bookings: [{ product: race, participant: parent.username }], payment_reference: reference },
  });
const webhook = (payload: string, signature = stripeSignature(payload)) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/stripe/webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
const booked = async () => (await t.app.ctx.db.select().from(bookings)).length;
const places = async () => (await t.app.ctx.db.select({ booked: events.booked, held: events.held }).from(events))[0];

/** Stripe answers another installation's request: an intent made with the old key (payment id
 * alone), for the same payment id, user and amount, already paid. */
async function othersPaidIntent(key: string, installation: string): Promise<string> {
  const res = await fetch(`${t.stripe.url}/v1/payment_intents`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${t.stripe.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
      'idempotency-key': key,
    },
    body: new URLSearchParams({
      amount: '2500',
      currency: 'gbp',
      'metadata[installation]': installation,
      'metadata[payment_id]': '1',
      'metadata[user_id]': String(parent.id),
    }).toString(),
  });
  const { id } = (await res.json()) as { id: string };
  expect((await t.stripe.confirm(id)).status).toBe(200);
  return id;
}

beforeEach(async () => {
  t.clock.set('2026-01-15T12:00:00Z');
  race = await raceEventRow(t.app, { name: 'Paid Club Race', ...OPEN_WINDOW, quantity: 10, pricePence: 2500 });
  [parent] = (await makeBookers(t.app, 1, [race])) as [Booker];
});

describe('idempotency keys and metadata carry the installation', () => {
  it("the payment's start key and the intent's metadata name this installation, the payment and the user", async () => {
    const installation = await installationId(t.app.ctx);
    expect(installation).toMatch(/^[0-9a-f-]{36}$/);
    const reference = (await start()).json().payment_reference as string;
    expect(t.stripe.keys).toEqual([`/v1/payment_intents piste-${installation}-payment-1`]);
    expect(t.stripe.intents.get(reference)?.metadata).toEqual({
      installation,
      payment_id: '1',
      user_id: String(parent.id),
    });
  });

  it("another installation's paid intent under the same payment id is neither handed back nor booked", async () => {
    const theirs = await othersPaidIntent('piste-payment-1', 'another-installation');
    const ours = (await start()).json().payment_reference as string;
    expect(ours).not.toBe(theirs);
    const res = await bookWith(ours);
    expect([res.statusCode, res.json().error]).toEqual([409, 'This payment has not been completed.']);
    expect(await booked()).toBe(0);
  });

  for (const [what, change] of [
    ['installation', { installation: 'another-installation' }],
    ['payment', { payment_id: '2' }],
    ['user', { user_id: '999999' }],
    ['missing installation', { installation: '' }],
  ] as const) {
    it(`an intent whose metadata names another ${what} is not booked, by the client's call or the webhook`, async () => {
      const reference = (await start()).json().payment_reference as string;
      const intent = t.stripe.intents.get(reference);
      if (!intent) throw new Error('no intent');
      Object.assign(intent.metadata, change);
      expect((await t.stripe.confirm(reference)).status).toBe(200);
      const res = await bookWith(reference);
      expect([res.statusCode, res.json().error]).toEqual([409, 'This payment has not been completed.']);
      expect((await webhook(t.stripe.succeededEvent(reference))).statusCode).toBe(200);
      expect(await booked()).toBe(0);
      expect(await places()).toEqual({ booked: 0, held: 1 });
    });
  }

  it('an intent of this installation, payment and user books', async () => {
    const reference = (await start()).json().payment_reference as string;
    await t.stripe.confirm(reference);
    expect((await bookWith(reference)).statusCode).toBe(200);
    expect(await booked()).toBe(1);
  });
});

describe("the webhook's clock", () => {
  async function paidEvent(): Promise<string> {
    const reference = (await start()).json().payment_reference as string;
    await t.stripe.confirm(reference);
    return t.stripe.succeededEvent(reference);
  }

  it('refuses an event signed 301 s in the future with the bad-signature message, and books nothing', async () => {
    const payload = await paidEvent();
    const res = await webhook(payload, stripeSignature(payload, { timestamp: nowSeconds() + 301 }));
    expect([res.statusCode, res.json().error]).toEqual([400, 'Webhook signature verification failed.']);
    expect(await booked()).toBe(0);
  });

  it('accepts an event signed 299 s in the future and books', async () => {
    const payload = await paidEvent();
    const res = await webhook(payload, stripeSignature(payload, { timestamp: nowSeconds() + 299 }));
    expect(res.statusCode).toBe(200);
    expect(await booked()).toBe(1);
  });

  it('refuses one signed 301 s ago and accepts one signed 299 s ago', async () => {
    const payload = await paidEvent();
    const old = await webhook(payload, stripeSignature(payload, { timestamp: nowSeconds() - 301 }));
    expect([old.statusCode, old.json().error]).toEqual([400, 'Webhook signature verification failed.']);
    expect(await booked()).toBe(0);
    expect((await webhook(payload, stripeSignature(payload, { timestamp: nowSeconds() - 299 }))).statusCode).toBe(200);
    expect(await booked()).toBe(1);
  });
});

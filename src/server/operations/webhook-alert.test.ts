import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentLog } from '../db/schema.ts';
import { nowSeconds, stripeSignature, useStripeTestApp } from '../payments/stripe-test-app.ts';
import { type Booker, makeBookers } from '../payments/test-support.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { runHealthChecks } from './job.ts';

/** A card payment confirmed by the payer's browser whose webhook never came (issue 25): the
 * likeliest misconfiguration on entry night (the endpoint or its secret). */
const t = useStripeTestApp();
const MINUTE = 60_000;

async function paidByBrowser(): Promise<{ parent: Booker; reference: string }> {
  t.clock.set('2026-01-15T12:00:00Z');
  const race = await raceEventRow(t.app, { name: 'Paid Club Race', ...OPEN_WINDOW, quantity: 10, pricePence: 2500 });
  const [parent] = (await makeBookers(t.app, 1, [race])) as [Booker];
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/create-payment-intent/',
    headers: parent.headers,
    payload: { amount: '25.00' },
  });
  const reference = started.json().payment_reference as string;
  expect((await t.stripe.confirm(reference)).status).toBe(200);
  const booked = await t.app.inject({
    method: 'POST',
    url: '/api/v1/bookings/',
    headers: parent.headers,
    payload: { bookings: [{ product: race, participant: parent.username }], payment_reference: reference },
  });
  expect(booked.statusCode).toBe(200);
  return { parent, reference };
}

const webhook = (payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/stripe/webhook/',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(payload, { timestamp: nowSeconds() }),
    },
    payload,
  });
const check = () => runHealthChecks(t.app.ctx, t.app.health);
const alertSubjects = async () => {
  await t.flushMail();
  return t.outbox.messages.filter((m) => m.to === 'info@ersa.example').map((m) => m.subject);
};

describe("a payment confirmed by the payer's call whose webhook never arrived", () => {
  it('is not raised at 10 minutes, is at 11 (once for two checks), and clears when the webhook comes', async () => {
    const { reference } = await paidByBrowser();
    t.clock.advance(10 * MINUTE - 1_000);
    expect((await check()).webhook).toBe('unchanged');
    t.clock.advance(MINUTE);
    expect((await check()).webhook).toBe('raised');
    expect((await check()).webhook).toBe('unchanged');
    await t.flushMail();
    const alert = t.outbox.messages.find(
      (m) => m.subject === 'ERSA site health: Card payment webhooks are not arriving',
    );
    expect(alert?.to).toBe('info@ersa.example');
    expect(alert?.text).toContain(
      "1 card payment (the first: payment 1) confirmed by the payer's browser had no webhook from Stripe within 10 minutes. In Stripe's dashboard (Developers → Webhooks) the endpoint must be http://localhost:3000/api/v1/payment/stripe/webhook/ with the event payment_intent.succeeded, and STRIPE_WEBHOOK_SECRET its signing secret.",
    );

    expect((await webhook(t.stripe.succeededEvent(reference))).statusCode).toBe(200);
    expect((await check()).webhook).toBe('cleared');
    expect(await alertSubjects()).toEqual([
      'ERSA site health: Card payment webhooks are not arriving',
      'ERSA site health: cleared: Card payment webhooks are not arriving',
    ]);
  });

  it("a webhook that came after the payer's call (and again) is noted once in the payment log; no alert", async () => {
    const { reference } = await paidByBrowser();
    await webhook(t.stripe.succeededEvent(reference));
    await webhook(t.stripe.succeededEvent(reference, 'evt_again'));
    const noted = await t.app.ctx.db
      .select({ state: paymentLog.state, detail: paymentLog.detail })
      .from(paymentLog)
      .where(eq(paymentLog.cause, 'webhook'));
    expect(noted).toEqual([{ state: 'confirmed', detail: 'webhook after the payment was settled' }]);
    t.clock.advance(30 * MINUTE);
    expect((await check()).webhook).toBe('unchanged');
    expect(await alertSubjects()).toEqual([]);
  });
});

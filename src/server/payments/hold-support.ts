/** Shared pieces of the hold tests (not a test file itself): the Stripe stand-in app's calls. */
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { events, paymentLines, paymentLog, payments } from '../db/schema.ts';
import type { TestApp } from '../test/helper.ts';
import type { StripeStandIn } from '../test/stripe-stand-in.ts';
import { stripeSignature } from './stripe-test-app.ts';
import type { Booker } from './test-support.ts';

export type HoldApp = TestApp & { stripe: StripeStandIn };
export const MINUTE = 60_000;

export const startCard = (t: HoldApp, who: Booker, amount: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/create-payment-intent/',
    headers: who.headers,
    payload: { amount },
  });

export const startWallet = (t: HoldApp, who: Booker, amount: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/payment/paypal/orders/', headers: who.headers, payload: { amount } });

export async function started(
  t: HoldApp,
  who: Booker,
  amount: string,
): Promise<{ reference: string; heldUntil: string }> {
  const res = await startCard(t, who, amount);
  expect(res.statusCode, res.body).toBe(200);
  return { reference: res.json().payment_reference, heldUntil: res.json().held_until };
}

/** The Stripe webhook for the intent, as Stripe posts it (signed). */
export const webhook = (t: HoldApp, reference: string) => {
  const payload = t.stripe.succeededEvent(reference);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/stripe/webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload) },
    payload,
  });
};

/** The provider takes the money of an intent whatever the app did meanwhile (a cancel that did not
 * reach it in time): the stand-in's intent is marked succeeded, with `amount` taken. */
export function paidAnyway(t: HoldApp, reference: string, amount?: number, currency?: string): void {
  const intent = t.stripe.intents.get(reference);
  if (!intent) throw new Error(`no intent ${reference}`);
  intent.status = 'succeeded';
  intent.amount_received = amount ?? intent.amount;
  if (currency) intent.currency = currency;
}

export const places = async (t: TestApp, id: number) =>
  (await t.app.ctx.db.select({ booked: events.booked, held: events.held }).from(events).where(eq(events.id, id)))[0];

export const paymentOf = async (t: TestApp, reference: string) =>
  (await t.app.ctx.db.select().from(payments).where(eq(payments.reference, reference)))[0];

export const linesOf = async (t: TestApp, paymentId: number) =>
  t.app.ctx.db.select().from(paymentLines).where(eq(paymentLines.paymentId, paymentId)).orderBy(asc(paymentLines.id));

/** A payment's log as [state, cause, detail] in order. */
export const logOf = async (t: TestApp, paymentId: number) =>
  (
    await t.app.ctx.db.select().from(paymentLog).where(eq(paymentLog.paymentId, paymentId)).orderBy(asc(paymentLog.id))
  ).map((r) => [r.state, r.cause, r.detail]);

export const bulkAdd = (t: TestApp, who: Booker, items: { product: number; participant: string }[]) =>
  t.app.inject({ method: 'POST', url: '/api/v1/cart/bulk-add/', headers: who.headers, payload: { items } });

import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { events, paymentLog, payments, refunds } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { installationId } from './installation.ts';
import { runPaymentJobs } from './jobs.ts';
import { REFUND_RETRY_MS, refundError, refundRetryAfterMs, sendRefundsOf, sendRequestedRefunds } from './refund-job.ts';
import { requestRefund } from './refunds.ts';
import { stripeSignature, useStripeTestApp } from './stripe-test-app.ts';
import { type Booker, makeBookers } from './test-support.ts';

/** Issue 24: refunds are rows of their own, sent to the provider by a job with each row's own
 * idempotency key, retried with a back-off until the money has gone back. */
const t = useStripeTestApp();
const MINUTE = 60_000;

let race: number;
let parent: Booker;

async function paidPayment(confirm = true): Promise<{ id: number; reference: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/create-payment-intent/',
    headers: parent.headers,
    payload: { amount: '25.00' },
  });
  const reference = res.json().payment_reference as string;
  if (confirm) await t.stripe.confirm(reference);
  const [row] = await t.app.ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.reference, reference));
  return { id: row?.id ?? 0, reference };
}

/** A refund asked for as the settlement (or a removed line, a cancelled event) asks for one. */
async function ask(paymentId: number, amountPence: number, what: string) {
  const key = `${await installationId(t.app.ctx)}:refund:${paymentId}:line_removed:${what}`;
  return t.app.ctx.db.transaction((tx) =>
    requestRefund(tx, { paymentId, amountPence, cause: 'line_removed', logCause: 'system', idempotencyKey: key }),
  );
}

const rowsOf = (paymentId: number) =>
  t.app.ctx.db.select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(asc(refunds.id));
const logOf = async (paymentId: number) =>
  (
    await t.app.ctx.db
      .select()
      .from(paymentLog)
      .where(eq(paymentLog.paymentId, paymentId))
      .orderBy(asc(paymentLog.at), asc(paymentLog.id))
  ).map((l) => [l.state, l.cause, l.providerIds, l.detail]);
const send = () => sendRequestedRefunds(t.app.ctx, t.app.log);

beforeEach(async () => {
  t.clock.set('2026-01-15T12:00:00Z');
  race = await raceEventRow(t.app, { name: 'Paid Club Race', ...OPEN_WINDOW, quantity: 10, pricePence: 2500 });
  [parent] = (await makeBookers(t.app, 1, [race])) as [Booker];
});

describe('sending requested refunds', () => {
  it('sends each requested refund with its own key: two refunds of one payment are two refunds at Stripe', async () => {
    const { id, reference } = await paidPayment();
    const first = await ask(id, 1000, 'a');
    const second = await ask(id, 500, 'b');
    expect(await send()).toEqual({ succeeded: 2, failed: 0 });
    expect(t.stripe.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([
      [reference, 1000],
      [reference, 500],
    ]);
    expect(t.stripe.keys.filter((k) => k.startsWith('/v1/refunds '))).toEqual([
      `/v1/refunds ${first.idempotencyKey}`,
      `/v1/refunds ${second.idempotencyKey}`,
    ]);
    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.status, r.providerRefundId, r.attempts, r.lastError])).toEqual([
      ['succeeded', t.stripe.refunds[0]?.id, 0, null],
      ['succeeded', t.stripe.refunds[1]?.id, 0, null],
    ]);
    expect((await logOf(id)).filter(([state]) => String(state).startsWith('refund_'))).toEqual([
      ['refund_requested', 'system', {}, 'line_removed: 1000 pence'],
      ['refund_requested', 'system', {}, 'line_removed: 500 pence'],
      ['refund_succeeded', 'job', { refund: t.stripe.refunds[0]?.id }, 'line_removed: 1000 pence'],
      ['refund_succeeded', 'job', { refund: t.stripe.refunds[1]?.id }, 'line_removed: 500 pence'],
    ]);
    // nothing left to send: a second run sends nothing
    expect(await send()).toEqual({ succeeded: 0, failed: 0 });
    expect(t.stripe.refunds).toHaveLength(2);
  });

  it("a refund the provider refuses is kept failed with the provider's short message, and logged", async () => {
    const { id } = await paidPayment(false);
    await ask(id, 2500, 'all');
    // the intent is not paid: Stripe refuses the refund
    expect(await send()).toEqual({ succeeded: 0, failed: 1 });
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 1,
      providerRefundId: null,
      lastError: '400: Nothing to refund.',
    });
    expect((await logOf(id)).at(-1)).toEqual([
      'refund_failed',
      'job',
      {},
      'line_removed: 2500 pence; try 1: 400: Nothing to refund.',
    ]);
  });

  it('a failed refund is retried after 1, 5 and 30 minutes, then every 2 hours, until it goes through', async () => {
    const { id, reference } = await paidPayment();
    await ask(id, 2500, 'all');
    // its provider is not configured here (as after a change of keys): every try fails
    await t.app.ctx.db.update(payments).set({ provider: 'paypal' }).where(eq(payments.id, id));
    expect(await send()).toEqual({ succeeded: 0, failed: 1 });
    let [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'the paypal provider is not configured' });
    // each wait, one millisecond short, then the wait itself
    for (const [attempts, wait] of [
      [1, MINUTE],
      [2, 5 * MINUTE],
      [3, 30 * MINUTE],
      [4, 120 * MINUTE],
      [5, 120 * MINUTE],
    ] as const) {
      t.clock.advance(wait - 1);
      expect(await send(), `before try ${attempts + 1}`).toEqual({ succeeded: 0, failed: 0 });
      t.clock.advance(1);
      expect(await send(), `try ${attempts + 1}`).toEqual({ succeeded: 0, failed: 1 });
      [row] = await rowsOf(id);
      expect(row?.attempts).toBe(attempts + 1);
    }
    // the provider is back: the next try refunds it, once
    await t.app.ctx.db.update(payments).set({ provider: 'stripe' }).where(eq(payments.id, id));
    t.clock.advance(120 * MINUTE);
    expect(await send()).toEqual({ succeeded: 1, failed: 0 });
    [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 6, lastError: null });
    expect(t.stripe.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([[reference, 2500]]);
    t.clock.advance(120 * MINUTE);
    expect(await send()).toEqual({ succeeded: 0, failed: 0 });
  });

  it('the payments job sends them; sendRefundsOf sends only the one payment', async () => {
    const one = await paidPayment();
    await ask(one.id, 700, 'x');
    const [other] = (await makeBookers(t.app, 1, [race])) as [Booker];
    parent = other;
    const two = await paidPayment();
    await ask(two.id, 800, 'y');
    expect(await sendRefundsOf(t.app.ctx, t.app.log, two.id)).toEqual({ succeeded: 1, failed: 0 });
    expect(t.stripe.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([[two.reference, 800]]);
    await runPaymentJobs(t.app.ctx, t.app.log);
    expect(t.stripe.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([
      [two.reference, 800],
      [one.reference, 700],
    ]);
  });

  it('a lost place becomes a refund row, sent right after the settlement, with the payment log of it', async () => {
    const full = await raceEventRow(t.app, { name: 'Full Race', ...OPEN_WINDOW, quantity: 1, pricePence: 2500 });
    const [late] = (await makeBookers(t.app, 1, [full])) as [Booker];
    parent = late;
    const { id, reference } = await paidPayment();
    // the place goes to someone else meanwhile: the hold lapsed and the event filled
    await t.app.ctx.db.update(payments).set({ heldUntil: new Date('2026-01-15T11:00:00Z') });
    t.clock.advance(16 * MINUTE);
    await runPaymentJobs(t.app.ctx, t.app.log);
    await t.app.ctx.db.update(events).set({ booked: 1 }).where(eq(events.id, full));
    const payload = t.stripe.succeededEvent(reference);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/webhook/',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload) },
      payload,
    });
    expect(hook.statusCode).toBe(200);
    const installation = await installationId(t.app.ctx);
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({
      amountPence: 2500,
      cause: 'place_lost',
      status: 'succeeded',
      requestedBy: null,
      providerRefundId: t.stripe.refunds[0]?.id,
    });
    expect(row?.idempotencyKey).toMatch(new RegExp(`^${installation}:refund:${id}:place_lost:\\d+$`));
    expect(t.stripe.keys).toContain(`/v1/refunds ${row?.idempotencyKey}`);
    expect((await logOf(id)).filter(([state]) => String(state).startsWith('refund_'))).toEqual([
      // asked for in the settlement the webhook brought
      ['refund_requested', 'webhook', {}, 'place_lost: 2500 pence'],
      ['refund_succeeded', 'job', { refund: t.stripe.refunds[0]?.id }, 'place_lost: 2500 pence'],
    ]);
  });
});

describe('the back-off and the error kept', () => {
  it('waits 1, 5, 30 minutes, then 2 hours for good', () => {
    expect([0, 1, 2, 3, 4, 9, 100].map(refundRetryAfterMs)).toEqual([
      MINUTE,
      MINUTE,
      5 * MINUTE,
      30 * MINUTE,
      120 * MINUTE,
      120 * MINUTE,
      120 * MINUTE,
    ]);
    expect(REFUND_RETRY_MS).toHaveLength(4);
  });

  it('keeps a short message without keys or tokens', () => {
    expect(refundError(new Error('Invalid API Key provided: sk_test_abc123XYZ'))).toBe(
      'Invalid API Key provided: [hidden]',
    );
    expect(refundError(new Error('sent Authorization: Bearer A21AA-secret-token\nthen failed'))).toBe(
      'sent Authorization: Bearer [hidden] then failed',
    );
    expect(refundError(Object.assign(new Error('Nothing to refund.'), { statusCode: 400 }))).toBe(
      '400: Nothing to refund.',
    );
    expect(refundError(new Error('x'.repeat(500)))).toHaveLength(200);
    expect(refundError('')).toBe('the provider refused the refund');
  });
});

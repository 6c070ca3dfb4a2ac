import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { events, mailOutbox, paymentLog, payments, refunds } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer } from '../test/helper.ts';
import { installationId } from './installation.ts';
import { runPaymentJobs } from './jobs.ts';
import {
  REFUND_RETRY_MS,
  REFUND_TRIES,
  refundError,
  refundRetryAfterMs,
  SENDING_STALE_MS,
  sendRefundsOf,
  sendRequestedRefunds,
} from './refund-job.ts';
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
      `/v1/refunds ${first?.idempotencyKey}`,
      `/v1/refunds ${second?.idempotencyKey}`,
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

  it('a failed refund is retried after 1, 5, 15 and 40 minutes, then waits in the queue, is marked by hand and never sent again', async () => {
    // the intent is not paid: every refund call is answered 400 by Stripe
    const { id } = await paidPayment(false);
    await ask(id, 2500, 'all');
    const calls = () => t.stripe.keys.filter((k) => k.startsWith('/v1/refunds ')).length;
    // an administrator signed in at the clock's now (an hour later, the first session has ended)
    let admin = await signedIn(t.app, 'admin');
    const byHand = async (refundId: number) => {
      admin = await signedIn(t.app, 'admin');
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/refunds/${refundId}/refunded-by-hand/`,
        headers: bearer(admin.access),
      });
    };
    const queue = async () => {
      admin = await signedIn(t.app, 'admin');
      return (
        await t.app.inject({ method: 'GET', url: '/api/v1/admin/refunds/queue/', headers: bearer(admin.access) })
      ).json();
    };
    expect(await send()).toEqual({ succeeded: 0, failed: 1 });
    let [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: '400: Nothing to refund.' });
    expect(calls()).toBe(1);
    // while the site still tries it, it is not in the queue and cannot be marked by hand
    expect(await queue()).toEqual([]);
    const early = await byHand(row?.id ?? 0);
    expect([early.statusCode, early.json().error]).toEqual([
      409,
      'This refund is being sent by the site and cannot be marked as refunded by hand. It comes to this list if every try fails.',
    ]);
    // each wait, one millisecond short, then the wait itself
    for (const [attempts, wait] of [
      [1, MINUTE],
      [2, 5 * MINUTE],
      [3, 15 * MINUTE],
      [4, 40 * MINUTE],
    ] as const) {
      t.clock.advance(wait - 1);
      expect(await send(), `before try ${attempts + 1}`).toEqual({ succeeded: 0, failed: 0 });
      t.clock.advance(1);
      expect(await send(), `try ${attempts + 1}`).toEqual({ succeeded: 0, failed: 1 });
      [row] = await rowsOf(id);
      expect(row?.attempts).toBe(attempts + 1);
    }
    expect(REFUND_TRIES).toBe(5);
    expect(calls()).toBe(5);
    expect((await logOf(id)).at(-1)?.[3]).toBe(
      'line_removed: 2500 pence; try 5: 400: Nothing to refund.; no tries left: to refund by hand',
    );
    // the payer is told the association will refund them another way, once
    const told = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'refund-news'));
    expect(told.map((m) => [m.recipient, m.data])).toEqual([
      [`${parent.username}@example.com`, { refundId: row?.id, kind: 'refused' }],
    ]);
    // in the queue now; hours pass and the site never sends it again
    expect(await queue()).toEqual([expect.objectContaining({ id: row?.id, status: 'failed', attempts: 5 })]);
    for (let hour = 0; hour < 3; hour += 1) {
      t.clock.advance(60 * MINUTE);
      expect(await send()).toEqual({ succeeded: 0, failed: 0 });
    }
    expect(calls()).toBe(5);
    expect((await byHand(row?.id ?? 0)).json()).toEqual({ message: 'Marked as refunded by hand.' });
    t.clock.advance(24 * 60 * MINUTE);
    expect(await send()).toEqual({ succeeded: 0, failed: 0 });
    expect(calls()).toBe(5);
    [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: 'manual', attempts: 5, resolvedById: admin.user.id });
  });

  it('a claim left by a sender that died is taken again after 10 minutes, and that try counts', async () => {
    const { id } = await paidPayment();
    const refund = await ask(id, 2500, 'all');
    // a sender claimed it and died before it could say how the call went
    await t.app.ctx.db
      .update(refunds)
      .set({ status: 'sending', updatedAt: t.clock.now() })
      .where(eq(refunds.id, refund?.id ?? 0));
    t.clock.advance(SENDING_STALE_MS - 1);
    expect(await send()).toEqual({ succeeded: 0, failed: 0 });
    t.clock.advance(1);
    expect(await send()).toEqual({ succeeded: 1, failed: 0 });
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(t.stripe.refunds).toHaveLength(1);
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
  it('waits 1, 5, 15 then 40 minutes: five tries over about an hour', () => {
    expect([0, 1, 2, 3, 4, 9].map(refundRetryAfterMs)).toEqual([
      MINUTE,
      MINUTE,
      5 * MINUTE,
      15 * MINUTE,
      40 * MINUTE,
      40 * MINUTE,
    ]);
    expect(REFUND_RETRY_MS).toHaveLength(4);
    expect(REFUND_TRIES).toBe(5);
    expect(REFUND_RETRY_MS.reduce((a, b) => a + b, 0)).toBe(61 * MINUTE);
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

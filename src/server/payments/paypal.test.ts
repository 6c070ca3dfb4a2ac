import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../accounts/sessions.ts';
import { bookings, cartItems, events, paymentLines, payments, refunds, users } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { bearer, useTestApp } from '../test/helper.ts';
import { type PaypalStandIn, startPaypalStandIn } from '../test/paypal-stand-in.ts';
import { installationId } from './installation.ts';
import { sendRequestedRefunds } from './refund-job.ts';
import { followPendingRefunds } from './refund-states.ts';
import { type Booker, makeBookers } from './test-support.ts';

/** A receipt's subject (src/emails/receipt.tsx). */
const RECEIPT_SUBJECT = /^ERSA: your entr(y|ies) for .+ (is|are) confirmed$/;

const env: Record<string, string> = {};
let paypal: PaypalStandIn;
beforeAll(async () => {
  paypal = await startPaypalStandIn();
  Object.assign(env, {
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_URL: paypal.url,
  });
});
afterAll(async () => paypal?.close());
const t = useTestApp(env);
beforeEach(() => paypal.reset());

const OPEN = {
  ...OPEN_WINDOW,
  quantity: 10,
};

let raceA: number;
let raceB: number;
let payer: Booker;

const createOrder = (amount = '40.00', who = payer) =>
  t.app.inject({ method: 'POST', url: '/api/v1/payment/paypal/orders/', headers: who.headers, payload: { amount } });
const capture = (id: string, who = payer) =>
  t.app.inject({ method: 'POST', url: `/api/v1/payment/paypal/orders/${id}/capture/`, headers: who.headers });
const bookingRows = () => t.app.ctx.db.select().from(bookings);
const places = async (id: number) =>
  (await t.app.ctx.db.select({ booked: events.booked, held: events.held }).from(events).where(eq(events.id, id)))[0];

beforeEach(async () => {
  t.clock.set('2026-01-15T12:00:00Z');
  raceA = await raceEventRow(t.app, { ...OPEN, name: 'Hemel Slalom', pricePence: 2500 });
  raceB = await raceEventRow(t.app, { ...OPEN, name: 'Welwyn Giant Slalom', pricePence: 1500 });
  [payer] = (await makeBookers(t.app, 1, [raceA, raceB])) as [Booker];
});

describe('wallet payments through PayPal’s server SDK', () => {
  it("creates the order on the server in GBP with a 'participant - product' line each, and holds the places", async () => {
    const res = await createOrder();
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json();
    expect(res.json()).toMatchObject({
      provider: 'paypal',
      payment_reference: id,
      amount: '40.00',
      clientSecret: null,
    });
    const order = paypal.orders.get(id);
    expect(order?.intent).toBe('CAPTURE');
    expect(order?.purchase_units[0]).toEqual({
      reference_id: 'payment-1',
      // the installation, the payment and its user: check() reads them back before anything books
      custom_id: `${await installationId(t.app.ctx)}:1:${payer.id}`,
      amount: {
        currency_code: 'GBP',
        value: '40.00',
        breakdown: { item_total: { currency_code: 'GBP', value: '40.00' } },
      },
      items: [
        { name: `${payer.name} - Hemel Slalom`, quantity: '1', unit_amount: { currency_code: 'GBP', value: '25.00' } },
        {
          name: `${payer.name} - Welwyn Giant Slalom`,
          quantity: '1',
          unit_amount: { currency_code: 'GBP', value: '15.00' },
        },
      ],
    });
    expect(await places(raceA)).toEqual({ booked: 0, held: 1 });
    // the same order started twice at once (PayPal-Request-Id from the hold): one order
    const [again, twice] = await Promise.all([createOrder(), createOrder()]);
    expect([again.json().id, twice.json().id]).toEqual([id, id]);
    expect(paypal.orders.size).toBe(1);
  });

  it('captures the approved order once, however often the capture is retried, and books both lines', async () => {
    const { id } = (await createOrder()).json();
    paypal.approve(id);
    const first = await capture(id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().booked.map((b: { product_name: string }) => b.product_name)).toEqual([
      'Hemel Slalom',
      'Welwyn Giant Slalom',
    ]);
    const [retry, retryAgain] = await Promise.all([capture(id), capture(id)]);
    expect(retry.json().booked).toEqual(first.json().booked);
    expect(retryAgain.json().booked).toEqual(first.json().booked);
    expect(paypal.captures).toHaveLength(1);
    expect(await bookingRows()).toHaveLength(2);
    expect(await places(raceA)).toEqual({ booked: 1, held: 0 });
    expect(await t.app.ctx.db.select().from(cartItems)).toEqual([]);
    await t.flushMail();
    expect(t.outbox.messages.filter((m) => RECEIPT_SUBJECT.test(m.subject))).toHaveLength(1);
  });

  it('a capture that fails books nothing, keeps the cart and the hold, and can be tried again', async () => {
    const { id } = (await createOrder()).json();
    const unapproved = await capture(id);
    expect([unapproved.statusCode, unapproved.json().error]).toEqual([
      402,
      'The wallet payment could not be completed. Nothing was charged; please try again.',
    ]);
    paypal.approve(id);
    paypal.failNextCapture();
    const declined = await capture(id);
    expect(declined.statusCode).toBe(402);
    expect(await bookingRows()).toEqual([]);
    expect(await t.app.ctx.db.select().from(cartItems)).toHaveLength(2);
    expect(await places(raceA)).toEqual({ booked: 0, held: 1 });
    expect((await capture(id)).statusCode).toBe(200);
    expect(await bookingRows()).toHaveLength(2);
  });

  it('asks for a refund of a lost line, for that line only (the refund job sends it against the capture)', async () => {
    await t.app.ctx.db.update(events).set({ quantity: 1 }).where(eq(events.id, raceA));
    const { id } = (await createOrder()).json();
    // the hold lapses and the last place on raceA goes to someone else
    t.clock.advance(16 * 60_000);
    const [other] = (await makeBookers(t.app, 1, [raceA])) as [Booker];
    const theirs = (await createOrder('25.00', other)).json().id;
    paypal.approve(theirs);
    expect((await capture(theirs, other)).statusCode).toBe(200);
    paypal.approve(id);
    const fresh = bearer((await startSession(t.app.ctx, payer.id)).access);
    const res = await capture(id, { ...payer, headers: fresh });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booked.map((b: { product_name: string }) => b.product_name)).toEqual(['Welwyn Giant Slalom']);
    expect(res.json().errors[0].error).toBe(
      `Hemel Slalom is full: it filled before your payment completed, so ${payer.name} is not booked and that amount is refunded.`,
    );
    // asked in the settling transaction, sent against the capture once that commits
    expect(paypal.refunds).toHaveLength(1);
    const asked = await t.app.ctx.db.select().from(refunds);
    expect(asked.map((r) => [r.amountPence, r.cause, r.status])).toEqual([[2500, 'place_lost', 'succeeded']]);
    const [paid] = await t.app.ctx.db.select().from(payments).where(eq(payments.reference, id));
    expect(paid?.captureReference).toBe(paypal.captures[1]);
    expect(res.json().payment).toMatchObject({ amount: '40.00', refunded: '25.00' });
    // every request id names this installation; the refund's is its row's own key
    const installation = await installationId(t.app.ctx);
    const [refund] = await t.app.ctx.db.select().from(refunds);
    expect(paypal.requestIds).toEqual([
      `/v2/checkout/orders piste-${installation}-payment-1`,
      `/v2/checkout/orders piste-${installation}-payment-2`,
      `/v2/checkout/orders/${theirs}/capture piste-${installation}-capture-2`,
      `/v2/checkout/orders/${id}/capture piste-${installation}-capture-1`,
      `/v2/payments/captures/${paypal.captures[1]}/refund ${refund?.idempotencyKey}`,
    ]);
    expect(refund?.idempotencyKey).toMatch(new RegExp(`^${installation}:refund:1:place_lost:\\d+$`));
  });

  it("another user's order is not found", async () => {
    const { id } = (await createOrder()).json();
    const [stranger] = (await makeBookers(t.app, 1, [])) as [Booker];
    const res = await capture(id, stranger);
    expect([res.statusCode, res.json().error]).toEqual([404, 'Payment not found.']);
  });
});

describe('a PayPal refund retried and followed (issue 27)', () => {
  /** A paid PayPal order (both races) whose Hemel line the payer then cancels: one refund row. */
  async function cancelledLine(): Promise<void> {
    const root = (await makeBookers(t.app, 1, []))[0] as Booker;
    await t.app.ctx.db
      .update(users)
      .set({ role: 'admin', adminLevel: 'SUPER', isSuperuser: true })
      .where(eq(users.id, root.id));
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/refund-settings/',
      headers: root.headers,
      payload: { enabled: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    await t.app.ctx.db.update(events).set({ cancelUntil: '2026-02-01' }).where(eq(events.id, raceA));
    const { id } = (await createOrder()).json();
    paypal.approve(id);
    expect((await capture(id)).statusCode).toBe(200);
    const [line] = await t.app.ctx.db.select().from(paymentLines).where(eq(paymentLines.eventId, raceA));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/my-entries/lines/${line?.id}/cancel/`,
      headers: payer.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('a refund whose answer was lost is sent again with the same PayPal-Request-Id, and refunds once', async () => {
    paypal.failNextRefund();
    await cancelledLine();
    const [failed] = await t.app.ctx.db.select().from(refunds);
    expect([failed?.status, failed?.attempts]).toEqual(['failed', 1]);
    t.clock.advance(61_000);
    await sendRequestedRefunds(t.app.ctx, t.app.log);
    const [done] = await t.app.ctx.db.select().from(refunds);
    expect(done?.status).toBe('succeeded');
    const refundCalls = paypal.requestIds.filter((r) => r.includes('/refund '));
    expect(refundCalls).toEqual([
      `/v2/payments/captures/${paypal.captures[0]}/refund ${done?.idempotencyKey}`,
      `/v2/payments/captures/${paypal.captures[0]}/refund ${done?.idempotencyKey}`,
    ]);
    expect(paypal.refunds).toEqual([expect.objectContaining({ amount: { currency_code: 'GBP', value: '25.00' } })]);
  });

  it('a PENDING refund is asked about by the payments job until PayPal completes it', async () => {
    paypal.refundStatus = 'PENDING';
    await cancelledLine();
    const [pending] = await t.app.ctx.db.select().from(refunds);
    expect([pending?.status, pending?.providerRefundId]).toEqual(['pending', paypal.refunds[0]?.id]);
    t.clock.advance(61_000);
    expect(await followPendingRefunds(t.app.ctx, t.app.log)).toBe(0); // still PENDING at PayPal
    const refund = paypal.refunds[0];
    if (refund) refund.status = 'COMPLETED';
    t.clock.advance(61_000);
    expect(await followPendingRefunds(t.app.ctx, t.app.log)).toBe(1);
    expect((await t.app.ctx.db.select().from(refunds))[0]?.status).toBe('succeeded');
  });
});

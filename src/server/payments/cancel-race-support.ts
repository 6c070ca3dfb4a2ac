/** Shared pieces of the cancelled-race tests (not a test file itself): two paying families and a
 * free entry on one race. */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bookings, cartItems, events, families, paymentLines, users } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer } from '../test/helper.ts';
import type { PaypalStandIn } from '../test/paypal-stand-in.ts';
import { type HoldApp, started, webhook } from './hold-support.ts';
import { type Booker, makeBookers } from './test-support.ts';

export interface Families {
  eventId: number;
  /** A parent who paid one card order for two children. */
  parent: Booker;
  amy: Booker;
  ben: Booker;
  card: { reference: string };
  amyLine: number;
  benLine: number;
  benBooking: number;
  /** A racer who paid for themself by wallet (PayPal). */
  wallet: Booker;
  walletBooking: number;
  /** A racer on a free entry. */
  free: Booker;
}

export async function refundsOn(t: HoldApp, on: boolean): Promise<void> {
  const root = await signedIn(t.app, 'super');
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/refund-settings/',
    headers: bearer(root.access),
    payload: { enabled: on },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Storm Slalom, Saturday 14 February 2026, £20, cancellable until 10 February with a £5 fee:
 * the Jones family's card order for Amy and Ben, a racer's PayPal order, and a free entry. */
export async function paidFamilies(t: HoldApp, paypal: PaypalStandIn): Promise<Families> {
  const eventId = await raceEventRow(t.app, {
    ...OPEN_WINDOW,
    name: 'Storm Slalom',
    pricePence: 2000,
    quantity: 10,
    cancelUntil: '2026-02-10',
    cancelUntilTime: '18:00',
    cancelFeePence: 500,
  });
  const [parent, amy, ben, wallet, free] = (await makeBookers(t.app, 5, [])) as [
    Booker,
    Booker,
    Booker,
    Booker,
    Booker,
  ];
  const [family] = await t.app.ctx.db.insert(families).values({}).returning({ id: families.id });
  await t.app.ctx.db
    .update(users)
    .set({ familyId: family?.id })
    .where(sql`${users.id} in (${parent.id}, ${amy.id}, ${ben.id})`);
  await t.app.ctx.db.insert(cartItems).values([
    { ownerId: parent.id, participantId: amy.id, eventId },
    { ownerId: parent.id, participantId: ben.id, eventId },
    { ownerId: wallet.id, participantId: wallet.id, eventId },
  ]);
  const card = await started(t, parent, '40.00');
  await t.stripe.confirm(card.reference);
  expect((await webhook(t, card.reference)).statusCode).toBe(200);

  const order = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/paypal/orders/',
    headers: wallet.headers,
    payload: { amount: '20.00' },
  });
  expect(order.statusCode, order.body).toBe(200);
  paypal.approve(order.json().id);
  const captured = await t.app.inject({
    method: 'POST',
    url: `/api/v1/payment/paypal/orders/${order.json().id}/capture/`,
    headers: wallet.headers,
  });
  expect(captured.statusCode, captured.body).toBe(200);

  await t.app.ctx.db
    .insert(bookings)
    .values({ eventId, userId: free.id, bookedById: free.id, source: 'FREE', amountPence: 0 });
  await t.app.ctx.db
    .update(events)
    .set({ booked: sql`${events.booked} + 1` })
    .where(eq(events.id, eventId));

  const lines = await t.app.ctx.db.select().from(paymentLines);
  const lineOf = (who: Booker) => lines.find((l) => l.participantId === who.id);
  return {
    eventId,
    parent,
    amy,
    ben,
    card,
    amyLine: lineOf(amy)?.id ?? 0,
    benLine: lineOf(ben)?.id ?? 0,
    benBooking: lineOf(ben)?.bookingId ?? 0,
    wallet,
    walletBooking: lineOf(wallet)?.bookingId ?? 0,
    free,
  };
}

export const cancelFor = (t: HoldApp, who: Booker, lineId: number) =>
  t.app.inject({ method: 'POST', url: `/api/v1/my-entries/lines/${lineId}/cancel/`, headers: who.headers });

export const removeWithRefund = (t: HoldApp, access: string, bookingId: number) =>
  t.app.inject({ method: 'POST', url: `/api/v1/bookings/${bookingId}/remove-with-refund/`, headers: bearer(access) });

/** In SQL: no payment's refunds add up to more than its provider took. */
export async function refundTotalsWithin(t: HoldApp): Promise<void> {
  const over = await t.app.ctx.db.execute(sql`
    select p.id, coalesce(p.paid_amount_pence, p.amount_pence) as taken, sum(r.amount_pence)::int as refunded
    from payments p join refunds r on r.payment_id = p.id
    group by p.id having sum(r.amount_pence) > coalesce(p.paid_amount_pence, p.amount_pence)`);
  expect((over as unknown as { rows: unknown[] }).rows).toEqual([]);
}

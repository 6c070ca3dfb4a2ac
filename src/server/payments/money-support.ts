/** The treasurer's season for the Money by race tests (not a test file itself): paid entries on
 * three races through the Stripe stand-in, and every way money goes back. */
import { eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { bookings, cartItems, type events, families, paymentLines, payments, users } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer } from '../test/helper.ts';
import { refundsOn } from './cancel-race-support.ts';
import { type HoldApp, MINUTE, paidAnyway, started, webhook } from './hold-support.ts';
import { sendRequestedRefunds } from './refund-job.ts';
import { type Booker, makeBookers } from './test-support.ts';

export const RACES = { slalom: 'Hemel Open Slalom', popular: 'Popular Race', queue: 'Queue Race' } as const;

const race = (t: HoldApp, values: Partial<typeof events.$inferInsert>) =>
  raceEventRow(t.app, { ...OPEN_WINDOW, pricePence: 2500, quantity: 6, ...values });

/** `who` pays `amount` for their cart with the Stripe stand-in's card; the payment's reference. */
async function pay(t: HoldApp, who: Booker, amount: string): Promise<string> {
  const { reference } = await started(t, who, amount);
  await t.stripe.confirm(reference);
  expect((await webhook(t, reference)).statusCode).toBe(200);
  return reference;
}

/** A payment written straight into the database, settled (another provider, another season). */
async function settledPayment(
  t: HoldApp,
  row: { userId: number; provider: 'paypal' | 'demo'; reference: string; eventId: number; pence: number; at: Date },
) {
  const [p] = await t.app.ctx.db
    .insert(payments)
    .values({
      userId: row.userId,
      provider: row.provider,
      reference: row.reference,
      amountPence: row.pence,
      status: 'succeeded',
      heldUntil: row.at,
      settledAt: row.at,
      createdAt: row.at,
    })
    .returning({ id: payments.id });
  await t.app.ctx.db.insert(paymentLines).values({
    paymentId: p?.id ?? 0,
    eventId: row.eventId,
    participantId: row.userId,
    pricePence: row.pence,
    state: 'booked',
  });
}

/**
 * Season 2026 (the clock starts on 15 January 2026), to the penny:
 * - Hemel Open Slalom (£25, £5 fee to cancel): a parent pays £50 for two children; cancels one
 *   (£20 back, £5 kept); an administrator removes the other with a refund (£25 back).
 * - a payment for the slalom whose provider took £24 instead of £25: refunded in full, not tied
 *   to a race.
 * - Popular Race (one place): two pay £25 each; the slower one's place was lost (£25 back).
 * - Queue Race (£15): three pay by card and one by PayPal; an administrator removes three with
 *   refunds: two refused by the provider (one then refunded by hand, one waits in the queue), one
 *   pending at the provider.
 * And one payment of £25 for the slalom on 31 December 2025, 23:30 London time: last season.
 */
export async function treasurersSeason(t: HoldApp) {
  const db = t.app.ctx.db;
  await refundsOn(t, true);
  const slalom = await race(t, {
    name: RACES.slalom,
    cancelUntil: '2026-02-01',
    cancelUntilTime: '18:00',
    cancelFeePence: 500,
  });
  const popular = await race(t, { name: RACES.popular, quantity: 1 });
  const queue = await race(t, { name: RACES.queue, pricePence: 1500 });
  const admin = await signedIn(t.app, 'admin');
  const removeWithRefund = async (userId: number, eventId: number) => {
    const [booking] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(sql`${bookings.userId} = ${userId} and ${bookings.eventId} = ${eventId}`);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bookings/${booking?.id}/remove-with-refund/`,
      headers: bearer(admin.access),
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  // the slalom: a family's cancellation with its fee, and an administrator's removal with refund
  const [parent, amy, ben] = (await makeBookers(t.app, 3, [])) as [Booker, Booker, Booker];
  const [family] = await db.insert(families).values({}).returning({ id: families.id });
  await db
    .update(users)
    .set({ familyId: family?.id })
    .where(inArray(users.id, [parent.id, amy.id, ben.id]));
  await db.insert(cartItems).values([
    { ownerId: parent.id, participantId: amy.id, eventId: slalom },
    { ownerId: parent.id, participantId: ben.id, eventId: slalom },
  ]);
  await pay(t, parent, '50.00');
  const [amyLine] = await db.select().from(paymentLines).where(eq(paymentLines.participantId, amy.id));
  const cancelled = await t.app.inject({
    method: 'POST',
    url: `/api/v1/my-entries/lines/${amyLine?.id}/cancel/`,
    headers: parent.headers,
  });
  expect(cancelled.json().refund).toBe('20.00');
  await removeWithRefund(ben.id, slalom);

  // an amount mismatch: refunded in full by the refund job
  const [odd] = (await makeBookers(t.app, 1, [slalom])) as [Booker];
  const mismatch = await started(t, odd, '25.00');
  paidAnyway(t, mismatch.reference, 2400);
  expect((await webhook(t, mismatch.reference)).statusCode).toBe(200);
  await sendRequestedRefunds(t.app.ctx, t.app.log);

  // the queue race: refused twice (one made by hand, one left waiting), one pending
  const [x, y, z, w] = (await makeBookers(t.app, 4, [queue])) as [Booker, Booker, Booker, Booker];
  for (const who of [x, y, z]) await pay(t, who, '15.00');
  await settledPayment(t, {
    userId: w.id,
    provider: 'paypal',
    reference: 'PAYPAL-ORDER-1',
    eventId: queue,
    pence: 1500,
    at: t.clock.now(),
  });
  t.stripe.refundStatus = 'failed';
  await removeWithRefund(x.id, queue);
  await removeWithRefund(y.id, queue);
  t.stripe.refundStatus = 'pending';
  await removeWithRefund(z.id, queue);
  t.stripe.refundStatus = 'succeeded';
  const waiting = (
    await t.app.inject({ method: 'GET', url: '/api/v1/admin/refunds/queue/', headers: bearer(admin.access) })
  ).json() as { id: number; payer: string }[];
  expect(waiting).toHaveLength(2);
  const byHand = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/refunds/${waiting.find((r) => r.payer === x.name)?.id}/refunded-by-hand/`,
    headers: bearer(admin.access),
  });
  expect(byHand.statusCode, byHand.body).toBe(200);

  // the popular race's last place: the slower payer's hold lapses and another family takes it
  const [late] = (await makeBookers(t.app, 1, [popular])) as [Booker];
  const slow = await started(t, late, '25.00');
  t.clock.advance(16 * MINUTE);
  const [quick] = (await makeBookers(t.app, 1, [popular])) as [Booker];
  await pay(t, quick, '25.00');
  await t.stripe.confirm(slow.reference);
  expect((await webhook(t, slow.reference)).statusCode).toBe(200);

  // last season's payment
  await settledPayment(t, {
    userId: parent.id,
    provider: 'demo',
    reference: 'demo_pay_last_season',
    eventId: slalom,
    pence: 2500,
    at: new Date('2025-12-31T23:30:00Z'),
  });
  return { slalom, popular, queue, parent };
}

/** Shared pieces of the data-rights API tests (not a test file itself): a family with an
 * entry, a payment, a refund, a message, a mail and results, arranged in the database. */
import { eq, sql } from 'drizzle-orm';
import type { App } from '../app.ts';
import {
  bookings,
  cartItems,
  contactMessages,
  events,
  families,
  linkRequests,
  mailOutbox,
  paymentLines,
  paymentLog,
  payments,
  profiles,
  refunds,
  users,
} from '../db/schema.ts';
import { calendarFeeds } from '../db/schema-events.ts';
import type { FixtureUser } from '../test/fixtures.ts';

let counter = 0;

export async function eventOn(app: App, date: string, name = 'Hemel Open Slalom'): Promise<number> {
  counter += 1;
  const [row] = await app.ctx.db
    .insert(events)
    .values({
      name,
      slug: `race-${counter}`,
      date,
      slopeName: 'Hemel Snow Centre',
      eventType: 'race',
      quantity: 10,
      pricePence: 2000,
    })
    .returning({ id: events.id });
  if (!row) throw new Error('no event');
  return row.id;
}

/** Names the person by, so a test can look for them anywhere. */
export async function rename(app: App, user: FixtureUser, first: string, last: string, email: string): Promise<void> {
  await app.ctx.db.update(users).set({ firstName: first, lastName: last, email }).where(eq(users.id, user.id));
}

export async function makeFamily(app: App, members: FixtureUser[]): Promise<number> {
  const [f] = await app.ctx.db.insert(families).values({}).returning({ id: families.id });
  if (!f) throw new Error('no family');
  await app.ctx.db
    .update(users)
    .set({ familyId: f.id })
    .where(sql`${users.id} in ${members.map((m) => m.id)}`);
  return f.id;
}

export async function giveRacerNumber(app: App, user: FixtureUser, racerId: number): Promise<void> {
  await app.ctx.db.update(profiles).set({ racerId, isRacerConfirmed: 'APPROVED' }).where(eq(profiles.userId, user.id));
}

/**
 * What a parent leaves behind after entering a child: the entry (booked and paid by the parent),
 * the payment with its line, a refund (status given) and a log line, a cart line, a link request,
 * a calendar feed, a contact message and a sent and an unsent mail to the parent's address.
 */
export async function parentTrail(
  app: App,
  parent: FixtureUser,
  child: FixtureUser,
  eventId: number,
  refundStatus: 'succeeded' | 'requested' = 'succeeded',
): Promise<{ paymentId: number }> {
  const db = app.ctx.db;
  const now = app.ctx.now();
  const [booking] = await db
    .insert(bookings)
    .values({
      eventId,
      userId: child.id,
      bookedById: parent.id,
      source: 'PAYMENT',
      paymentRef: `pi_${parent.id}`,
      amountPence: 2000,
    })
    .returning({ id: bookings.id });
  await db
    .update(events)
    .set({ booked: sql`${events.booked} + 1` })
    .where(eq(events.id, eventId));
  const [payment] = await db
    .insert(payments)
    .values({
      userId: parent.id,
      provider: 'stripe',
      reference: `pi_${parent.id}`,
      amountPence: 2000,
      status: 'succeeded',
      heldUntil: now,
      createdAt: now,
    })
    .returning({ id: payments.id });
  if (!payment || !booking) throw new Error('no payment');
  const [refund] = await db
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amountPence: 500,
      cause: 'requested',
      status: refundStatus,
      idempotencyKey: `refund-${payment.id}`,
      requestedBy: parent.id,
    })
    .returning({ id: refunds.id });
  await db.insert(paymentLines).values({
    paymentId: payment.id,
    eventId,
    participantId: child.id,
    pricePence: 2000,
    state: 'booked',
    bookingId: booking.id,
    refundId: refund?.id,
  });
  await db.insert(paymentLog).values({ paymentId: payment.id, state: 'booked', cause: 'user', actorId: parent.id });
  await db.insert(cartItems).values({ ownerId: parent.id, eventId, participantId: parent.id });
  await db.insert(linkRequests).values({ requesterId: parent.id, targetId: child.id });
  await db.insert(calendarFeeds).values({ userId: parent.id, tokenHash: `hash-${parent.id}` });
  const [me] = await db.select().from(users).where(eq(users.id, parent.id));
  if (!me) throw new Error('no parent');
  const { email, firstName, lastName } = me;
  await db.insert(contactMessages).values({ firstName, lastName, email, message: 'When is the race?' });
  await db.insert(mailOutbox).values([
    { template: 'receipt', recipient: email, subject: 'Your entry', status: 'sent', data: null },
    { template: 'reset', recipient: email, subject: 'Reset', status: 'pending', data: { name: firstName } },
  ]);
  return { paymentId: payment.id };
}

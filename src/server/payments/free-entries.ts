import { and, desc, eq } from 'drizzle-orm';
import { CANCEL_MSG, cancelRefusal } from '../../domain/payments/cancellation.ts';
import type { FreeEntry } from '../../domain/payments/records.ts';
import type { AppContext } from '../context.ts';
import { bookings, events, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { lockEvent, moveBooked } from '../places/guard.ts';
import { giveFreedPlaces } from '../places/waiting-list.ts';
import { dropPublicCacheSoon } from '../plugins/public-cache.ts';
import { refundsEnabled } from './cancel-entry.ts';

/**
 * Free entries in My Entries (issue 27): those the user booked at a free checkout, each with
 * whether it may be cancelled now, by the same rule as a paid entry (refunds through the site on,
 * the race's deadline ahead: domain/payments/cancellation.ts) with nothing to refund. A cancelled
 * free entry's place goes to the race's waiting list first.
 */
export async function myFreeEntries(ctx: AppContext, userId: number): Promise<FreeEntry[]> {
  const enabled = await refundsEnabled(ctx);
  const now = ctx.now();
  const rows = await ctx.db
    .select({ booking: bookings, event: events, first: users.firstName, last: users.lastName })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.bookedById, userId), eq(bookings.source, 'FREE')))
    .orderBy(desc(events.date), bookings.id);
  return rows.map((r) => ({
    id: r.booking.id,
    participant_name: `${r.first} ${r.last}`.trim(),
    product_name: r.event.name,
    product_event_date: r.event.date,
    can_cancel: !r.event.cancelledAt && cancelRefusal(enabled, r.event, now) === null,
    race_cancelled: r.event.cancelledAt !== null,
  }));
}

/** POST /my-entries/free/{id}/cancel/: the user cancels a free entry they booked. */
export async function cancelFreeEntry(
  ctx: AppContext,
  userId: number,
  bookingId: number,
): Promise<{ message: string }> {
  const enabled = await refundsEnabled(ctx);
  const now = ctx.now();
  const message = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ booking: bookings, first: users.firstName, last: users.lastName })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(and(eq(bookings.id, bookingId), eq(bookings.bookedById, userId), eq(bookings.source, 'FREE')));
    if (!found) throw AppError.notFound(CANCEL_MSG.notFound);
    const event = await lockEvent(tx, found.booking.eventId);
    if (!event) throw AppError.notFound(CANCEL_MSG.notFound);
    if (event.cancelledAt) throw new AppError('CONFLICT', CANCEL_MSG.raceCancelledFree);
    const refusal = cancelRefusal(enabled, event, now);
    if (refusal) throw new AppError('CONFLICT', refusal);
    const gone = await tx.delete(bookings).where(eq(bookings.id, bookingId)).returning({ id: bookings.id });
    // cancelled meanwhile by a second request
    if (gone.length === 0) throw AppError.notFound(CANCEL_MSG.notFound);
    await moveBooked(tx, event.id, -1);
    await giveFreedPlaces(tx, event.id, now);
    return CANCEL_MSG.cancelled(`${found.first} ${found.last}`.trim(), event.name, 0);
  });
  await dropPublicCacheSoon(ctx);
  return { message };
}

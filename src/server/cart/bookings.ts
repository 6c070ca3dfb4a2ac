import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BOOKING_MSG, personName } from '../../domain/cart/index.ts';
import { EVENT_MSG } from '../../domain/events/index.ts';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import type { BookingResult } from '../../domain/payments/records.ts';
import type { AppContext } from '../context.ts';
import { bookings, cartItems } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { windowRefusal } from '../events/service.ts';
import { bookPaidLines, refuseIfNothingBooked } from '../payments/paid-bookings.ts';
import { sendReceipt } from '../payments/receipt.ts';
import { familyParticipants } from '../people/participants.ts';
import { moveBooked, placeFree, withEventLocked } from '../places/guard.ts';
import { dropPublicCacheSoon } from '../plugins/public-cache.ts';

type Line = { product: number; participant: string };

/**
 * POST /bookings/ (doc 1 §7): books lines of the user's cart. Without a payment reference only
 * free lines are booked; a paid line is booked only against a payment the server confirmed with
 * the provider (decisions.md; payments/paid-bookings.ts). Each free line is booked in its own
 * transaction under the event's row lock: the place is taken only while one is free (booked and
 * held together below the quantity) and the window is open, and the cart line goes. A line
 * already booked (the same request twice, or twice at once) is not booked again. When nothing
 * could be booked the answer is 409 with the reasons.
 */
export async function bookLines(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
  lines: Line[],
  paymentReference?: string,
): Promise<BookingResult> {
  const unique = uniqueLines(lines);
  return refuseIfNothingBooked(
    paymentReference
      ? await bookPaidLines(ctx, log, userId, paymentReference, unique)
      : await bookFreeLines(ctx, log, userId, unique),
  );
}

function uniqueLines(lines: Line[]): Line[] {
  const seen = new Set<string>();
  return lines.filter((line) => {
    const key = `${line.product}:${line.participant.toLowerCase()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function bookFreeLines(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
  lines: Line[],
): Promise<BookingResult> {
  const result: BookingResult = { booked: [], errors: [] };
  for (const line of lines) {
    try {
      result.booked.push(await bookOne(ctx, userId, line));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.errors.push({ ...line, error: error.message });
    }
  }
  if (result.booked.length > 0) {
    await dropPublicCacheSoon(ctx);
    await sendReceipt(ctx, log, {
      bookingIds: result.booked.map((b) => b.id),
      userId,
      reference: `free booking ${result.booked.map((b) => b.id).join(', ')}`,
      provider: 'no payment',
      lines: result.booked.map((b) => ({
        eventId: b.product,
        event: b.product_name,
        participant: b.participant_name,
        amountPence: 0,
        booked: true,
      })),
    });
  }
  return result;
}

async function bookOne(ctx: AppContext, userId: number, line: Line): Promise<BookingResult['booked'][number]> {
  return withEventLocked(ctx, line.product, async (tx, event) => {
    if (!event) throw AppError.notFound(EVENT_MSG.eventNotFound);
    const person = (await familyParticipants(tx, userId, line.product)).find(
      (p) => p.username.toLowerCase() === line.participant.toLowerCase(),
    );
    if (!person) throw AppError.notFound(BOOKING_MSG.notInCart);
    const who = personName(person);
    const [inCart] = await tx
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(
        and(eq(cartItems.ownerId, userId), eq(cartItems.eventId, line.product), eq(cartItems.participantId, person.id)),
      );
    if (person.status === 'Booked') throw new AppError('CONFLICT', BOOKING_MSG.alreadyBooked(who));
    const refusal = windowRefusal(event, ctx.now());
    // a family whose place went, whatever step it was at (its line refused when added, or kept
    // after a payment that lost its place), reads that the race is full (issue 36)
    const full = refusal === null && !(await placeFree(tx, event, ctx.now()));
    if (full) throw new AppError('CONFLICT', PAYMENT_MSG.full(who, event.name));
    if (!inCart) throw AppError.notFound(BOOKING_MSG.notInCart);
    if (event.pricePence > 0) throw new AppError('CONFLICT', BOOKING_MSG.paidNeedsPayment);
    if (refusal) throw new AppError('CONFLICT', refusal);
    // the cart line may be older than a change of mind: only an approved racer is booked
    if (!person.isRacer || person.racerStatus !== 'APPROVED')
      throw new AppError('CONFLICT', BOOKING_MSG.cannotEnter(who));
    const [created] = await tx
      .insert(bookings)
      .values({ eventId: event.id, userId: person.id, bookedById: userId, source: 'FREE', createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ id: bookings.id });
    if (!created) throw new AppError('CONFLICT', BOOKING_MSG.alreadyBooked(who));
    await moveBooked(tx, event.id, 1);
    await tx.delete(cartItems).where(eq(cartItems.id, inCart.id));
    return {
      id: created.id,
      product: event.id,
      participant: person.username,
      participant_name: who,
      product_name: event.name,
    };
  });
}

import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { BOOKING_MSG } from '../../domain/cart/index.ts';
import { EVENT_MSG } from '../../domain/events/index.ts';
import { displayPrice } from '../../domain/money.ts';
import type { AppContext } from '../context.ts';
import { bookings, cartItems, events, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { bookingRefusal } from '../events/service.ts';
import { invalidatePublicCache } from '../plugins/public-cache.ts';
import { familyParticipants } from './participants.ts';

export const BookingResultSchema = z.object({
  booked: z.array(
    z.object({ id: z.number().int(), product: z.number().int(), participant: z.string(), product_name: z.string() }),
  ),
  errors: z.array(z.object({ product: z.number().int(), participant: z.string(), error: z.string() })),
});
export type BookingResult = z.infer<typeof BookingResultSchema>;

/**
 * POST /bookings/ (doc 1 §7): books lines of the user's cart. A free line is booked here; a paid
 * line only against a payment the server confirmed with the provider (decisions.md), which this
 * call alone never is, so it is refused. Each line is booked in its own transaction under the
 * event's row lock: the place is taken only while one is free and the window is open, the booking
 * and the place move together, and the cart line goes. A line already booked (the same request
 * twice, or twice at once) is not booked again.
 */
export async function bookLines(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
  lines: { product: number; participant: string }[],
): Promise<BookingResult> {
  const result: BookingResult = { booked: [], errors: [] };
  const seen = new Set<string>();
  for (const line of lines) {
    const key = `${line.product}:${line.participant.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    try {
      const booked = await bookOne(ctx, userId, line);
      result.booked.push(booked);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.errors.push({ ...line, error: error.message });
    }
  }
  if (result.booked.length > 0) {
    await invalidatePublicCache(ctx);
    await sendReceipt(ctx, log, userId, result);
  }
  return result;
}

async function bookOne(
  ctx: AppContext,
  userId: number,
  line: { product: number; participant: string },
): Promise<BookingResult['booked'][number]> {
  return ctx.db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, line.product)).for('update');
    if (!event) throw AppError.notFound(EVENT_MSG.eventNotFound);
    const person = (await familyParticipants(tx, userId, line.product)).find(
      (p) => p.username.toLowerCase() === line.participant.toLowerCase(),
    );
    if (!person) throw AppError.notFound(BOOKING_MSG.notInCart);
    const [inCart] = await tx
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(
        and(eq(cartItems.ownerId, userId), eq(cartItems.eventId, line.product), eq(cartItems.participantId, person.id)),
      );
    if (person.status === 'Booked') throw new AppError('CONFLICT', BOOKING_MSG.alreadyBooked(person.username));
    if (!inCart) throw AppError.notFound(BOOKING_MSG.notInCart);
    if (event.pricePence > 0) throw new AppError('CONFLICT', BOOKING_MSG.paidNeedsPayment);
    const refusal = bookingRefusal(event, ctx.now());
    if (refusal) throw new AppError('CONFLICT', refusal);
    // the cart line may be older than a change of mind: only an approved racer is booked
    if (!person.isRacer || person.racerStatus !== 'APPROVED')
      throw new AppError('CONFLICT', BOOKING_MSG.cannotEnter(person.username));
    const [created] = await tx
      .insert(bookings)
      .values({ eventId: event.id, userId: person.id, bookedById: userId, source: 'FREE', createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ id: bookings.id });
    if (!created) throw new AppError('CONFLICT', BOOKING_MSG.alreadyBooked(person.username));
    await tx
      .update(events)
      .set({ booked: sql`${events.booked} + 1` })
      .where(eq(events.id, event.id));
    await tx.delete(cartItems).where(eq(cartItems.id, inCart.id));
    return { id: created.id, product: event.id, participant: person.username, product_name: event.name };
  });
}

/** The confirmation e-mail of an order (issue 9): event, participant and amount per line. */
async function sendReceipt(ctx: AppContext, log: FastifyBaseLogger, userId: number, result: BookingResult) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user?.email) return;
  const lines = result.booked.map((b) => `- ${b.product_name}: ${b.participant} (${displayPrice(0)})`);
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: 'Your booking is confirmed',
      text: `Hello ${user.firstName},\n\nThese places are booked:\n${lines.join('\n')}\n\nTotal: ${displayPrice(0)}\nReference: free booking ${result.booked.map((b) => b.id).join(', ')}\n`,
    });
  } catch (error) {
    log.error({ userId, err: { message: String((error as Error)?.message ?? error) } }, 'booking receipt failed');
  }
}

import { and, eq, gt, inArray, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { CART_MSG, personName } from '../../domain/cart/index.ts';
import { EVENT_MSG } from '../../domain/events/index.ts';
import { formatPrice } from '../../domain/money.ts';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import type { AppContext } from '../context.ts';
import { cartItems, events, paymentLines, payments } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { bookingRefusal } from '../events/service.ts';
import { type CartRow, cartOf, selectCart } from '../payments/cart-lines.ts';
import { removeCartLines } from '../payments/release.ts';
import { familyParticipants, participantsByEvent } from '../people/participants.ts';
import { mediaUrl } from '../plugins/storage.ts';

/** A cart line (doc 1 §3 "Cart item"): one participant, named by username, for one event. */
export const CartItemSchema = z.object({
  id: z.number().int(),
  product: z.number().int(),
  participant: z.string(),
  participant_name: z.string(),
  product_name: z.string(),
  product_price: z.string(),
  product_image: z.string().nullable(),
  product_slope_name: z.string(),
  product_event_date: z.string(),
  quantity: z.literal(1),
  /** What happened to the line, when something did (issue 36; docs/decisions/0058): its race is
   * full, every place booked or held by other families ("{event} is full: there is no place left
   * for {participant}."). Null while a place may still be had. */
  note: z.string().nullable(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

function toCartItem(r: CartRow, note: string | null = null): CartItem {
  return {
    id: r.id,
    product: r.eventId,
    participant: r.username,
    participant_name: `${r.firstName} ${r.lastName}`.trim(),
    product_name: r.name,
    product_price: formatPrice(r.pricePence),
    product_image: mediaUrl(r.image),
    product_slope_name: r.slopeName,
    product_event_date: r.date,
    quantity: 1,
    note,
  };
}

/** GET /cart/: the user's cart, first added first; a line whose race is full says so. */
export async function listCart(ctx: AppContext, userId: number): Promise<CartItem[]> {
  const rows = await cartOf(ctx, userId);
  const full = await fullLines(ctx, userId, rows);
  return rows.map((r) => toCartItem(r, full.has(r.id) ? PAYMENT_MSG.full(personName(r), r.name) : null));
}

/**
 * The cart lines whose race is full for this family, as a payment start would find it: every
 * place booked or held, once lapsed holds are counted back, and none of the holds this line's own
 * (a family paying for the last place keeps it). Only when a line's event looks full by its
 * counts is anything more read: on the night entries open most carts cost nothing more.
 */
async function fullLines(ctx: AppContext, userId: number, rows: CartRow[]): Promise<Set<number>> {
  const looksFull = rows.filter((r) => r.booked + r.held >= r.quantity);
  if (looksFull.length === 0) return new Set();
  const now = ctx.now();
  const eventIds = [...new Set(looksFull.map((r) => r.eventId))];
  const held = await ctx.db
    .select({
      eventId: paymentLines.eventId,
      participantId: paymentLines.participantId,
      heldUntil: paymentLines.heldUntil,
      payer: payments.userId,
    })
    .from(paymentLines)
    .innerJoin(payments, eq(payments.id, paymentLines.paymentId))
    .where(
      and(
        inArray(paymentLines.eventId, eventIds),
        eq(paymentLines.state, 'held'),
        // lapsed holds (places that come back), and this user's own live ones
        lapsedOrMine(userId, now),
      ),
    );
  const lapsed = new Map<number, number>();
  const mine = new Set<string>();
  for (const h of held) {
    if (h.heldUntil !== null && h.heldUntil <= now) lapsed.set(h.eventId, (lapsed.get(h.eventId) ?? 0) + 1);
    else if (h.payer === userId) mine.add(`${h.eventId}:${h.participantId}`);
  }
  return new Set(
    looksFull
      .filter(
        (r) =>
          r.booked + r.held - (lapsed.get(r.eventId) ?? 0) >= r.quantity &&
          !mine.has(`${r.eventId}:${r.participantId}`),
      )
      .map((r) => r.id),
  );
}

function lapsedOrMine(userId: number, now: Date) {
  return or(lte(paymentLines.heldUntil, now), and(eq(payments.userId, userId), gt(paymentLines.heldUntil, now)));
}

/** GET /check-bookings/{productId}/: who of the family can be entered for the event, and why not. */
export async function checkBookings(ctx: AppContext, userId: number, eventId: number) {
  const [event] = await ctx.db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw AppError.notFound(EVENT_MSG.eventNotFound);
  const people = await familyParticipants(ctx.db, userId, eventId);
  return people.map((p) => ({
    // the spec's name is for display; the participant is named by username in every call
    name: `${p.firstName} ${p.lastName}`.trim() || p.username,
    username: p.username,
    firstName: p.firstName,
    lastName: p.lastName,
    status: p.status,
    isRacer: p.isRacer,
  }));
}

export interface BulkAddResult {
  added_items: CartItem[];
  already_in_cart: { product: number; participant: string; participant_name: string }[];
  errors: { product: number; participant: string; error: string }[];
}

/**
 * POST /cart/bulk-add/: each line is added when its event can be booked now (a race, open, not
 * cancelled, not full) and its participant is of the user's family and Available; a line already
 * in the cart is reported as such; anything else is an error naming the participant. A cart does
 * not hold places: starting a payment does.
 */
export async function bulkAdd(
  ctx: AppContext,
  userId: number,
  items: { product: number; participant: string }[],
): Promise<BulkAddResult> {
  const now = ctx.now();
  const result: BulkAddResult = { added_items: [], already_in_cart: [], errors: [] };
  const families = await participantsByEvent(
    ctx.db,
    userId,
    items.map((i) => i.product),
  );
  const seen = new Set<string>();
  for (const item of items) {
    const key = `${item.product}:${item.participant.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const fail = (error: string) => result.errors.push({ ...item, error });
    const [event] = await ctx.db.select().from(events).where(eq(events.id, item.product));
    if (!event) {
      fail(EVENT_MSG.eventNotFound);
      continue;
    }
    const person = families.get(item.product)?.find((p) => p.username.toLowerCase() === item.participant.toLowerCase());
    const refusal = bookingRefusal(event, now);
    if (refusal) {
      // a full race is named, with whom it has no place for (issue 36): the words of every step
      fail(
        refusal === EVENT_MSG.full
          ? PAYMENT_MSG.full(person ? personName(person) : item.participant, event.name)
          : refusal,
      );
      continue;
    }
    if (!person) {
      fail(CART_MSG.notFamily(item.participant));
      continue;
    }
    const who = personName(person);
    if (person.status === 'In Cart') {
      result.already_in_cart.push({ product: item.product, participant: person.username, participant_name: who });
      continue;
    }
    if (person.status === 'Booked') {
      fail(CART_MSG.alreadyBooked(who));
      continue;
    }
    if (person.status !== 'Available') {
      fail(CART_MSG.notAvailable(who, person.status));
      continue;
    }
    // the same line sent twice at once: the unique index keeps one, the other is "already in cart"
    const [inserted] = await ctx.db
      .insert(cartItems)
      .values({ ownerId: userId, eventId: item.product, participantId: person.id, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: cartItems.id });
    if (!inserted) {
      result.already_in_cart.push({ product: item.product, participant: person.username, participant_name: who });
      continue;
    }
    const [row] = await selectCart(ctx.db).where(eq(cartItems.id, inserted.id));
    if (row) result.added_items.push(toCartItem(row));
  }
  return result;
}

/** DELETE /cart/{id}/: only the user's own line (another's answers 404). A place a payment holds
 * for it is released at once and that payment cancelled (payments/release.ts). */
export async function removeCartItem(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
  id: number,
): Promise<void> {
  const removed = await removeCartLines(ctx, log, userId, { id });
  if (removed === 0) throw AppError.notFound(CART_MSG.itemNotFound);
}

/** POST /cart/clear/: empties the user's cart, releasing its held places as removeCartItem. */
export async function clearCart(ctx: AppContext, log: FastifyBaseLogger, userId: number): Promise<{ removed: number }> {
  return { removed: await removeCartLines(ctx, log, userId, 'all') };
}
